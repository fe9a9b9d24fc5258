package io.github.paimonspring.ingest;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.family.WriteTarget;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.jspecify.annotations.Nullable;

/**
 * The operations of an {@link Ingester} on resolved tables ({@link WriteTarget}), for the core's template, which
 * resolves names, evolves schemas and observes before it calls them. Internal: not API (applications and the
 * technology modules write through {@code PaimonOperations}); it keeps the internal {@code WriteTarget} out of
 * {@code Ingester}'s public methods. Each method is the {@code Ingester}'s own, documented there.
 */
public final class GroupCommitService {

	private final Ingester ingester;

	private GroupCommitService(Ingester ingester) {
		this.ingester = ingester;
	}

	/**
	 * Returns the operations of a group commit service.
	 * @param ingester the service
	 * @return its operations
	 */
	public static GroupCommitService of(Ingester ingester) {
		return new GroupCommitService(ingester);
	}

	/**
	 * Validates a request's batches and adds them to the table's current group, under an idempotency key.
	 * @param target the table
	 * @param batches the batches, without dictionary-encoded columns
	 * @param key the key, or {@code null}
	 * @return the outcome of the group commit
	 */
	public CompletableFuture<CommitResult> submit(WriteTarget target, List<VectorSchemaRoot> batches,
			@Nullable String key) {
		return this.ingester.submit(target, batches, key);
	}

	/**
	 * Holds an idempotency key before the request's batches exist.
	 * @param target the table
	 * @param key the key
	 * @return the held key
	 */
	public HeldKey holdKey(WriteTarget target, String key) {
		return this.ingester.holdKey(target, key);
	}

	/**
	 * Writes a request's batches under a key it holds.
	 * @param target the table
	 * @param batches the batches
	 * @param held the held key
	 * @return the outcome of the group commit
	 */
	public CompletableFuture<CommitResult> submit(WriteTarget target, List<VectorSchemaRoot> batches, HeldKey held) {
		return this.ingester.submit(target, batches, held);
	}

	/**
	 * Opens a channel: a new generation that fences the older ones.
	 * @param target the table
	 * @param channel the channel name
	 * @return the channel's state with its new generation
	 */
	public ChannelState openChannel(WriteTarget target, String channel) {
		return this.ingester.openChannel(target, channel);
	}

	/**
	 * Closes a channel.
	 * @param target the table
	 * @param channel the channel name
	 * @param generation the generation that closes it, or -1 for any
	 * @return the state it had, or {@code null} when there was none
	 */
	public @Nullable ChannelState closeChannel(WriteTarget target, String channel, long generation) {
		return this.ingester.closeChannel(target, channel, generation);
	}

	/**
	 * Appends batches to a channel after an offset token.
	 * @param target the table
	 * @param channel the channel name
	 * @param generation the generation
	 * @param after the token the append follows, or {@code null}/empty for none
	 * @param offsetToken the append's token
	 * @param batches the batches
	 * @return the outcome of the group commit that records the token
	 */
	public CompletableFuture<CommitResult> appendToChannel(WriteTarget target, String channel, long generation,
			@Nullable String after, String offsetToken, List<VectorSchemaRoot> batches) {
		return this.ingester.appendToChannel(target, channel, generation, after, offsetToken, batches);
	}

	/**
	 * Starts reading a table's index of keys and channel states in the background.
	 * @param target the table
	 * @return done when the index was read
	 */
	public CompletableFuture<Void> warmUp(WriteTarget target) {
		return this.ingester.warmUp(target);
	}

	/**
	 * Returns a channel's committed state.
	 * @param target the table
	 * @param channel the channel name
	 * @return the state, or {@code null} when the channel has none
	 */
	public @Nullable ChannelState channelState(WriteTarget target, String channel) {
		return this.ingester.channelState(target, channel);
	}

}
