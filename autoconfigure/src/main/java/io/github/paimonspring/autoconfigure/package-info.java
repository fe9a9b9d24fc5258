/**
 * Spring Boot auto-configuration for Apache Paimon: {@code PaimonAutoConfiguration} with the cluster,
 * maintenance and ingest configuration it imports, the {@code paimon.*} properties classes, the
 * connection details and the catalog customizer. The admin API's and the actuator's auto-configuration,
 * the environment defaults and the failure analyzer are in sub-packages above this one.
 */
@NullMarked
package io.github.paimonspring.autoconfigure;

import org.jspecify.annotations.NullMarked;
