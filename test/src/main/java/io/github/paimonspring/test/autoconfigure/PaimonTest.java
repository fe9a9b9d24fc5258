package io.github.paimonspring.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.autoconfigure.OverrideAutoConfiguration;
import org.springframework.boot.test.context.PropertyMapping;
import org.springframework.boot.test.context.filter.annotation.TypeExcludeFilters;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.core.annotation.AliasFor;
import org.springframework.core.env.Environment;
import org.springframework.test.context.BootstrapWith;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * A test that starts only the Paimon part of an application: the Paimon auto-configuration (catalog,
 * {@code paimon.tables} beans, {@code PaimonOperations}, ingest, the Arrow allocator), on a fresh
 * temporary warehouse ({@link AutoConfigureTestWarehouse}) removed when the context closes, plus the
 * application's components the test names.
 *
 * <pre>{@code
 * @PaimonTest(OrderWriter.class)
 * class OrderWriterTests {
 *
 *     @Autowired OrderWriter writer;
 *     @Autowired @Qualifier("orders") Table orders;
 *
 *     @Test
 *     void writesOrders() {
 *         writer.save(List.of(new Order(1L, "alice")));
 *         assertThat(orders).containsExactlyInAnyOrderRows(row(1L, "alice"));
 *     }
 * }
 * }</pre>
 *
 * The application's configuration ({@code application.yml}, its {@code @SpringBootApplication}
 * class) is used as for {@code @SpringBootTest}, but component scanning finds only the components
 * named here and {@code PaimonCatalogCustomizer} beans; other beans can be added with
 * {@code @Import}. Scheduled maintenance is off unless {@link #maintenance()} turns it on; the admin
 * REST API, the actuator and web auto-configuration are not started.
 *
 * <p>
 * Tests that share a configuration share one application context and so one warehouse: assert on
 * keys a test wrote, or on the rows its write added
 * ({@code assertThat(orders).addedIn(result.snapshotId())}), or mark a test {@code @DirtiesContext}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@BootstrapWith(PaimonTestContextBootstrapper.class)
@ExtendWith(SpringExtension.class)
@OverrideAutoConfiguration(enabled = false)
@TypeExcludeFilters(PaimonTypeExcludeFilter.class)
@AutoConfigurePaimon
@AutoConfigureTestWarehouse
@ImportAutoConfiguration
public @interface PaimonTest {

	/**
	 * The application's components to start, found by component scanning (alias of
	 * {@link #components()}).
	 * @return the component classes
	 */
	@AliasFor("components")
	Class<?>[] value() default {};

	/**
	 * The application's components to start, found by component scanning: for example the service
	 * under test. A component outside the packages its {@code @SpringBootApplication} scans needs
	 * {@code @Import} instead.
	 * @return the component classes
	 */
	@AliasFor("value")
	Class<?>[] components() default {};

	/**
	 * Properties in form {@literal key=value} that should be added to the Spring {@link Environment}
	 * before the test runs.
	 * @return the properties to add
	 */
	String[] properties() default {};

	/**
	 * Whether the scheduled table maintenance runs ({@code paimon.maintenance.enabled}); off, so that
	 * no compaction or expiry changes snapshots under the test's assertions.
	 * @return whether maintenance runs
	 */
	@PropertyMapping("paimon.maintenance.enabled")
	boolean maintenance() default false;

	/**
	 * Determines if default filtering should be used with
	 * {@link SpringBootApplication @SpringBootApplication}. By default only the
	 * {@link #components()} and {@code PaimonCatalogCustomizer} beans are included.
	 * @return if default filters should be used
	 */
	boolean useDefaultFilters() default true;

	/**
	 * A set of include filters which can be used to add otherwise filtered beans to the application
	 * context.
	 * @return include filters to apply
	 */
	Filter[] includeFilters() default {};

	/**
	 * A set of exclude filters which can be used to filter beans that would otherwise be added to the
	 * application context.
	 * @return exclude filters to apply
	 */
	Filter[] excludeFilters() default {};

	/**
	 * Auto-configuration exclusions that should be applied for this test.
	 * @return auto-configuration exclusions to apply
	 */
	@AliasFor(annotation = ImportAutoConfiguration.class, attribute = "exclude")
	Class<?>[] excludeAutoConfiguration() default {};

}
