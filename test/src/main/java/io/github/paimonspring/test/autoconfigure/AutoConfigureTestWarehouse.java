package io.github.paimonspring.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Replaces the application's Paimon warehouse by a fresh temporary directory for the test's
 * application context, as {@code @AutoConfigureTestDatabase} replaces a {@code DataSource}; the
 * directory is removed when the context closes. Put it on a {@code @SpringBootTest} class;
 * {@link PaimonTest @PaimonTest} applies it already.
 *
 * <pre>{@code
 * @SpringBootTest
 * @AutoConfigureTestWarehouse
 * class OrderApplicationTests { ... }
 * }</pre>
 *
 * <p>
 * With the default {@link Replace#NON_TEST}, {@code paimon.catalog.warehouse} becomes the temporary
 * directory and {@code paimon.catalog.metastore} {@code filesystem}, over what the application's
 * configuration says ({@code application.yml}, environment variables, system properties); what the
 * test itself provides stays: properties of the test annotation, {@code @TestPropertySource},
 * {@code @DynamicPropertySource}, and Testcontainers {@code @ServiceConnection}s. So a MinIO
 * {@code @ServiceConnection} keeps its S3 warehouse, and a PostgreSQL {@code @ServiceConnection}
 * keeps its JDBC catalog, with its tables in the temporary warehouse. {@link Replace#ANY} puts the
 * warehouse in the temporary directory whatever provides one (the JDBC catalog of a PostgreSQL
 * container stays). A JDBC catalog on the temporary warehouse gets a {@code catalog-key} of its own,
 * so that contexts sharing one database do not see each other's tables.
 *
 * <p>
 * The {@link TemporaryWarehouse} bean tells where the directory is.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface AutoConfigureTestWarehouse {

	/**
	 * What the temporary warehouse replaces.
	 * @return what to replace
	 */
	Replace replace() default Replace.NON_TEST;

	/**
	 * What the temporary warehouse replaces.
	 */
	enum Replace {

		/**
		 * Replace the warehouse (and a metastore other than {@code filesystem}) the application's
		 * configuration sets, but not what the test provides: its own properties, a
		 * {@code @DynamicPropertySource}, or {@code PaimonConnectionDetails} such as a
		 * {@code @ServiceConnection} container's.
		 */
		NON_TEST,

		/**
		 * Use the temporary warehouse whatever provides one, {@code PaimonConnectionDetails}
		 * included; a metastore the test provides stays.
		 */
		ANY,

		/**
		 * Replace nothing: the configured warehouse is used (for example to turn the temporary
		 * warehouse of {@code @PaimonTest} off).
		 */
		NONE

	}

}
