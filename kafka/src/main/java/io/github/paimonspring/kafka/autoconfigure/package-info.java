/**
 * The auto-configuration of the Kafka pipelines: active when spring-kafka is on the class path, Paimon
 * is configured and at least one {@code paimon.kafka.pipelines.<name>} is declared.
 */
@NullMarked
package io.github.paimonspring.kafka.autoconfigure;

import org.jspecify.annotations.NullMarked;
