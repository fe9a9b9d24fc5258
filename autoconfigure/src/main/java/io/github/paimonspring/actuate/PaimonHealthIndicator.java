package io.github.paimonspring.actuate;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import io.github.paimonspring.cluster.Instances;
import io.github.paimonspring.ingest.Ingester;
import io.github.paimonspring.maintenance.MaintenanceRun;
import io.github.paimonspring.maintenance.MaintenanceScheduler;
import io.github.paimonspring.maintenance.TableState;
import org.apache.paimon.catalog.AbstractCatalog;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.DelegateCatalog;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.options.Options;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The {@code paimon} health indicator: UP when the catalog lists its databases and a probe file can
 * be created and deleted under the warehouse; DOWN with the failure otherwise. REST catalogs own
 * their storage, so their warehouse is not probed.
 * <p>
 * Details name the metastore, the warehouse kind ({@code local}, {@code s3}, {@code hdfs}, …) and the
 * number of databases; a remote warehouse also as a URI without user info, query or fragment. Local
 * paths are never shown, and failures name the warehouse as {@code <warehouse>}: health details
 * may be shown to more people than the server's file system.
 */
public class PaimonHealthIndicator extends AbstractHealthIndicator {

	private static final Logger logger = LoggerFactory.getLogger(PaimonHealthIndicator.class);

	private static final String PROBE_PREFIX = ".paimon-health-";

	private final Catalog catalog;

	private final @Nullable Ingester ingester;

	private final @Nullable MaintenanceScheduler maintenance;

	private final @Nullable Instances instances;

	private volatile @Nullable FileIO fileIO;

	/**
	 * Creates the indicator.
	 * @param catalog the catalog to check
	 */
	public PaimonHealthIndicator(Catalog catalog) {
		this(catalog, null);
	}

	/**
	 * Creates the indicator, with the detail {@code groupCommitFailures} (table → consecutive failed
	 * group commits) while a table's group commits keep failing.
	 * @param catalog the catalog to check
	 * @param ingester the group commits to report on, or {@code null}
	 */
	public PaimonHealthIndicator(Catalog catalog, @Nullable Ingester ingester) {
		this(catalog, ingester, null, null);
	}

	/**
	 * Creates the indicator, also with the detail {@code maintenance}: per maintained table its live
	 * files, pending postpone-bucket files and snapshots as the last run left them, when that run
	 * finished, and its error if it failed. A failing maintenance does not make the health DOWN: the
	 * tables stay writable and readable, only slower.
	 * @param catalog the catalog to check
	 * @param ingester the group commits to report on, or {@code null}
	 * Also DOWN, with the detail {@code fencedAt}, once this instance stopped committing because its
	 * lease in the shared state ran out (it must be restarted).
	 * @param maintenance the scheduled maintenance to report on, or {@code null}
	 * @param instances this instance's registration, or {@code null}
	 */
	public PaimonHealthIndicator(Catalog catalog, @Nullable Ingester ingester,
			@Nullable MaintenanceScheduler maintenance,
			@Nullable Instances instances) {
		super("Paimon health check failed");
		this.catalog = catalog;
		this.ingester = ingester;
		this.maintenance = maintenance;
		this.instances = instances;
	}

	/**
	 * Lists the databases and probes the warehouse; any failure makes the health DOWN.
	 */
	@Override
	protected void doHealthCheck(Health.Builder builder) throws Exception {
		Map<String, String> options = this.catalog.options();
		String warehouse = warehouse(options);
		if (this.ingester != null && !this.ingester.failingTables().isEmpty()) {
			builder.withDetail("groupCommitFailures", this.ingester.failingTables());
		}
		if (this.maintenance != null) {
			builder.withDetail("maintenance", maintenanceDetails(this.maintenance));
		}
		if (this.instances != null) {
			builder.withDetail("instance", this.instances.id());
			if (this.instances.fencedAt() != null) {
				builder.down().withDetail("fencedAt", this.instances.fencedAt().toString()).withDetail("error",
						"this instance's lease ran out before its heartbeat renewed it; it commits nothing until "
								+ "restarted");
				return;
			}
		}
		try {
			check(builder, options, warehouse);
		}
		catch (Exception ex) {
			logger.warn("Paimon health check failed", ex);
			builder.down().withDetail("error", ex.getClass().getName() + ": " + redact(ex.getMessage(), warehouse));
		}
	}

	private void check(Health.Builder builder, Map<String, String> options,
			@Nullable String warehouse) throws Exception {
		String metastore = options.getOrDefault("metastore", "filesystem");
		builder.withDetail("metastore", metastore);
		if (warehouse != null) {
			builder.withDetail("warehouseKind", warehouseKind(warehouse));
			String location = location(warehouse);
			if (location != null) {
				builder.withDetail("warehouse", location);
			}
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

	/**
	 * A remote warehouse as {@code scheme://host[:port]/path}, without user info, query or fragment;
	 * {@code null} for a local one or one that is not a URI.
	 */
	static @Nullable String location(String warehouse) {
		if ("local".equals(warehouseKind(warehouse))) {
			return null;
		}
		try {
			URI uri = new URI(warehouse);
			if (uri.getScheme() == null || uri.isOpaque()) {
				return warehouseKind(warehouse) + "://…";
			}
			// the authority without user info (bucket names need not be valid host names)
			String authority = (uri.getRawAuthority() != null) ? uri.getRawAuthority() : "";
			authority = authority.substring(authority.lastIndexOf('@') + 1);
			String path = (uri.getRawPath() != null) ? uri.getRawPath() : "";
			return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + authority + path;
		}
		catch (URISyntaxException ex) {
			return warehouseKind(warehouse) + "://…";
		}
	}

	/** A failure message with the warehouse (and paths below it) replaced by {@code <warehouse>}. */
	static String redact(@Nullable String message, @Nullable String warehouse) {
		if (message == null) {
			return "";
		}
		String result = message;
		if (warehouse != null && !warehouse.isBlank()) {
			String bare = warehouse.endsWith("/") ? warehouse.substring(0, warehouse.length() - 1) : warehouse;
			List<String> forms = new ArrayList<>(List.of(bare));
			if (bare.startsWith("file:")) {
				String path = bare.replaceFirst("^file:(//)?", "");
				forms.add(path);
			}
			else if (bare.startsWith("/")) {
				forms.add("file:" + bare);
				forms.add("file://" + bare);
			}
			forms.sort((a, b) -> Integer.compare(b.length(), a.length()));
			for (String form : forms) {
				result = result.replace(form, "<warehouse>");
			}
		}
		return result;
	}

	/** The storage kind of a warehouse: its URI scheme ({@code s3}, {@code hdfs}, …) or {@code local}. */
	static String warehouseKind(String warehouse) {
		int colon = warehouse.indexOf(':');
		if (colon <= 1 || warehouse.indexOf('/') < colon) {
			return "local";
		}
		String scheme = warehouse.substring(0, colon).toLowerCase(Locale.ROOT);
		return scheme.equals("file") ? "local" : scheme;
	}

	private @Nullable String warehouse(Map<String, String> options) {
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

	private static @Nullable AbstractCatalog unwrap(Catalog catalog) {
		Catalog current = catalog;
		while (current instanceof DelegateCatalog delegate) {
			current = delegate.wrapped();
		}
		return (current instanceof AbstractCatalog abstractCatalog) ? abstractCatalog : null;
	}

	private static Map<String, Map<String, Object>> maintenanceDetails(MaintenanceScheduler scheduler) {
		Map<String, Map<String, Object>> tables = new TreeMap<>();
		for (String table : scheduler.tables().keySet()) {
			Map<String, Object> detail = new LinkedHashMap<>();
			TableState state = scheduler.lastState(table);
			if (state != null) {
				detail.put("files", state.files());
				detail.put("postponeFiles", state.pendingPostponeFiles());
				detail.put("snapshots", state.snapshots());
			}
			List<MaintenanceRun> runs = scheduler.runs(table);
			if (!runs.isEmpty()) {
				MaintenanceRun last = runs.get(runs.size() - 1);
				detail.put("lastRun", last.finished().toString());
				if (last.error() != null) {
					detail.put("error", last.error());
				}
			}
			tables.put(table, detail);
		}
		return tables;
	}

}
