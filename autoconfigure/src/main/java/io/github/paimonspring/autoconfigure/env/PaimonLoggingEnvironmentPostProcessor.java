package io.github.paimonspring.autoconfigure.env;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Quiets two Paimon log lines that mislead in a Spring Boot service, as lowest-precedence
 * {@code logging.level.*} defaults that apply only while the application sets no level for the logger
 * or one of its packages:
 * <ul>
 * <li>{@code org.apache.paimon.utils.HadoopUtils} to {@code ERROR}: its only warning, "Could not find
 * Hadoop configuration via any of the supported methods", is logged for every catalog and file system
 * that needs no Hadoop configuration files. It stays at Paimon's level when Hadoop configuration is
 * expected: {@code HADOOP_CONF_DIR} or {@code HADOOP_HOME} set, a {@code hadoop-conf-dir} catalog option,
 * or an HDFS warehouse.</li>
 * <li>{@code org.apache.paimon.operation.FileStoreCommitImpl} to {@code WARN}: its per-commit
 * {@code INFO} lines end with "Finished (Uncertain of success) commit", logged in a {@code finally}
 * whether or not the commit succeeded. Its warnings (retried and failed commits) still show.</li>
 * </ul>
 */
public class PaimonLoggingEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	/** The name of the property source with the defaults. */
	public static final String PROPERTY_SOURCE_NAME = "paimonLoggingDefaults";

	static final String HADOOP_UTILS = "org.apache.paimon.utils.HadoopUtils";

	static final String COMMIT = "org.apache.paimon.operation.FileStoreCommitImpl";

	private final Function<String, @Nullable String> systemEnvironment;

	/** Creates the post-processor on the process environment. */
	public PaimonLoggingEnvironmentPostProcessor() {
		this(System::getenv);
	}

	PaimonLoggingEnvironmentPostProcessor(Function<String, @Nullable String> systemEnvironment) {
		this.systemEnvironment = systemEnvironment;
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		if (environment.getPropertySources().contains(PROPERTY_SOURCE_NAME)) {
			return;
		}
		Map<String, Object> defaults = new LinkedHashMap<>();
		if (!expectsHadoopConfiguration(environment) && !levelSet(environment, HADOOP_UTILS)) {
			defaults.put("logging.level." + HADOOP_UTILS, "ERROR");
		}
		if (!levelSet(environment, COMMIT)) {
			defaults.put("logging.level." + COMMIT, "WARN");
		}
		if (!defaults.isEmpty()) {
			environment.getPropertySources().addLast(new MapPropertySource(PROPERTY_SOURCE_NAME, defaults));
		}
	}

	private boolean expectsHadoopConfiguration(ConfigurableEnvironment environment) {
		String warehouse = environment.getProperty("paimon.catalog.warehouse", "").trim().toLowerCase(Locale.ROOT);
		return present(this.systemEnvironment.apply("HADOOP_CONF_DIR"))
				|| present(this.systemEnvironment.apply("HADOOP_HOME"))
				|| present(environment.getProperty("paimon.catalog.options.hadoop-conf-dir"))
				|| warehouse.startsWith("hdfs:") || warehouse.startsWith("viewfs:") || warehouse.startsWith("webhdfs:");
	}

	/** Whether the application sets a level for the logger or one of its packages (the root aside). */
	private static boolean levelSet(ConfigurableEnvironment environment, String logger) {
		for (String name = logger; !name.isEmpty(); name = (name.lastIndexOf('.') > 0)
				? name.substring(0, name.lastIndexOf('.')) : "") {
			if (environment.containsProperty("logging.level." + name)) {
				return true;
			}
		}
		return false;
	}

	private static boolean present(@Nullable String value) {
		return value != null && !value.isBlank();
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
