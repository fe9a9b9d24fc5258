package io.github.paimonspring.autoconfigure;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.catalog.CatalogCreation;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.cluster.Instances;
import io.github.paimonspring.cluster.PostgresCommitLockFactory;
import io.github.paimonspring.cluster.SessionLocks;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.core.PaimonWriterObservationConvention;
import io.github.paimonspring.core.TableWriteListener;
import io.github.paimonspring.ingest.IngestListener;
import io.github.paimonspring.ingest.Ingester;
import io.github.paimonspring.ingest.JdbcKeyClaims;
import io.github.paimonspring.ingest.KeyClaims;
import io.github.paimonspring.ingest.LocalKeyClaims;
import io.github.paimonspring.ingest.SessionKeyClaims;
import io.github.paimonspring.write.SchemaChangeListener;
import io.github.paimonspring.write.schema.SchemaEvolution;
import io.micrometer.observation.ObservationRegistry;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.options.Options;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.util.ClassUtils;

/**
 * Auto-configuration for Apache Paimon: a {@link Catalog} from {@code paimon.catalog.*}, a
 * {@code Table} bean per {@code paimon.tables.<name>}, the {@link PaimonTables} registry and the
 * {@link PaimonWriter} template, observed with the {@link ObservationRegistry} bean when there is one
 * (unless {@code paimon.write.observation-enabled=false}).
 */
@AutoConfiguration
@ConditionalOnClass({ Catalog.class, VectorSchemaRoot.class })
@EnableConfigurationProperties({ PaimonProperties.class, PaimonIngestProperties.class, PaimonMaintenanceProperties.class,
		PaimonClusterProperties.class })
@Import({ PaimonTableBeanRegistrar.class, PaimonClusterConfiguration.class, PaimonMaintenanceConfiguration.class })
public final class PaimonAutoConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(PaimonAutoConfiguration.class);

	static final String LOCK_ACQUIRE_TIMEOUT = "lock-acquire-timeout";

	static final String DEFAULT_LOCK_ACQUIRE_TIMEOUT = "30 s";

	static final String LOCK_CHECK_MAX_SLEEP = "lock-check-max-sleep";

	static final String DEFAULT_LOCK_CHECK_MAX_SLEEP = "1 s";

	static final String HADOOP_CONFIGURATION = "org.apache.hadoop.conf.Configuration";

	static final String LOCK_TYPE = "lock.type";

	static final String LOCK_ENABLED = "lock.enabled";

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	Catalog paimonCatalog(PaimonProperties properties, ObjectProvider<PaimonConnectionDetails> connectionDetails,
			ObjectProvider<PaimonCatalogCustomizer> customizers, SessionLocksHolder sessionLocks) {
		ClassLoader classLoader = Thread.currentThread().getContextClassLoader();
		if (!ClassUtils.isPresent(HADOOP_CONFIGURATION, classLoader)) {
			throw new HadoopMissingException(HADOOP_CONFIGURATION, null);
		}
		Map<String, String> options = catalogOptions(properties.getCatalog(), connectionDetails.orderedStream().toList());
		SessionLocks locks = sessionLocks.locks();
		if (locks != null && !options.containsKey(LOCK_TYPE)) {
			// commit locks that end with this instance, and that Paimon's JDBC lock (Flink, Spark) respects
			options.put(LOCK_TYPE, PostgresCommitLockFactory.IDENTIFIER);
			options.putIfAbsent(LOCK_ENABLED, "true");
			options.put(PostgresCommitLockFactory.SESSION_LOCKS_OPTION, locks.id());
		}
		customizers.orderedStream().forEach((customizer) -> customizer.customize(options));
		logger.info("Creating Paimon catalog (metastore={}, warehouse={})", options.get("metastore"),
				options.get("warehouse"));
		try {
			return CatalogCreation.create(CatalogContext.create(Options.fromMap(options)));
		}
		catch (NoClassDefFoundError ex) {
			String missing = ex.getMessage();
			if (missing != null && missing.contains("org/apache/hadoop")) {
				throw new HadoopMissingException(missing.replace('/', '.'), ex);
			}
			throw ex;
		}
	}

	static Map<String, String> catalogOptions(PaimonProperties.Catalog catalog) {
		return catalogOptions(catalog, java.util.List.of());
	}

	static Map<String, String> catalogOptions(PaimonProperties.Catalog catalog,
			java.util.List<PaimonConnectionDetails> connectionDetails) {
		Map<String, String> options = new LinkedHashMap<>(catalog.getOptions());
		String warehouse = catalog.getWarehouse();
		if (warehouse == null || warehouse.isBlank()) {
			warehouse = options.get("warehouse");
		}
		String metastore = catalog.getMetastore();
		for (PaimonConnectionDetails details : connectionDetails) {
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
		return options;
	}

	/**
	 * The JDBC URL of a JDBC catalog on PostgreSQL, where claims and commit locks end with their session;
	 * {@code null} for other catalogs.
	 */
	static @Nullable String postgresUri(Map<String, String> options) {
		String uri = jdbcUri(options);
		return (uri != null && uri.startsWith("jdbc:postgresql:")) ? uri : null;
	}

	/** The JDBC URL of a JDBC catalog, whose database the instances then share; {@code null} for other catalogs. */
	static @Nullable String jdbcUri(Map<String, String> options) {
		String uri = options.get("uri");
		boolean jdbc = "jdbc".equalsIgnoreCase(options.get("metastore")) && uri != null && uri.startsWith("jdbc:");
		return jdbc ? uri : null;
	}

	@Bean
	@ConditionalOnMissingBean
	PaimonTables paimonTables(Catalog catalog, PaimonProperties properties, Instances instances) {
		// the files this instance writes carry its id, so that those a dead instance left can be removed;
		// it commits only while its lease holds
		PaimonTables tables = new PaimonTables(catalog, PaimonTableBeanRegistrar.definitions(properties.getTables(),
				properties.getWrite().getSchemaEvolution()), instances.id(), instances);
		tables.setRowKindColumn(properties.getWrite().getRowKindColumn());
		return tables;
	}

	@Bean
	@ConditionalOnMissingBean
	KeyClaims paimonKeyClaims(PaimonProperties properties, PaimonIngestProperties ingest,
			ObjectProvider<PaimonConnectionDetails> connectionDetails, SessionLocksHolder sessionLocks) {
		if (sessionLocks.locks() != null) {
			// claims that end with this instance's database session: at once when it dies
			return new SessionKeyClaims(sessionLocks.locks());
		}
		Map<String, String> options = catalogOptions(properties.getCatalog(), connectionDetails.orderedStream().toList());
		String uri = jdbcUri(options);
		if (ingest.getKeyClaimLease().compareTo(ingest.getCommitInterval().multipliedBy(2)) < 0) {
			throw new IllegalStateException("paimon.ingest.key-claim-lease (" + ingest.getKeyClaimLease()
					+ ") must be at least twice paimon.ingest.commit-interval (" + ingest.getCommitInterval()
					+ "): a claim must outlive the wait for the group commit");
		}
		if (uri != null) {
			// instances that share a JDBC catalog share their idempotency key claims in its database
			return new JdbcKeyClaims(uri, options.get("jdbc.user"), options.get("jdbc.password"),
					ingest.getKeyClaimLease(), options.getOrDefault("catalog-key", "jdbc"));
		}
		return new LocalKeyClaims();
	}

	@Bean
	@ConditionalOnMissingBean
	Ingester paimonIngester(PaimonIngestProperties ingest, PaimonProperties properties, KeyClaims claims,
			ObjectProvider<IngestListener> listener) {
		Integer postponeDefault = properties.getWrite().getPostponeDefaultBuckets();
		return new Ingester(ingest.toSettings(), claims, listener.getIfAvailable(() -> IngestListener.NONE),
				(postponeDefault != null) ? postponeDefault : 0);
	}

	/**
	 * The Arrow allocator applications build their batches with: a {@link RootAllocator} closed (and
	 * checked for leaked buffers) when the context closes.
	 */
	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	BufferAllocator paimonBufferAllocator() {
		ArrowRuntimeCheck.verify();
		return new RootAllocator();
	}

	@Bean
	IngestWarmUp paimonIngestWarmUp(PaimonOperations operations, PaimonProperties properties) {
		// a replaced PaimonOperations bean keeps its own group commit, if any
		return (operations instanceof PaimonWriter writer)
				? new IngestWarmUp(writer::warmUpIngest, List.copyOf(properties.getTables().keySet()))
				: new IngestWarmUp((table) -> {
				}, List.of());
	}

	@Bean
	IngestShutdown paimonIngestShutdown(Ingester ingester) {
		return new IngestShutdown(ingester);
	}

	@Bean
	@ConditionalOnMissingBean(PaimonOperations.class)
	PaimonWriter paimonWriter(PaimonTables tables, PaimonProperties properties, Ingester ingester,
			ObjectProvider<ObservationRegistry> observationRegistry,
			ObjectProvider<PaimonWriterObservationConvention> observationConvention,
			ObjectProvider<SchemaChangeListener> schemaChangeListener, ObjectProvider<TableWriteListener> writeListeners) {
		ArrowRuntimeCheck.verify();
		Path spill = properties.getWrite().getSpillDirectory();
		Integer parallelism = properties.getWrite().getParallelism();
		Integer postponeDefault = properties.getWrite().getPostponeDefaultBuckets();
		PaimonWriter writer = new PaimonWriter(tables, spill,
				(parallelism != null) ? parallelism : PaimonWriter.defaultParallelism(),
				(postponeDefault != null) ? postponeDefault : 0, ingester);
		writer.setColumnarWrites(properties.getWrite().isColumnar());
		writer.setSchemaEvolution(new SchemaEvolution(tables, properties.getWrite().getSchemaEvolution(),
				schemaChangeListener.getIfAvailable(() -> SchemaChangeListener.NONE)));
		// the scheduled maintenance maintains every table written here (WrittenTables)
		java.util.List<TableWriteListener> listeners = writeListeners.orderedStream().toList();
		if (!listeners.isEmpty()) {
			writer.setTableWriteListener((listeners.size() == 1) ? listeners.get(0)
					: (table) -> listeners.forEach((listener) -> listener.writing(table)));
		}
		if (properties.getWrite().isObservationEnabled()) {
			observationRegistry.ifUnique(writer::setObservationRegistry);
			observationConvention.ifUnique(writer::setObservationConvention);
		}
		return writer;
	}

}
