package io.github.paimonspring.core;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * An idempotency key held for one request of a table's group commit
 * ({@link PaimonOperations#holdIdempotencyKey}): ingest the request's batches once, then close it.
 * Closing without ingesting releases the key for the next request that carries it.
 *
 * @since 0.1.0
 */
public interface IdempotentIngest extends AutoCloseable {

	/**
	 * Writes the batches through the group commit under the held key, exactly once: when a retained
	 * snapshot committed the key already, nothing is written and the answer names that snapshot
	 * ({@code committed = false}). Call it at most once.
	 * @param batches the batches; the caller keeps ownership and may release them when this returns
	 * @return the outcome, when the commit that contains the batches is done
	 */
	CompletableFuture<WriteResult> ingest(List<VectorSchemaRoot> batches);

	/** Releases the key unless the batches were ingested (their commit releases it). */
	@Override
	void close();

}
