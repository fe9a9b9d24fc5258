/**
 * The Kafka pipelines' operations support: their meters
 * ({@link io.github.paimonspring.kafka.actuate.MicrometerKafkaPipelineListener}) and the {@code paimonKafka}
 * health indicator, each used only when its library is on the class path.
 */
@NullMarked
package io.github.paimonspring.kafka.actuate;

import org.jspecify.annotations.NullMarked;
