package io.github.paimonspring.s3.autoconfigure;

import io.github.paimonspring.s3.S3Clients;
import io.github.paimonspring.s3.S3FileIOLoader;
import io.github.paimonspring.s3.StaleMultipartUploads;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.paimon.fs.FileIO;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.s3.S3Client;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Auto-configuration of S3 warehouses on the AWS SDK v2: {@link S3FileIOLoader} beans for {@code s3} and
 * {@code s3a}, which the starter's catalog hands to Paimon as its preferred loaders (before paimon-s3 or Hadoop),
 * on one {@link S3Clients} bean closed with the context; the sweep of stale multipart uploads; and, with
 * Micrometer, the {@code paimon.s3.requests} timers. Off with {@code paimon.s3.enabled=false}.
 *
 * @since 0.1.0
 */
@AutoConfiguration(beforeName = "io.github.paimonspring.autoconfigure.PaimonAutoConfiguration")
@ConditionalOnClass({ FileIO.class, S3Client.class })
@ConditionalOnBooleanProperty(name = "paimon.s3.enabled", matchIfMissing = true)
@EnableConfigurationProperties(PaimonS3Properties.class)
public final class PaimonS3AutoConfiguration {

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	S3Clients paimonS3Clients(ObjectProvider<ExecutionInterceptor> interceptors) {
		return new S3Clients(interceptors.orderedStream().toList());
	}

	@Bean
	S3FileIOLoader paimonS3FileIOLoader(S3Clients clients) {
		return new S3FileIOLoader("s3", clients);
	}

	@Bean
	S3FileIOLoader paimonS3aFileIOLoader(S3Clients clients) {
		return new S3FileIOLoader("s3a", clients);
	}

	@Bean
	MultipartUploadSweeper paimonS3MultipartUploadSweeper(S3Clients clients, PaimonS3Properties properties) {
		return new MultipartUploadSweeper(new StaleMultipartUploads(clients),
				properties.getMultipart().getAbortAfter(), properties.getMultipart().getSweepInterval());
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	static class MetricsConfiguration {

		@Bean
		S3RequestMetrics paimonS3RequestMetrics(ObjectProvider<MeterRegistry> registries) {
			return new S3RequestMetrics(registries);
		}

	}

}
