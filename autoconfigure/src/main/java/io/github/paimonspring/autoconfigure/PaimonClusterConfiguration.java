package io.github.paimonspring.autoconfigure;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

import io.github.paimonspring.cluster.InstanceHeartbeat;
import io.github.paimonspring.cluster.Instances;
import io.github.paimonspring.cluster.JdbcStateStore;
import io.github.paimonspring.cluster.SessionLocks;
import io.github.paimonspring.cluster.StateStore;
import io.github.paimonspring.cluster.WarehouseStateStore;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.options.Options;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The state the instances share (in the JDBC catalog's database, else in the warehouse) and this
 * instance's registration with its heartbeat.
 */
@Configuration(proxyBeanMethods = false)
class PaimonClusterConfiguration {

	@Bean
	@ConditionalOnMissingBean
	StateStore paimonStateStore(PaimonProperties properties, ObjectProvider<PaimonConnectionDetails> connectionDetails) {
		Map<String, String> options = PaimonAutoConfiguration.catalogOptions(properties.getCatalog(),
				connectionDetails.orderedStream().toList());
		String uri = PaimonAutoConfiguration.jdbcUri(options);
		if (uri != null) {
			return new JdbcStateStore(uri, options.get("jdbc.user"), options.get("jdbc.password"));
		}
		String warehouse = Objects.requireNonNull(options.get("warehouse"), "the catalog option 'warehouse'");
		try {
			return new WarehouseStateStore(FileIO.get(new Path(warehouse), CatalogContext.create(Options.fromMap(options))),
					warehouse);
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException("Cannot open the warehouse " + warehouse + " for the shared state: "
					+ ex.getMessage(), ex);
		}
	}

	@Bean
	@ConditionalOnMissingBean
	Instances paimonInstances(StateStore store, PaimonClusterProperties cluster) {
		if (cluster.getInstanceLease().compareTo(cluster.getHeartbeatInterval().multipliedBy(3)) < 0) {
			throw new IllegalStateException("paimon.cluster.instance-lease (" + cluster.getInstanceLease()
					+ ") must be at least three times paimon.cluster.heartbeat-interval ("
					+ cluster.getHeartbeatInterval() + "): one late heartbeat must not make an instance dead");
		}
		return new Instances(store, cluster.getInstanceLease());
	}

	/**
	 * With a JDBC catalog on PostgreSQL: the sessions whose locks end with this instance — its claims and
	 * table commit locks — fenced by its lease.
	 */
	@Bean(destroyMethod = "close")
	SessionLocksHolder paimonSessionLocks(PaimonProperties properties, PaimonClusterProperties cluster,
			Instances instances, ObjectProvider<PaimonConnectionDetails> connectionDetails) {
		Map<String, String> options = PaimonAutoConfiguration.catalogOptions(properties.getCatalog(),
				connectionDetails.orderedStream().toList());
		String uri = PaimonAutoConfiguration.postgresUri(options);
		if (uri == null) {
			return new SessionLocksHolder(null);
		}
		if (cluster.getSessionTimeout().compareTo(Duration.ofSeconds(2)) < 0) {
			throw new IllegalStateException("paimon.cluster.session-timeout (" + cluster.getSessionTimeout()
					+ ") must be at least 2 s: the database ends the sessions of an instance silent for that long");
		}
		SessionLocks locks = SessionLocks.register(instances.id(), options.getOrDefault("catalog-key", "jdbc"),
				uri, options.get("jdbc.user"), options.get("jdbc.password"), cluster.getSessionTimeout(),
				"paimon-spring " + instances.id());
		locks.setFence(instances);
		return new SessionLocksHolder(locks);
	}

	@Bean
	InstanceHeartbeat paimonInstanceHeartbeat(Instances instances, PaimonClusterProperties cluster) {
		return new InstanceHeartbeat(instances, cluster.getHeartbeatInterval());
	}

}
