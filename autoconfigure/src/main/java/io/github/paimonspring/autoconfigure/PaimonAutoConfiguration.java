package io.github.paimonspring.autoconfigure;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.github.paimonspring.PaimonException;
import io.github.paimonspring.actuate.PaimonEndpointSection;
import io.github.paimonspring.catalog.CatalogCreation;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.cluster.ClusterMembership;
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
import org.apache.paimon.fs.FileIOLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.util.ClassUtils;

/**
 * Auto-configuration for Apache Paimon: a {@link Catalog} from {@code paimon.catalog.*}, a
 * {@code Table} bean per {@code paimon.tables.<name>}, the {@link PaimonTables} registry and the
 * {@link PaimonWriter} template, observed with the {@link ObservationRegistry} bean when there is one
 * (unless {@code paimon.write.observation-enabled=false}).
 *
 * @since 0.1.0
 */
@AutoConfiguration
@ConditionalOnClass({ Catalog.class, VectorSchemaRoot.class })
@EnableConfigurationProperties({ PaimonProperties.class, PaimonIngestProperties.class,
		PaimonMaintenanceProperties.class,
		PaimonClusterProperties.class })
@Import({ PaimonTableBeanRegistrar.class, PaimonClusterConfiguration.class, PaimonMaintenanceConfiguration.class })
public final class PaimonAutoConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(PaimonAutoConfiguration.class);

	static final String HADOOP_CONFIGURATION = "org.apache.hadoop.conf.Configuration";

	static final String LOCK_TYPE = "lock.type";

	static final String LOCK_ENABLED = "lock.enabled";

	/**
	 * The connection details of {@code paimon.catalog.*}, unless the application (or a
	 * {@code @ServiceConnection}) provides its own.
	 */
	@Bean
	@ConditionalOnMissingBean(PaimonConnectionDetails.class)
	PropertiesPaimonConnectionDetails paimonConnectionDetails(PaimonProperties properties) {
		return new PropertiesPaimonConnectionDetails(properties.getCatalog());
	}

	/**
	 * The catalog settings, resolved once from the properties and every connection details bean.
	 */
	@Bean
	PaimonCatalogSettings paimonCatalogSettings(PaimonProperties properties,
			ObjectProvider<PaimonConnectionDetails> connectionDetails, ObjectProvider<FileIOLoader> fileIOLoaders) {
		return PaimonCatalogSettings.resolve(properties.getCatalog(), connectionDetails.orderedStream().toList(),
				fileIOLoaders.orderedStream().toList());
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	Catalog paimonCatalog(PaimonCatalogSettings settings, ObjectProvider<PaimonCatalogCustomizer> customizers,
			ClusterMembership cluster) {
		ClassLoader classLoader = Thread.currentThread().getContextClassLoader();
		if (!ClassUtils.isPresent(HADOOP_CONFIGURATION, classLoader)) {
			throw new HadoopMissingException(HADOOP_CONFIGURATION, null);
		}
		Map<String, String> options = new LinkedHashMap<>(settings.options());
		SessionLocks locks = cluster.sessionLocks();
		if (locks != null && !options.containsKey(LOCK_TYPE)) {
			// commit locks that end with this instance, and that Paimon's JDBC lock (Flink, Spark) respects
			options.put(LOCK_TYPE, PostgresCommitLockFactory.IDENTIFIER);
			options.putIfAbsent(LOCK_ENABLED, "true");
			options.put(PostgresCommitLockFactory.SESSION_LOCKS_OPTION, locks.id());
		}
		customizers.orderedStream().forEach((customizer) -> customizer.customize(options));
		logger.info("Creating Paimon catalog (metastore={}, warehouse={})", options.get("metastore"),
				options.get("warehouse"));
		settings.checkWarehouseAccess(options);
		String metastore = String.valueOf(options.get("metastore"));
		if ("jdbc".equalsIgnoreCase(metastore) && options.get("uri") == null) {
			throw new CatalogDatabaseException("The JDBC catalog (paimon.catalog.metastore=jdbc) has no database: "
					+ "paimon.catalog.options.uri is not set");
		}
		try {
			return CatalogCreation.create(settings.catalogContext(options));
		}
		catch (NoClassDefFoundError ex) {
			String missing = ex.getMessage();
			if (missing != null && missing.contains("org/apache/hadoop")) {
				throw new HadoopMissingException(missing.replace('/', '.'), ex);
			}
			throw ex;
		}
		catch (PaimonException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			throw catalogFailure(metastore, options, ex);
		}
	}

	/**
	 * The start-up failure for a catalog Paimon could not create: the JDBC catalog's database, or the catalog.
	 */
	private static PaimonException catalogFailure(String metastore, Map<String, String> options,
			RuntimeException ex) {
		String uri = options.get("uri");
		if ("jdbc".equalsIgnoreCase(metastore) && uri != null && CatalogDatabaseException.isDatabaseFailure(ex)) {
			return new CatalogDatabaseException(uri, options.get("jdbc.user"), ex);
		}
		return new CatalogCreationException(metastore, String.valueOf(options.get("warehouse")), ex);
	}

	@Bean
	@ConditionalOnMissingBean
	PaimonTables paimonTables(Catalog catalog, PaimonProperties properties, ClusterMembership cluster) {
		// the files this instance writes carry its id, so that those a dead instance left can be removed;
		// it commits only while its lease holds
		Instances instances = cluster.instances();
		return PaimonTables.builder(catalog)
			.definitions(PaimonTableBeanRegistrar.definitions(properties.getTables(),
					properties.getWrite().getSchemaEvolution()))
			.writerId(instances.id())
			.fence(instances)
			.rowKindColumn(properties.getWrite().getRowKindColumn())
			.build();
	}

	@Bean
	@ConditionalOnMissingBean
	KeyClaims paimonKeyClaims(PaimonCatalogSettings settings, PaimonIngestProperties ingest,
			ClusterMembership cluster) {
		SessionLocks locks = cluster.sessionLocks();
		if (locks != null) {
			// claims that end with this instance's database session: at once when it dies
			return new SessionKeyClaims(locks);
		}
		if (settings.isJdbc()) {
			// instances that share a JDBC catalog share their idempotency key claims in its database
			return new JdbcKeyClaims(settings.jdbcUri(), settings.jdbcUser(), settings.jdbcPassword(),
					ingest.effectiveKeyClaimLease(), settings.catalogKey());
		}
		return new LocalKeyClaims();
	}

	@Bean
	@ConditionalOnMissingBean
	Ingester paimonIngester(PaimonIngestProperties ingest, PaimonProperties properties, KeyClaims claims,
			ObjectProvider<IngestListener> listeners) {
		Integer postponeDefault = properties.getWrite().getPostponeDefaultBuckets();
		// every listener bean, the Micrometer metrics among them
		return new Ingester(ingest.toSettings(), claims, IngestListener.composite(listeners.orderedStream().toList()),
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

	/**
	 * Warms the group commit's index up at start-up and commits what it has waiting at shutdown; a
	 * replaced {@code PaimonOperations} bean keeps its own group commit, if any.
	 */
	@Bean
	IngestLifecycle paimonIngestLifecycle(Ingester ingester, PaimonOperations operations, PaimonProperties properties) {
		return (operations instanceof PaimonWriter writer)
				? new IngestLifecycle(ingester, writer::warmUpIngest, List.copyOf(properties.getTables().keySet()))
				: new IngestLifecycle(ingester, (table) -> CompletableFuture.completedFuture(null), List.of());
	}

	/** Holds the readiness until the indexes of the configured tables were read (paimon.ingest.warm-up-timeout). */
	@Bean
	WarmReadiness paimonWarmReadiness(IngestLifecycle lifecycle, PaimonIngestProperties ingest) {
		return new WarmReadiness(lifecycle, ingest.getWarmUpTimeout());
	}

	/** The paimon endpoint's {@code readiness}: the time from the JVM's start to ready. */
	@Bean
	PaimonEndpointSection paimonReadinessEndpointSection(WarmReadiness readiness) {
		return new ReadinessEndpointSection(readiness);
	}

	/**
	 * Keeps the instance answering for paimon.ingest.shutdown-drain after its readiness turned on a signal: only a
	 * web application has a load balancer to drain (a batch application exits at once).
	 */
	@Bean
	@ConditionalOnWebApplication
	ShutdownDrain paimonShutdownDrain(ApplicationContext context, PaimonIngestProperties ingest) {
		return new ShutdownDrain(context, ingest.getShutdownDrain());
	}

	@Bean
	@ConditionalOnMissingBean(PaimonOperations.class)
	PaimonWriter paimonWriter(PaimonTables tables, PaimonProperties properties, Ingester ingester,
			ObjectProvider<ObservationRegistry> observationRegistry,
			ObjectProvider<PaimonWriterObservationConvention> observationConvention,
			ObjectProvider<SchemaChangeListener> schemaChangeListeners,
			ObjectProvider<TableWriteListener> writeListeners) {
		ArrowRuntimeCheck.verify();
		Path spill = properties.getWrite().getSpillDirectory();
		Integer parallelism = properties.getWrite().getParallelism();
		Integer postponeDefault = properties.getWrite().getPostponeDefaultBuckets();
		PaimonWriter.Builder writer = PaimonWriter.builder(tables)
			.spillDirectory(spill)
			.parallelism((parallelism != null) ? parallelism : PaimonWriter.defaultParallelism())
			.postponeDefaultBuckets((postponeDefault != null) ? postponeDefault : 0)
			.ingester(ingester)
			.columnarWrites(properties.getWrite().isColumnar())
			.schemaEvolution(new SchemaEvolution(tables, properties.getWrite().getSchemaEvolution(),
					SchemaChangeListener.composite(schemaChangeListeners.orderedStream().toList())))
			// the scheduled maintenance maintains every table written here (WrittenTables)
			.tableWriteListener(TableWriteListener.composite(writeListeners.orderedStream().toList()));
		if (properties.getWrite().isObservationEnabled()) {
			observationRegistry.ifUnique(writer::observationRegistry);
			observationConvention.ifUnique(writer::observationConvention);
		}
		return writer.build();
	}

}
