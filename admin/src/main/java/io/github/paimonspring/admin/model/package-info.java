/**
 * The vocabulary all layers of the admin API share: the JSON bodies ({@code AdminModel}), refusals
 * that know their kind but not their HTTP status ({@code AdminException}), limits
 * ({@code AdminSettings}), the metrics sink ({@code AdminMetrics}), the argument checks and the
 * shortening of client text for logs.
 */
@NullMarked
package io.github.paimonspring.admin.model;

import org.jspecify.annotations.NullMarked;
