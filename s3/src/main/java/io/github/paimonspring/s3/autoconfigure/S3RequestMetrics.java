package io.github.paimonspring.s3.autoconfigure;

import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

import org.springframework.beans.factory.ObjectProvider;

/**
 * Times every S3 request (with its retries) as {@code paimon.s3.requests}, tagged with the operation
 * ({@code GetObject}, {@code PutObject}, {@code UploadPart}, …) and the outcome ({@code success} or
 * {@code error}, or {@code not_found} for a 404).
 */
final class S3RequestMetrics implements ExecutionInterceptor {

	static final String METRIC = "paimon.s3.requests";

	private static final ExecutionAttribute<Long> STARTED = new ExecutionAttribute<>("paimon.s3.started");

	private final ObjectProvider<MeterRegistry> registries;

	private volatile @Nullable MeterRegistry registry;

	S3RequestMetrics(ObjectProvider<MeterRegistry> registries) {
		this.registries = registries;
	}

	@Override
	public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
		attributes.putAttribute(STARTED, System.nanoTime());
	}

	@Override
	public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
		record(attributes, "success");
	}

	/** A 404 (an object that does not exist, asked by {@code exists}) is {@code not_found}, not an error. */
	@Override
	public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
		boolean missing = context.exception() instanceof AwsServiceException service && service.statusCode() == 404;
		record(attributes, missing ? "not_found" : "error");
	}

	private void record(ExecutionAttributes attributes, String outcome) {
		Long started = attributes.getAttribute(STARTED);
		MeterRegistry current = registry();
		if (started == null || current == null) {
			return;
		}
		String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
		Timer.builder(METRIC)
			.description("S3 requests of the Paimon warehouse, with their retries")
			.tag("operation", (operation != null) ? operation : "unknown")
			.tag("outcome", outcome)
			.register(current)
			.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
	}

	private @Nullable MeterRegistry registry() {
		MeterRegistry current = this.registry;
		if (current == null) {
			current = this.registries.getIfUnique();
			this.registry = current;
		}
		return current;
	}

}
