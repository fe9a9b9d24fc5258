package io.github.paimonspring.admin.actuate;

import io.github.paimonspring.actuate.ActuatorFixtures;
import io.github.paimonspring.admin.autoconfigure.PaimonAdminActuatorAutoConfiguration;
import io.github.paimonspring.admin.autoconfigure.PaimonAdminAutoConfiguration;
import io.github.paimonspring.admin.autoconfigure.PaimonAdminMetricsAutoConfiguration;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.autoconfigure.actuate.PaimonActuatorAutoConfiguration;
import io.github.paimonspring.autoconfigure.actuate.PaimonMetricsAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfigurations;

/**
 * The core and admin auto-configurations with their actuator support, for the admin module's actuator tests
 * (the tables are those of the core's {@link ActuatorFixtures}).
 */
final class AdminActuatorFixtures {

	static final AutoConfigurations PAIMON = AutoConfigurations.of(PaimonAutoConfiguration.class,
			PaimonAdminMetricsAutoConfiguration.class, PaimonAdminAutoConfiguration.class,
			PaimonMetricsAutoConfiguration.class, PaimonActuatorAutoConfiguration.class,
			PaimonAdminActuatorAutoConfiguration.class);

	static final String[] TABLES = ActuatorFixtures.TABLES;

	static final String[] ADMIN = { "paimon.admin.enabled=true", "paimon.admin.token=secret" };

	private AdminActuatorFixtures() {
	}

	static byte[] arrowStream(Object... idNamePairs) {
		return ActuatorFixtures.arrowStream(idNamePairs);
	}

}
