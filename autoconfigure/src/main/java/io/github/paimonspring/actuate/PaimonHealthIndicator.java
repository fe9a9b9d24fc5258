package io.github.paimonspring.actuate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.apache.paimon.catalog.AbstractCatalog;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.DelegateCatalog;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.options.Options;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The {@code paimon} health indicator: UP when the catalog lists its databases and a probe file can
 * be created and deleted under the warehouse; DOWN with the failure otherwise. Details name the
 * metastore, the warehouse and the number of databases. REST catalogs own their storage, so their
 * warehouse is not probed.
 */
public class PaimonHealthIndicator extends AbstractHealthIndicator {

	private static final String PROBE_PREFIX = ".paimon-health-";

	private final Catalog catalog;

	private volatile FileIO fileIO;

	/**
	 * Creates the indicator.
	 * @param catalog the catalog to check
	 */
	public PaimonHealthIndicator(Catalog catalog) {
		super("Paimon health check failed");
		this.catalog = catalog;
	}

	/**
	 * Lists the databases and probes the warehouse; any failure makes the health DOWN.
	 */
	@Override
	protected void doHealthCheck(Health.Builder builder) throws Exception {
		Map<String, String> options = this.catalog.options();
		String metastore = options.getOrDefault("metastore", "filesystem");
		String warehouse = warehouse(options);
		builder.withDetail("metastore", metastore);
		if (warehouse != null) {
			builder.withDetail("warehouse", warehouse);
			builder.withDetail("warehouseKind", warehouseKind(warehouse));
		}
		List<String> databases = this.catalog.listDatabases();
		builder.withDetail("databases", databases.size());
		if ("rest".equalsIgnoreCase(metastore)) {
			builder.withDetail("warehouseWritable", "not checked (the REST catalog server owns the storage)");
		}
		else {
			if (warehouse == null || warehouse.isBlank()) {
				throw new IllegalStateException("The Paimon catalog has no 'warehouse' option to check");
			}
			probe(warehouse, options);
			builder.withDetail("warehouseWritable", true);
		}
		builder.up();
	}

	/** The storage kind of a warehouse: its URI scheme ({@code s3}, {@code hdfs}, …) or {@code local}. */
	static String warehouseKind(String warehouse) {
		int colon = warehouse.indexOf(':');
		if (colon <= 1 || warehouse.indexOf('/') < colon) {
			return "local";
		}
		String scheme = warehouse.substring(0, colon).toLowerCase(java.util.Locale.ROOT);
		return scheme.equals("file") ? "local" : scheme;
	}

	private String warehouse(Map<String, String> options) {
		AbstractCatalog abstractCatalog = unwrap(this.catalog);
		String warehouse = (abstractCatalog != null) ? abstractCatalog.warehouse() : null;
		return (warehouse != null) ? warehouse : options.get("warehouse");
	}

	/** Creates and deletes a small file directly under the warehouse. */
	private void probe(String warehouse, Map<String, String> options) throws IOException {
		Path probe = new Path(warehouse, PROBE_PREFIX + UUID.randomUUID());
		FileIO io;
		try {
			io = fileIO(warehouse, options);
		}
		catch (IOException | RuntimeException ex) {
			throw new IOException(
					"Cannot open a file system for the Paimon warehouse '" + warehouse + "': " + ex.getMessage(), ex);
		}
		try {
			try (PositionOutputStream out = io.newOutputStream(probe, true)) {
				out.write("paimon health probe".getBytes(StandardCharsets.UTF_8));
			}
			if (!io.delete(probe, false) && io.exists(probe)) {
				throw new IOException("the probe file " + probe + " could not be deleted");
			}
		}
		catch (IOException | RuntimeException ex) {
			io.deleteQuietly(probe);
			throw new IOException("The Paimon warehouse '" + warehouse + "' is not writable: " + ex.getMessage(), ex);
		}
	}

	private FileIO fileIO(String warehouse, Map<String, String> options) throws IOException {
		FileIO io = this.fileIO;
		if (io == null) {
			AbstractCatalog abstractCatalog = unwrap(this.catalog);
			io = (abstractCatalog != null) ? abstractCatalog.fileIO()
					: FileIO.get(new Path(warehouse), CatalogContext.create(Options.fromMap(options)));
			this.fileIO = io;
		}
		return io;
	}

	private static AbstractCatalog unwrap(Catalog catalog) {
		Catalog current = catalog;
		while (current instanceof DelegateCatalog delegate) {
			current = delegate.wrapped();
		}
		return (current instanceof AbstractCatalog abstractCatalog) ? abstractCatalog : null;
	}

}
