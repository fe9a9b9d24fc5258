/**
 * Environment defaults applied before the application context starts, with the lowest precedence: the
 * levels of Paimon's and Hadoop's loggers, and springdoc tied to {@code paimon.admin.enabled}.
 */
@NullMarked
package io.github.paimonspring.autoconfigure.env;

import org.jspecify.annotations.NullMarked;
