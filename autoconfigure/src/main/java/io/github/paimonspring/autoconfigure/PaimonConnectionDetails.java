package io.github.paimonspring.autoconfigure;

import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;

/**
 * Where the Paimon catalog lives: warehouse, metastore and catalog options. The auto-configuration
 * prefers these details over {@code paimon.catalog.*}; when several beans exist (for example an S3
 * warehouse from a MinIO container and a JDBC catalog from a PostgreSQL container) they are applied in
 * order, each overriding what it provides. Values a bean does not provide ({@code null}, or absent
 * options) come from the properties. Without such a bean the auto-configuration registers one backed by
 * {@code paimon.catalog.*}. The result is resolved once, into {@link PaimonCatalogSettings}.
 */
public interface PaimonConnectionDetails extends ConnectionDetails {

	/**
	 * Returns the warehouse root, such as {@code s3://bucket/warehouse}.
	 * @return the warehouse, or {@code null} when these details do not provide one
	 */
	default @Nullable String getWarehouse() {
		return null;
	}

	/**
	 * Returns the metastore type ({@code filesystem}, {@code jdbc}, {@code hive} or {@code rest}).
	 * @return the metastore, or {@code null} when these details do not provide one
	 */
	default @Nullable String getMetastore() {
		return null;
	}

	/**
	 * Returns catalog options, such as {@code uri}, {@code jdbc.user} or {@code s3.endpoint}.
	 * @return the options these details provide (may be empty)
	 */
	default Map<String, String> getCatalogOptions() {
		return Map.of();
	}

}
