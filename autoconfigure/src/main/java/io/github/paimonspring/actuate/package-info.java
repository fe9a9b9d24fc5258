/**
 * Operations support: the {@code paimon} actuator endpoint, the {@code paimon} health indicator and
 * Micrometer metrics of the admin API.
 */
package io.github.paimonspring.actuate;
