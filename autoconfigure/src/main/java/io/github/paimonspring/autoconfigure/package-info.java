/**
 * Spring Boot auto-configuration for Apache Paimon.
 */
package io.github.paimonspring.autoconfigure;
