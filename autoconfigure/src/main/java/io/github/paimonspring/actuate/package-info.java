/**
 * Operations support: the {@code paimon} actuator endpoint, the {@code paimon} health indicator and
 * Micrometer metrics of the admin API.
 */
@NullMarked
package io.github.paimonspring.actuate;

import org.jspecify.annotations.NullMarked;
