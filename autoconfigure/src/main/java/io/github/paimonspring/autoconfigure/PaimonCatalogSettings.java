package io.github.paimonspring.autoconfigure;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.paimonspring.catalog.PreferredFileIOLoader;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.fs.FileIOLoader;
import org.apache.paimon.options.Options;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The catalog settings the auto-configuration resolved once, at start-up, from {@code paimon.catalog.*}
 * and the {@link PaimonConnectionDetails} beans: the Paimon catalog options (with {@code warehouse} and
 * {@code metastore} always set) and what follows from them — a JDBC catalog whose database the instances
 * share, and whether this is the embedded set-up. The catalog, the shared state, the idempotency key
 * claims and the scheduled maintenance are all built from this one object.
 */
public final class PaimonCatalogSettings {

	private static final Logger logger = LoggerFactory.getLogger(PaimonCatalogSettings.class);

	static final String LOCK_ACQUIRE_TIMEOUT = "lock-acquire-timeout";

	static final String DEFAULT_LOCK_ACQUIRE_TIMEOUT = "30 s";

	static final String LOCK_CHECK_MAX_SLEEP = "lock-check-max-sleep";

	static final String DEFAULT_LOCK_CHECK_MAX_SLEEP = "1 s";

	private final Map<String, String> options;

	private final @Nullable PreferredFileIOLoader fileIOLoader;

	private final Set<Map<String, String>> checkedOptions = ConcurrentHashMap.newKeySet();

	private PaimonCatalogSettings(Map<String, String> options, @Nullable PreferredFileIOLoader fileIOLoader) {
		this.options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
		this.fileIOLoader = fileIOLoader;
	}

	/**
	 * Resolves the settings: the properties first, then each connection details bean in order, each
	 * overriding what it provides.
	 * @param catalog {@code paimon.catalog.*}
	 * @param connectionDetails the connection details beans, in order
	 * @return the settings
	 */
	static PaimonCatalogSettings resolve(PaimonProperties.Catalog catalog,
			List<PaimonConnectionDetails> connectionDetails) {
		return resolve(catalog, connectionDetails, List.of());
	}

	/**
	 * Resolves the settings, with the application's {@link FileIOLoader} beans, which Paimon asks first for the
	 * schemes they serve (S3 through paimon-spring-boot-s3).
	 * @param catalog {@code paimon.catalog.*}
	 * @param connectionDetails the connection details beans, in order
	 * @param fileIOLoaders the FileIO loader beans
	 * @return the settings
	 */
	static PaimonCatalogSettings resolve(PaimonProperties.Catalog catalog,
			List<PaimonConnectionDetails> connectionDetails, List<FileIOLoader> fileIOLoaders) {
		PropertiesPaimonConnectionDetails properties = new PropertiesPaimonConnectionDetails(catalog);
		Map<String, String> options = new LinkedHashMap<>(properties.getCatalogOptions());
		String warehouse = properties.getWarehouse();
		String metastore = properties.getMetastore();
		for (PaimonConnectionDetails details : connectionDetails) {
			if (details instanceof PropertiesPaimonConnectionDetails) {
				continue; // the properties are the base already
			}
			options.putAll(details.getCatalogOptions());
			if (details.getWarehouse() != null) {
				warehouse = details.getWarehouse();
			}
			if (details.getMetastore() != null) {
				metastore = details.getMetastore();
			}
		}
		if (warehouse == null || warehouse.isBlank()) {
			warehouse = Path.of(System.getProperty("java.io.tmpdir"), "paimon-warehouse").toAbsolutePath().toString();
			logger.info("No paimon.catalog.warehouse set; using the embedded local warehouse at {}", warehouse);
		}
		options.put("warehouse", warehouse);
		options.put("metastore", (metastore == null || metastore.isBlank()) ? "filesystem" : metastore);
		if ("jdbc".equalsIgnoreCase(options.get("metastore"))) {
			// Paimon's JDBC commit lock expires after lock-acquire-timeout (default 8 minutes): the time
			// every commit to a table freezes after its holder died. A commit holds it for well under a
			// second, so the starter bounds that to 30 s, and polls at most every second.
			options.putIfAbsent(LOCK_ACQUIRE_TIMEOUT, DEFAULT_LOCK_ACQUIRE_TIMEOUT);
			options.putIfAbsent(LOCK_CHECK_MAX_SLEEP, DEFAULT_LOCK_CHECK_MAX_SLEEP);
		}
		return new PaimonCatalogSettings(options, PreferredFileIOLoader.of(fileIOLoaders));
	}

	/**
	 * Returns the Paimon catalog options, before any {@link PaimonCatalogCustomizer} ran.
	 * @return the options (unmodifiable), with {@code warehouse} and {@code metastore}
	 */
	public Map<String, String> options() {
		return this.options;
	}

	/**
	 * A Paimon catalog context for options (these settings' options, possibly customized), whose preferred
	 * FileIO loader serves the schemes of the application's {@link FileIOLoader} beans.
	 * @param catalogOptions the options
	 * @return the context
	 */
	public CatalogContext catalogContext(Map<String, String> catalogOptions) {
		return (this.fileIOLoader != null)
				? CatalogContext.create(Options.fromMap(catalogOptions), this.fileIOLoader, null)
				: CatalogContext.create(Options.fromMap(catalogOptions));
	}

	/**
	 * Checks that the warehouse can be used with the given catalog options (once for each distinct set of
	 * options): a local warehouse's directory is created if missing and must be writable; a warehouse that one
	 * of the application's {@link FileIOLoader} beans serves (an {@code s3://} warehouse with
	 * paimon-spring-boot-s3) must answer, so that a wrong endpoint, bucket or credentials fail the start with the
	 * file system's own message.
	 * @param catalogOptions the options the warehouse is opened with (these settings' options, possibly
	 * customized)
	 * @throws WarehouseAccessException when the warehouse cannot be used
	 */
	public void checkWarehouseAccess(Map<String, String> catalogOptions) {
		if (this.checkedOptions.contains(catalogOptions)) {
			return;
		}
		PreferredFileIOLoader loader = this.fileIOLoader;
		if (isLocal(warehouse())) {
			LocalWarehouse.check(warehouse());
		}
		else if (loader != null) {
			try {
				loader.checkAccess(warehouse(), catalogContext(catalogOptions));
			}
			catch (IOException ex) {
				throw new WarehouseAccessException(warehouse(), String.valueOf(ex.getMessage()), ex);
			}
		}
		this.checkedOptions.add(Map.copyOf(catalogOptions));
	}

	/**
	 * The preferred FileIO loader, when the application has {@link FileIOLoader} beans.
	 * @return the loader, or {@code null}
	 */
	public @Nullable PreferredFileIOLoader fileIOLoader() {
		return this.fileIOLoader;
	}

	/**
	 * Returns the warehouse root.
	 * @return for example {@code s3://bucket/warehouse} or an absolute local path
	 */
	public String warehouse() {
		return Objects.requireNonNull(this.options.get("warehouse"), "the resolved catalog options have a warehouse");
	}

	/**
	 * Returns the metastore type.
	 * @return {@code filesystem}, {@code jdbc}, {@code hive} or {@code rest}
	 */
	public String metastore() {
		return Objects.requireNonNull(this.options.get("metastore"), "the resolved catalog options have a metastore");
	}

	/**
	 * Returns whether the catalog is a JDBC catalog, whose database the instances then share (their
	 * state, idempotency key claims and maintenance claims).
	 * @return whether the metastore is {@code jdbc} with a {@code jdbc:} uri
	 */
	public boolean isJdbc() {
		String uri = this.options.get("uri");
		return "jdbc".equalsIgnoreCase(metastore()) && uri != null && uri.startsWith("jdbc:");
	}

	/**
	 * Returns whether the catalog is a JDBC catalog on PostgreSQL, where claims and commit locks end
	 * with the database session of their instance.
	 * @return whether the JDBC uri is a PostgreSQL one
	 */
	public boolean isPostgres() {
		return isJdbc() && jdbcUri().startsWith("jdbc:postgresql:");
	}

	/**
	 * Returns whether this is the embedded set-up: a filesystem catalog on a local warehouse, which no
	 * other engine maintains.
	 * @return whether the metastore is {@code filesystem} and the warehouse a local path or
	 * {@code file:} URI
	 */
	public boolean isEmbedded() {
		return "filesystem".equalsIgnoreCase(metastore()) && isLocal(warehouse());
	}

	/**
	 * Returns the JDBC uri of the catalog's database.
	 * @return the {@code uri} option
	 * @throws IllegalStateException when the catalog is no JDBC catalog
	 */
	public String jdbcUri() {
		String uri = this.options.get("uri");
		if (uri == null) {
			throw new IllegalStateException("The Paimon catalog (metastore " + metastore()
					+ ") has no JDBC uri: set paimon.catalog.options.uri");
		}
		return uri;
	}

	/**
	 * Returns the user of the catalog's database.
	 * @return the {@code jdbc.user} option, or {@code null}
	 */
	public @Nullable String jdbcUser() {
		return this.options.get("jdbc.user");
	}

	/**
	 * Returns the password of the catalog's database.
	 * @return the {@code jdbc.password} option, or {@code null}
	 */
	public @Nullable String jdbcPassword() {
		return this.options.get("jdbc.password");
	}

	/**
	 * Returns the name of the catalog inside a shared JDBC metastore.
	 * @return the {@code catalog-key} option, {@code jdbc} by default (Paimon's default)
	 */
	public String catalogKey() {
		return this.options.getOrDefault("catalog-key", "jdbc");
	}

	static boolean isLocal(String warehouse) {
		if (warehouse.isBlank()) {
			return true;
		}
		try {
			String scheme = URI.create(warehouse.replace('\\', '/')).getScheme();
			return scheme == null || scheme.equalsIgnoreCase("file") || scheme.length() == 1; // C:/...
		}
		catch (IllegalArgumentException ex) {
			return true; // a plain local path with characters a URI does not allow
		}
	}

	@Override
	public String toString() {
		return "PaimonCatalogSettings[metastore=" + metastore() + ", warehouse=" + warehouse() + "]";
	}

}
