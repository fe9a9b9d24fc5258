package io.github.paimonspring.test.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.paimonspring.autoconfigure.PaimonCatalogCustomizer;
import io.github.paimonspring.autoconfigure.PaimonConnectionDetails;
import io.github.paimonspring.test.autoconfigure.AutoConfigureTestWarehouse.Replace;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.Ordered;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Gives one application context its temporary warehouse: creates the directory, points
 * {@code paimon.catalog.*} at it (below the properties the test sets itself, above the application's
 * configuration), registers the {@link TemporaryWarehouse} bean that removes the directory when the
 * context closes (after every other bean), and, for {@link Replace#ANY}, connection details that
 * override the warehouse of any other details.
 */
final class TestWarehouseContextCustomizer implements ContextCustomizer {

	static final String PROPERTY_SOURCE_NAME = "paimonTestWarehouse";

	static final String BEAN_NAME = "paimonTemporaryWarehouse";

	private static final Logger logger = LoggerFactory.getLogger(TestWarehouseContextCustomizer.class);

	private final Replace replace;

	TestWarehouseContextCustomizer(Replace replace) {
		this.replace = replace;
	}

	@Override
	public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration mergedConfig) {
		TemporaryWarehouse warehouse = TemporaryWarehouse.create();
		logger.info("Using the temporary Paimon warehouse {} ({})", warehouse.location(), this.replace);
		ConfigurableListableBeanFactory beanFactory = context.getBeanFactory();
		// registered before any other bean: destroyed after all of them, the catalog and the writers included
		beanFactory.registerSingleton(BEAN_NAME, warehouse);
		if (beanFactory instanceof DefaultSingletonBeanRegistry registry) {
			registry.registerDisposableBean(BEAN_NAME, warehouse::delete);
		}
		else {
			context.addApplicationListener((ContextClosedEvent event) -> warehouse.delete());
		}
		addPropertySource(context.getEnvironment().getPropertySources(), warehouse);
		beanFactory.registerSingleton("paimonTestWarehouseCatalogKey", new CatalogKey(warehouse));
		if (this.replace == Replace.ANY) {
			beanFactory.registerSingleton("paimonTestWarehouseConnectionDetails", new WarehouseDetails(warehouse));
		}
	}

	/** Above system properties, environment variables and config files; below what the test added. */
	private static void addPropertySource(MutablePropertySources sources, TemporaryWarehouse warehouse) {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("paimon.catalog.warehouse", warehouse.location());
		properties.put("paimon.catalog.metastore", "filesystem");
		MapPropertySource source = new MapPropertySource(PROPERTY_SOURCE_NAME, properties);
		if (sources.contains(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME)) {
			sources.addBefore(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME, source);
		}
		else {
			sources.addFirst(source);
		}
	}

	@Override
	public boolean equals(@Nullable Object other) {
		return other instanceof TestWarehouseContextCustomizer customizer && customizer.replace == this.replace;
	}

	@Override
	public int hashCode() {
		return this.replace.hashCode();
	}

	/**
	 * Gives a JDBC catalog on the temporary warehouse a catalog key of its own: the database may be
	 * shared (a container reused by several contexts), the warehouse is not.
	 */
	record CatalogKey(TemporaryWarehouse warehouse) implements PaimonCatalogCustomizer, Ordered {

		@Override
		public void customize(Map<String, String> options) {
			if ("jdbc".equalsIgnoreCase(options.get("metastore"))
					&& this.warehouse.location().equals(options.get("warehouse"))) {
				String key = options.getOrDefault("catalog-key", "jdbc");
				options.put("catalog-key", key + "-" + this.warehouse.path().getFileName());
			}
		}

		@Override
		public int getOrder() {
			return Ordered.LOWEST_PRECEDENCE;
		}

	}

	/** For {@link Replace#ANY}: applied after every other details bean, so its warehouse wins. */
	record WarehouseDetails(TemporaryWarehouse warehouse) implements PaimonConnectionDetails, Ordered {

		@Override
		public String getWarehouse() {
			return this.warehouse.location();
		}

		@Override
		public int getOrder() {
			return Ordered.LOWEST_PRECEDENCE;
		}

	}

}
