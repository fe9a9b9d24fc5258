/**
 * The auto-configuration of the actuator support: the {@code paimon} endpoint, the health indicators and
 * the Micrometer metrics of writes, group commits, maintenance and Kafka pipelines.
 * <p>
 * Internal: no type of this package is API (see {@code docs/architecture.md}); it may change in any release.
 */
@NullMarked
package io.github.paimonspring.autoconfigure.actuate;

import org.jspecify.annotations.NullMarked;
