/**
 * Environment defaults applied before the application context starts, with the lowest precedence: the
 * levels of Paimon's and Hadoop's loggers, and springdoc tied to {@code paimon.admin.enabled}.
 * <p>
 * Internal: no type of this package is API (see {@code docs/architecture.md}); it may change in any release.
 */
@NullMarked
package io.github.paimonspring.autoconfigure.env;

import org.jspecify.annotations.NullMarked;
