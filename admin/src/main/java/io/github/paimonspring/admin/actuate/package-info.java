/**
 * The admin API's operations support with Micrometer: its writes, commits and aborts as meters
 * ({@link io.github.paimonspring.admin.actuate.MicrometerAdminMetrics}), used only when Micrometer is on the class
 * path.
 */
@NullMarked
package io.github.paimonspring.admin.actuate;

import org.jspecify.annotations.NullMarked;
