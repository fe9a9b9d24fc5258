package io.github.paimonspring.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * {@link ImportAutoConfiguration Auto-configuration imports} of a Paimon test: the Paimon
 * auto-configuration (catalog, tables, {@code PaimonOperations}, ingest, maintenance) and property
 * placeholders; not the admin REST API, the actuator or metrics. Most tests use
 * {@link PaimonTest @PaimonTest} rather than this annotation.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
public @interface AutoConfigurePaimon {

}
