package io.github.paimonspring.core;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriterObservationContext.Operation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

/**
 * The observation plumbing of {@link PaimonWriter}: runs a template call inside a
 * {@link PaimonWriterObservation#WRITER} observation, records its result or error, and rethrows
 * failures unchanged. With the no-op registry (the default) the call runs as is.
 */
final class WriterObservations {

	private final PaimonTables tables;

	private volatile ObservationRegistry registry = ObservationRegistry.NOOP;

	private volatile @Nullable PaimonWriterObservationConvention convention;

	WriterObservations(PaimonTables tables) {
		this.tables = tables;
	}

	void setRegistry(ObservationRegistry registry) {
		this.registry = registry;
	}

	void setConvention(@Nullable PaimonWriterObservationConvention convention) {
		this.convention = convention;
	}

	/**
	 * Runs a call that writes and commits before it returns.
	 */
	<T> T observe(Operation operation, String table, Supplier<T> call,
			BiConsumer<PaimonWriterObservationContext, T> recordResult) {
		ObservationRegistry registry = this.registry;
		if (registry.isNoop()) {
			return call.get();
		}
		PaimonWriterObservationContext context = new PaimonWriterObservationContext(tableName(table), operation);
		Observation observation = start(context, registry);
		try (Observation.Scope scope = observation.openScope()) {
			T result = call.get();
			recordResult.accept(context, result);
			return result;
		}
		catch (Throwable ex) {
			observation.error(ex);
			throw ex;
		}
		finally {
			observation.stop();
		}
	}

	/**
	 * Runs a call whose commit completes the future it returns; the observation stops before the
	 * returned future completes (with the same result or failure as the call's).
	 */
	CompletableFuture<WriteResult> observeAsync(Operation operation, String table,
			Supplier<CompletableFuture<WriteResult>> call) {
		ObservationRegistry registry = this.registry;
		if (registry.isNoop()) {
			return call.get();
		}
		PaimonWriterObservationContext context = new PaimonWriterObservationContext(tableName(table), operation);
		Observation observation = start(context, registry);
		CompletableFuture<WriteResult> future;
		try (Observation.Scope scope = observation.openScope()) {
			future = call.get();
		}
		catch (Throwable ex) {
			observation.error(ex);
			observation.stop();
			throw ex;
		}
		return future.whenComplete((result, ex) -> {
			if (ex != null) {
				observation.error((ex instanceof CompletionException && ex.getCause() != null) ? ex.getCause() : ex);
			}
			else {
				context.setResult(result.rows(), result.committed(), result.snapshotId());
			}
			observation.stop();
		});
	}

	private Observation start(PaimonWriterObservationContext context, ObservationRegistry registry) {
		return PaimonWriterObservation.WRITER
			.observation(this.convention, DefaultPaimonWriterObservationConvention.INSTANCE, () -> context, registry)
			.start();
	}

	private String tableName(String table) {
		try {
			return this.tables.identifier(table).getFullName();
		}
		catch (RuntimeException ex) {
			// not resolvable: the call fails with the reason, the observation names what was asked for
			return String.valueOf(table);
		}
	}

}
