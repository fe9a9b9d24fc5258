package io.github.paimonspring.autoconfigure;

import java.io.IOException;

import io.github.paimonspring.PaimonException;
import io.github.paimonspring.catalog.CatalogCreation;
import io.github.paimonspring.cluster.ClusterMembership;
import io.github.paimonspring.cluster.InstanceRegistry;
import io.github.paimonspring.cluster.JdbcStateStore;
import io.github.paimonspring.cluster.SessionLocks;
import io.github.paimonspring.cluster.StateStore;
import io.github.paimonspring.cluster.WarehouseStateStore;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * This instance's membership of the instances that share the catalog: the state they share (in the JDBC
 * catalog's database, else in the warehouse), its registration with its heartbeat and, with a JDBC
 * catalog on PostgreSQL, the sessions whose locks end with it. One bean, not one per part: none of
 * them is a point of extension. Technology modules (the admin API) get the two parts they use as beans of
 * their API types: the shared {@link StateStore} and this instance's {@link InstanceRegistry}.
 */
@Configuration(proxyBeanMethods = false)
class PaimonClusterConfiguration {

	@Bean
	ClusterMembership paimonCluster(PaimonCatalogSettings settings, PaimonClusterProperties cluster) {
		return new ClusterMembership(stateStore(settings), cluster.getInstanceLease(), cluster.getHeartbeatInterval(),
				(instances) -> {
					if (!settings.isPostgres()) {
						return null;
					}
					// the sessions whose locks (claims, table commit locks) end with this instance, fenced by its lease
					SessionLocks locks = SessionLocks.register(instances.id(), settings.catalogKey(),
							settings.jdbcUri(), settings.jdbcUser(), settings.jdbcPassword(),
							cluster.getSessionTimeout(), "paimon-spring " + instances.id());
					locks.setFence(instances);
					return locks;
				});
	}

	/**
	 * The state the instances share, for the technology modules' records.
	 * @param cluster the membership
	 * @return its store
	 */
	@Bean
	StateStore paimonStateStore(ClusterMembership cluster) {
		return cluster.store();
	}

	/**
	 * This instance's view of the live instances, for the technology modules' owners.
	 * @param cluster the membership
	 * @return its registry
	 */
	@Bean
	InstanceRegistry paimonInstanceRegistry(ClusterMembership cluster) {
		return cluster.instances();
	}

	static StateStore stateStore(PaimonCatalogSettings settings) {
		if (settings.isJdbc()) {
			try {
				// the first connection to the catalog's database at start-up: its failure names the catalog
				return new JdbcStateStore(settings.jdbcUri(), settings.jdbcUser(), settings.jdbcPassword());
			}
			catch (PaimonException ex) {
				if (CatalogDatabaseException.isDatabaseFailure(ex)) {
					throw new CatalogDatabaseException(settings.jdbcUri(), settings.jdbcUser(), ex);
				}
				throw ex;
			}
		}
		String warehouse = settings.warehouse();
		settings.checkWarehouseAccess(settings.options());
		try {
			CatalogContext context = settings.catalogContext(settings.options());
			return new WarehouseStateStore(FileIO.get(new Path(warehouse), context), warehouse);
		}
		catch (IOException ex) {
			throw new WarehouseAccessException(warehouse, "Cannot open the Paimon warehouse '" + warehouse
					+ "' (for the state the instances share): " + ex.getMessage(), ex);
		}
		catch (RuntimeException ex) {
			if (!CatalogCreation.isHadoopOnNewerJava(ex)) {
				throw ex;
			}
			// no FileIO of Paimon or of this application serves the scheme: Paimon fell back to Hadoop
			throw new WarehouseAccessException(warehouse, "Cannot open the Paimon warehouse '" + warehouse
					+ "' (for the state the instances share): no file system of this application serves its scheme '"
					+ new Path(warehouse).toUri().getScheme() + "', and Paimon's fallback, Hadoop, cannot start on "
					+ "Java " + Runtime.version().feature() + " (Subject.getSubject is not supported)", ex);
		}
	}

}
