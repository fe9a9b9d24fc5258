package io.github.paimonspring.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.cluster.Instances;
import io.github.paimonspring.ingest.JdbcKeyClaims;
import io.github.paimonspring.ingest.KeyClaims;
import io.github.paimonspring.ingest.LocalKeyClaims;
import io.github.paimonspring.maintenance.MaintenanceListener;
import io.github.paimonspring.maintenance.MaintenancePolicy;
import io.github.paimonspring.maintenance.MaintenanceScheduler;
import io.github.paimonspring.maintenance.OrphanFiles;
import io.github.paimonspring.maintenance.PaimonMaintenance;
import io.github.paimonspring.maintenance.PendingFiles;
import io.github.paimonspring.maintenance.TableMaintenance;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The table maintenance: its operations, the orphan-file cleanup and the scheduler.
 */
@Configuration(proxyBeanMethods = false)
class PaimonMaintenanceConfiguration {

	/** How much longer than a staged transaction's lifetime an orphan file must be before it is removed. */
	static final Duration ORPHAN_MARGIN = Duration.ofHours(1);

	@Bean
	@ConditionalOnMissingBean(PaimonMaintenance.class)
	TableMaintenance paimonTableMaintenance(PaimonTables tables, PaimonProperties properties, OrphanFiles orphans) {
		Integer postponeDefault = properties.getWrite().getPostponeDefaultBuckets();
		return new TableMaintenance(tables, (postponeDefault != null) ? postponeDefault : 0, orphans);
	}

	@Bean
	@ConditionalOnMissingBean
	OrphanFiles paimonOrphanFiles(PaimonTables tables, Instances instances, PaimonMaintenanceProperties settings,
			ObjectProvider<PendingFiles> pending, Environment environment) {
		Duration lifetime = Binder.get(environment).bind("paimon.admin.max-lifetime", Duration.class)
			.orElse(new PaimonAdminProperties().getMaxLifetime());
		if (settings.getOrphanFilesOlderThan().compareTo(lifetime.plus(ORPHAN_MARGIN)) < 0) {
			throw new IllegalStateException("paimon.maintenance.orphan-files-older-than ("
					+ settings.getOrphanFilesOlderThan() + ") must exceed paimon.admin.max-lifetime (" + lifetime
					+ ") by at least " + ORPHAN_MARGIN + ": younger files may belong to a live staged transaction");
		}
		return new OrphanFiles(tables, instances, settings.getOrphanFilesOlderThan(),
				(table) -> pending.getIfAvailable(() -> PendingFiles.NONE).pendingFiles(table));
	}

	@Bean
	@ConditionalOnMissingBean
	@Conditional(MaintenanceEnabledCondition.class)
	MaintenanceScheduler paimonMaintenanceScheduler(PaimonMaintenance maintenance, OrphanFiles orphans,
			PaimonTables tables, PaimonProperties properties, PaimonMaintenanceProperties settings,
			ObjectProvider<PaimonConnectionDetails> connectionDetails, ObjectProvider<MaintenanceListener> listener) {
		Map<String, String> options = PaimonAutoConfiguration.catalogOptions(properties.getCatalog(),
				connectionDetails.orderedStream().toList());
		KeyClaims claims = PaimonAutoConfiguration.jdbcCatalog(options)
				? new JdbcKeyClaims(options.get("uri"), options.get("jdbc.user"), options.get("jdbc.password"),
						settings.getLockLease())
				: new LocalKeyClaims();
		return new MaintenanceScheduler(maintenance, orphans, policies(tables, settings), claims, settings.getInterval(),
				settings.getOrphanFilesInterval(), listener.getIfAvailable(() -> MaintenanceListener.NONE));
	}

	/** The policy of every configured table, by identifier; per-table settings must name a configured table. */
	static Map<String, MaintenancePolicy> policies(PaimonTables tables, PaimonMaintenanceProperties settings) {
		for (String name : settings.getTables().keySet()) {
			if (!tables.definitions().containsKey(name)) {
				throw new IllegalStateException("paimon.maintenance.tables." + name + " names no table of paimon.tables "
						+ tables.definitions().keySet());
			}
		}
		Map<String, MaintenancePolicy> policies = new LinkedHashMap<>();
		for (String name : tables.definitions().keySet()) {
			PaimonMaintenanceProperties.TableSettings table = settings.getTables()
				.getOrDefault(name, new PaimonMaintenanceProperties.TableSettings());
			int minFiles = (table.getMinFiles() != null) ? table.getMinFiles() : settings.getMinFiles();
			policies.put(tables.identifier(name).getFullName(), new MaintenancePolicy(table.isEnabled(), minFiles));
		}
		return policies;
	}

}
