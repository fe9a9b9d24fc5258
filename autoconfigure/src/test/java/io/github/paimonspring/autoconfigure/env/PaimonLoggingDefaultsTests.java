package io.github.paimonspring.autoconfigure.env;

import java.nio.file.Path;
import java.util.Map;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import org.apache.paimon.catalog.Catalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Paimon's misleading log lines are quieted by defaults the application can override: started as a
 * real {@link SpringApplication}, the Hadoop-configuration warning is gone and Paimon's commit logger
 * logs warnings only; a level the application sets, and a Hadoop set-up that expects configuration
 * files, keep Paimon's own behaviour.
 */
@ExtendWith(OutputCaptureExtension.class)
class PaimonLoggingDefaultsTests {

	@TempDir
	Path dir;

	@Test
	void aStartedApplicationDoesNotWarnAboutHadoopConfigurationFiles(CapturedOutput output) {
		try (ConfigurableApplicationContext context = application("--paimon.catalog.warehouse=" + this.dir)) {
			assertThat(context.getBean(Catalog.class)).isNotNull();
			LoggingSystem logging = LoggingSystem.get(getClass().getClassLoader());
			assertThat(logging.getLoggerConfiguration(PaimonLoggingEnvironmentPostProcessor.HADOOP_UTILS)
				.getEffectiveLevel()).isEqualTo(LogLevel.ERROR);
			assertThat(logging.getLoggerConfiguration(PaimonLoggingEnvironmentPostProcessor.COMMIT).getEffectiveLevel())
				.isEqualTo(LogLevel.WARN);
		}
		assertThat(output).contains("Creating Paimon catalog").doesNotContain("Could not find Hadoop configuration");
	}

	@Test
	void aLevelTheApplicationSetsWins(CapturedOutput output) {
		try (ConfigurableApplicationContext context = application("--paimon.catalog.warehouse=" + this.dir,
				"--logging.level.org.apache.paimon.utils=WARN",
				"--logging.level.org.apache.paimon.operation.FileStoreCommitImpl=INFO")) {
			LoggingSystem logging = LoggingSystem.get(getClass().getClassLoader());
			assertThat(logging.getLoggerConfiguration(PaimonLoggingEnvironmentPostProcessor.COMMIT).getEffectiveLevel())
				.isEqualTo(LogLevel.INFO);
		}
		assertThat(output).contains("Could not find Hadoop configuration");
	}

	@Test
	void theHadoopWarningStaysWhenHadoopConfigurationIsExpected() {
		assertThat(defaults(Map.of("HADOOP_CONF_DIR", "/etc/hadoop"), Map.of())).doesNotContainKey(
				"logging.level." + PaimonLoggingEnvironmentPostProcessor.HADOOP_UTILS);
		assertThat(defaults(Map.of("HADOOP_HOME", "/opt/hadoop"), Map.of())).doesNotContainKey(
				"logging.level." + PaimonLoggingEnvironmentPostProcessor.HADOOP_UTILS);
		assertThat(defaults(Map.of(), Map.of("paimon.catalog.warehouse", "hdfs://nn:8020/wh"))).doesNotContainKey(
				"logging.level." + PaimonLoggingEnvironmentPostProcessor.HADOOP_UTILS);
		assertThat(defaults(Map.of(), Map.of("paimon.catalog.options.hadoop-conf-dir", "/etc/hadoop")))
			.doesNotContainKey("logging.level." + PaimonLoggingEnvironmentPostProcessor.HADOOP_UTILS);
		assertThat(defaults(Map.of(), Map.of("paimon.catalog.warehouse", "s3://bucket/wh")))
			.containsEntry("logging.level." + PaimonLoggingEnvironmentPostProcessor.HADOOP_UTILS, "ERROR")
			.containsEntry("logging.level." + PaimonLoggingEnvironmentPostProcessor.COMMIT, "WARN");
		assertThat(defaults(Map.of(), Map.of("logging.level.org.apache.paimon", "DEBUG"))).isEmpty();
	}

	private static Map<String, Object> defaults(Map<String, String> systemEnvironment, Map<String, Object> properties) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
		new PaimonLoggingEnvironmentPostProcessor(systemEnvironment::get).postProcessEnvironment(environment,
				new SpringApplication());
		MapPropertySource source = (MapPropertySource) environment.getPropertySources()
			.get(PaimonLoggingEnvironmentPostProcessor.PROPERTY_SOURCE_NAME);
		return (source != null) ? source.getSource() : Map.of();
	}

	private static ConfigurableApplicationContext application(String... args) {
		SpringApplication application = new SpringApplication(App.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		return application.run(args);
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(PaimonAutoConfiguration.class)
	static class App {

	}

}
