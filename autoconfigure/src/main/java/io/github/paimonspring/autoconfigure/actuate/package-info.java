/**
 * The auto-configuration of the actuator support: the {@code paimon} endpoint, the health indicators and
 * the Micrometer metrics of writes, group commits, maintenance and Kafka pipelines.
 */
@NullMarked
package io.github.paimonspring.autoconfigure.actuate;

import org.jspecify.annotations.NullMarked;
