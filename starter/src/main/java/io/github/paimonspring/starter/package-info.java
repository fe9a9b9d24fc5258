/**
 * The starter has no code of its own: it is the one dependency an application adds, and it brings the
 * auto-configuration ({@code paimon-spring-boot-autoconfigure}), Apache Paimon ({@code paimon-bundle}), the
 * shaded Hadoop client Paimon needs and Apache Arrow. {@code PaimonOperations} in
 * {@code io.github.paimonspring} is where an application starts; the admin REST API
 * ({@code paimon-spring-boot-admin}), the Kafka pipelines ({@code paimon-spring-boot-kafka}) and the test
 * support ({@code paimon-spring-boot-test}) are artifacts of their own, at the version of the BOM
 * {@code paimon-spring-boot-dependencies}.
 */
package io.github.paimonspring.starter;
