package io.github.paimonspring.autoconfigure;

import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.cluster.ClusterMembership;
import io.github.paimonspring.ingest.JdbcKeyClaims;
import io.github.paimonspring.ingest.KeyClaims;
import io.github.paimonspring.ingest.LocalKeyClaims;
import io.github.paimonspring.maintenance.MaintenanceListener;
import io.github.paimonspring.maintenance.MaintenancePolicy;
import io.github.paimonspring.maintenance.MaintenanceScheduler;
import io.github.paimonspring.maintenance.MaintenanceScope;
import io.github.paimonspring.maintenance.OrphanFiles;
import io.github.paimonspring.maintenance.PaimonMaintenance;
import io.github.paimonspring.maintenance.PendingFiles;
import io.github.paimonspring.maintenance.TableMaintenance;
import io.github.paimonspring.maintenance.WrittenTables;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The table maintenance: its operations, the orphan-file cleanup, the scheduler and the record of the
 * tables the service writes, which the scheduler maintains too.
 */
@Configuration(proxyBeanMethods = false)
class PaimonMaintenanceConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(PaimonMaintenanceConfiguration.class);

	/** The default of {@code paimon.admin.max-lifetime} (the admin module's), one hour. */
	static final Duration ADMIN_MAX_LIFETIME = Duration.ofHours(1);

	/** How much longer than a staged transaction's lifetime an orphan file must be before it is removed. */
	static final Duration ORPHAN_MARGIN = Duration.ofHours(1);

	@Bean
	@ConditionalOnMissingBean(PaimonMaintenance.class)
	TableMaintenance paimonTableMaintenance(PaimonTables tables, PaimonProperties properties,
			PaimonMaintenanceProperties settings, ClusterMembership cluster, ObjectProvider<PendingFiles> pending,
			Environment environment) {
		Integer postponeDefault = properties.getWrite().getPostponeDefaultBuckets();
		return new TableMaintenance(tables, (postponeDefault != null) ? postponeDefault : 0,
				orphanFiles(tables, cluster, settings, pending, environment));
	}

	/**
	 * The tables the service writes, for the scheduled maintenance: none when it does not run.
	 */
	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	@ConditionalOnBooleanProperty(name = "paimon.maintenance.enabled", matchIfMissing = true)
	@Nullable WrittenTables paimonWrittenTables(PaimonMaintenanceProperties settings, PaimonCatalogSettings catalog,
			ClusterMembership cluster) {
		return scheduled(settings, catalog) ? new WrittenTables(cluster.store(), cluster.instances().id()) : null;
	}

	/**
	 * The scheduled maintenance: as {@code paimon.maintenance.enabled} says and, without it, decided
	 * here from the resolved catalog settings (the {@link PaimonConnectionDetails} beans included) — on
	 * for the embedded set-up only. When it does not run there is no scheduler: injection points and
	 * {@link ObjectProvider}s of it get none.
	 */
	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBooleanProperty(name = "paimon.maintenance.enabled", matchIfMissing = true)
	@Nullable MaintenanceScheduler paimonMaintenanceScheduler(PaimonMaintenance maintenance, PaimonTables tables,
			PaimonMaintenanceProperties settings, PaimonCatalogSettings catalog, ClusterMembership cluster,
			ObjectProvider<PendingFiles> pending, ObjectProvider<MaintenanceListener> listeners,
			ObjectProvider<WrittenTables> written, Environment environment) {
		if (!scheduled(settings, catalog)) {
			logger.info("Scheduled maintenance is off: not the embedded set-up (metastore {}, warehouse {}); "
					+ "set paimon.maintenance.enabled=true to maintain the tables from here", catalog.metastore(),
					catalog.warehouse());
			return null;
		}
		rejectUnbracketedIdentifiers(environment);
		KeyClaims claims = catalog.isJdbc()
				? new JdbcKeyClaims(catalog.jdbcUri(), catalog.jdbcUser(), catalog.jdbcPassword(),
						settings.getLockLease(), catalog.catalogKey())
				: new LocalKeyClaims();
		return new MaintenanceScheduler(maintenance, orphanFiles(tables, cluster, settings, pending, environment),
				scope(tables, settings, written.getIfAvailable()), claims, settings.getInterval(),
				settings.getOrphanFilesInterval(), MaintenanceListener.composite(listeners.orderedStream().toList()));
	}

	/**
	 * Whether the maintenance runs on a schedule: as {@code paimon.maintenance.enabled} says, and without
	 * it for the embedded set-up — a filesystem catalog on a local warehouse, which no other engine
	 * maintains.
	 */
	static boolean scheduled(PaimonMaintenanceProperties settings, PaimonCatalogSettings catalog) {
		Boolean enabled = settings.getEnabled();
		return (enabled != null) ? enabled : catalog.isEmbedded();
	}

	/**
	 * The orphan-file cleanup, which keeps the files every {@link PendingFiles} bean names (those of the
	 * admin API's prepared commits).
	 */
	static OrphanFiles orphanFiles(PaimonTables tables, ClusterMembership cluster, PaimonMaintenanceProperties settings,
			ObjectProvider<PendingFiles> pending, Environment environment) {
		Duration lifetime = Binder.get(environment).bind("paimon.admin.max-lifetime", Duration.class)
			.orElse(ADMIN_MAX_LIFETIME);
		if (settings.getOrphanFilesOlderThan().compareTo(lifetime.plus(ORPHAN_MARGIN)) < 0) {
			throw new IllegalStateException("paimon.maintenance.orphan-files-older-than ("
					+ settings.getOrphanFilesOlderThan() + ") must exceed paimon.admin.max-lifetime (" + lifetime
					+ ") by at least " + ORPHAN_MARGIN + ": younger files may belong to a live staged transaction");
		}
		return new OrphanFiles(tables, cluster.instances(), settings.getOrphanFilesOlderThan(), (table) -> {
			Set<String> files = new HashSet<>();
			pending.orderedStream().forEach((source) -> files.addAll(source.pendingFiles(table)));
			return files;
		});
	}

	/**
	 * The scope of the scheduled maintenance: every configured table with its policy, the policies of
	 * undeclared tables by identifier, and the exclusions. A per-table key must be a configured name or
	 * an identifier ({@code database.table}); each exclusion a {@code database.table} pattern.
	 */
	static MaintenanceScope scope(PaimonTables tables, PaimonMaintenanceProperties settings,
			@Nullable WrittenTables written) {
		Map<String, String> declared = new LinkedHashMap<>(); // identifier -> name
		tables.definitions().keySet().forEach((name) -> declared.put(tables.identifier(name).getFullName(), name));
		Map<String, PaimonMaintenanceProperties.TableSettings> byName = new LinkedHashMap<>();
		Map<String, MaintenancePolicy> overrides = new LinkedHashMap<>();
		settings.getTables().forEach((key, table) -> {
			String name = tables.definitions().containsKey(key) ? key : declared.get(key);
			if (name == null && !isIdentifier(key)) {
				throw new IllegalStateException("paimon.maintenance.tables." + key + " names no table of paimon.tables "
						+ tables.definitions().keySet() + " and is no database.table identifier; name a table that "
						+ "paimon.tables does not declare by its identifier in brackets, for example "
						+ "paimon.maintenance.tables[" + key + ".events].min-files");
			}
			if (name == null) {
				overrides.put(key, policy(table, settings));
			}
			else if (byName.putIfAbsent(name, table) != null) {
				throw new IllegalStateException("paimon.maintenance.tables names table '" + name
						+ "' twice (by its name and by its identifier); keep one");
			}
		});
		Map<String, MaintenancePolicy> policies = new LinkedHashMap<>();
		declared.forEach((identifier, name) -> policies.put(identifier,
				policy(byName.getOrDefault(name, new PaimonMaintenanceProperties.TableSettings()), settings)));
		List<String> exclude = settings.getExclude();
		for (int i = 0; i < exclude.size(); i++) {
			try {
				MaintenanceScope.pattern(exclude.get(i));
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalStateException("paimon.maintenance.exclude[" + i + "]: " + ex.getMessage());
			}
		}
		return new MaintenanceScope(policies, overrides, new MaintenancePolicy(true, settings.getMinFiles()), exclude,
				written);
	}

	/**
	 * Spring binds {@code paimon.maintenance.tables.raw.events.min-files} to nothing (a key {@code raw}
	 * without a property {@code events}): refuse it, naming the bracket form.
	 */
	static void rejectUnbracketedIdentifiers(Environment environment) {
		Map<String, Object> tables = Binder.get(environment)
			.bind("paimon.maintenance.tables", Bindable.mapOf(String.class, Object.class))
			.orElse(Map.of());
		tables.forEach((key, value) -> {
			if (value instanceof Map<?, ?> fields) {
				for (Object field : fields.keySet()) {
					String normalized = String.valueOf(field).replace("-", "").replace("_",
							"").toLowerCase(Locale.ROOT);
					if (!normalized.equals("enabled") && !normalized.equals("minfiles")) {
						throw new IllegalStateException("paimon.maintenance.tables." + key + "." + field
								+ ".* is no per-table setting (enabled, min-files); name a table by its identifier "
								+ "in brackets: paimon.maintenance.tables[" + key + "." + field + "].min-files");
					}
				}
			}
		});
	}

	private static boolean isIdentifier(String key) {
		int dot = key.indexOf('.');
		return dot > 0 && dot < key.length() - 1;
	}

	private static MaintenancePolicy policy(PaimonMaintenanceProperties.TableSettings table,
			PaimonMaintenanceProperties settings) {
		return new MaintenancePolicy(table.isEnabled(),
				(table.getMinFiles() != null) ? table.getMinFiles() : settings.getMinFiles());
	}

}
