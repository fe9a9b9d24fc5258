package io.github.paimonspring.core;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import io.github.paimonspring.ingest.ChannelState;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.jspecify.annotations.Nullable;

/**
 * One generation of a channel of a table — a named producer that resumes exactly once after a crash —
 * from {@link PaimonOperations#openChannel} (a new generation) or {@link IngestChannels#channel} (one
 * opened before, possibly in another process). The handle carries its table, channel name and
 * generation, so an append names only what it adds. Thread-safe; it holds no resources, so there is
 * nothing to release when a producer stops using it ({@link #close()} retires the channel itself).
 *
 * @since 0.1.0
 */
public interface IngestChannel {

	/**
	 * Returns the table identifier.
	 * @return the identifier, {@code db.table}
	 */
	String table();

	/**
	 * Returns the channel name.
	 * @return the name
	 */
	String name();

	/**
	 * Returns the generation of this handle: the id of the snapshot that recorded its opening.
	 * @return the generation
	 */
	long generation();

	/**
	 * Appends batches to the channel through the table's group commit: the commit that makes the rows
	 * visible records the offset token with them, atomically. The appends of a channel form a chain:
	 * each names the offset token it follows ({@code after}). One whose {@code after} is the channel's
	 * tail (its last accepted token) joins it; one that arrived before its predecessor waits for it
	 * (bounded by {@code paimon.ingest.channel-order-wait}); one whose {@code offsetToken} is at or below
	 * the tail is a duplicate, answered {@code committed = false} without writing once the part of the
	 * chain it repeats is committed. So appends may be pipelined and resent safely.
	 * @param after the offset token the batches follow: the channel's committed token when it was opened
	 * (see {@link #state()}), or the previous append's; {@code null} or empty for a channel that has none
	 * @param offsetToken the producer's offset of the last row of the batches: a decimal integer from 0 to
	 * {@code Long.MAX_VALUE}, greater than {@code after}
	 * @param batches the batches; the caller keeps ownership
	 * @return the outcome, when the group commit is done ({@code committed = false} for a duplicate)
	 * @throws io.github.paimonspring.ingest.ChannelFencedException if the channel was opened again
	 * @throws io.github.paimonspring.ingest.ChannelOrderException if {@code after} is beyond the channel's
	 * tail after the wait, or the chain broke meanwhile (retryable: send the predecessor first)
	 * @throws io.github.paimonspring.ingest.ChannelOverlapException if {@code after} is below the tail and
	 * {@code offsetToken} beyond it (final)
	 * @throws io.github.paimonspring.PaimonArgumentException if a token is not a decimal integer
	 */
	CompletableFuture<WriteResult> append(@Nullable String after, String offsetToken, List<VectorSchemaRoot> batches);

	/**
	 * Returns the committed state of the channel: its current generation and the offset token of its
	 * last committed append. Right after {@link PaimonOperations#openChannel} it is the state the opening
	 * recorded: this handle's generation and the offset token to resume after ({@code null} for a new
	 * channel). A different generation means the channel was opened again since.
	 * @return the state, or empty when the channel was closed
	 */
	Optional<ChannelState> state();

	/**
	 * Closes the channel: waits for its appends in flight, then records (in a snapshot) that the channel
	 * is gone — its generation and offset token are forgotten, appends of its generations are refused,
	 * and a later opening starts a new channel without an offset token. Close the channels a producer no
	 * longer uses (a Kafka partition that went away, a retired device) so that the table does not carry
	 * their state. A producer that merely stops appending need not close its channel: the next opening
	 * resumes it.
	 * @return the state the channel had, or empty when it was not open (then nothing is committed)
	 * @throws io.github.paimonspring.ingest.ChannelFencedException if the channel was opened again since
	 * this handle's generation (the newer owner's channel is left open)
	 */
	Optional<ChannelState> close();

}
