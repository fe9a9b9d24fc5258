package io.github.paimonspring.kafka.bench;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.kafka.autoconfigure.PaimonKafkaAutoConfiguration;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.context.annotation.Configuration;

/**
 * The pipeline side of the Flink comparison benchmark, in a cold JVM: a Spring Boot application with
 * {@code PaimonAutoConfiguration}, {@code KafkaAutoConfiguration} and {@code PaimonKafkaAutoConfiguration} only
 * (like the sample app's {@code kafka} profile), configured entirely by its command-line arguments
 * ({@code --paimon.catalog.warehouse=...}, the table, the pipeline, and any extra properties of the run). It runs
 * until the harness ends its JVM.
 */
@Configuration(proxyBeanMethods = false)
@ImportAutoConfiguration({ PaimonAutoConfiguration.class, KafkaAutoConfiguration.class,
		PaimonKafkaAutoConfiguration.class })
public class PipelineBenchApp {

	public static void main(String[] args) {
		new SpringApplicationBuilder(PipelineBenchApp.class).web(WebApplicationType.NONE).logStartupInfo(false)
			.run(args);
	}

}
