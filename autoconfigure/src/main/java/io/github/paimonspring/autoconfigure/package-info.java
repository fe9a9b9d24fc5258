/**
 * Spring Boot auto-configuration for Apache Paimon.
 */
@NullMarked
package io.github.paimonspring.autoconfigure;

import org.jspecify.annotations.NullMarked;
