package io.github.paimonspring.autoconfigure;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * {@link PaimonConnectionDetails} backed by {@code paimon.catalog.*}: the connection details the
 * auto-configuration registers when the application defines none.
 */
final class PropertiesPaimonConnectionDetails implements PaimonConnectionDetails {

	private final PaimonProperties.Catalog catalog;

	PropertiesPaimonConnectionDetails(PaimonProperties.Catalog catalog) {
		this.catalog = catalog;
	}

	/** {@code paimon.catalog.warehouse}, else the {@code warehouse} catalog option. */
	@Override
	public @Nullable String getWarehouse() {
		String warehouse = this.catalog.getWarehouse();
		return (warehouse == null || warehouse.isBlank()) ? this.catalog.getOptions().get("warehouse") : warehouse;
	}

	@Override
	public String getMetastore() {
		return this.catalog.getMetastore();
	}

	@Override
	public Map<String, String> getCatalogOptions() {
		return this.catalog.getOptions();
	}

}
