package io.github.paimonspring.autoconfigure;

import java.net.URI;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when the scheduled maintenance should run: as {@code paimon.maintenance.enabled} says, and
 * without it for the embedded set-up — a filesystem catalog on a local warehouse, which no other engine
 * maintains.
 */
class MaintenanceEnabledCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Environment environment = context.getEnvironment();
		Boolean enabled = environment.getProperty("paimon.maintenance.enabled", Boolean.class);
		if (enabled != null) {
			return new ConditionOutcome(enabled, "paimon.maintenance.enabled is " + enabled);
		}
		String metastore = environment.getProperty("paimon.catalog.metastore", "filesystem");
		String warehouse = environment.getProperty("paimon.catalog.warehouse",
				environment.getProperty("paimon.catalog.options.warehouse", ""));
		boolean embedded = metastore.equalsIgnoreCase("filesystem") && isLocal(warehouse);
		return new ConditionOutcome(embedded, embedded ? "the embedded set-up (filesystem catalog, local warehouse)"
				: "not the embedded set-up (metastore " + metastore + ", warehouse " + warehouse + ")");
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

}
