package io.github.paimonspring.core;

import java.util.Optional;

import io.github.paimonspring.ingest.ChannelState;

/**
 * The channels of one table, without opening any ({@link PaimonOperations#channels}): their committed
 * state, closing, and the handle of a generation opened before — for a producer that keeps its
 * generation itself across processes or requests, as the clients of the REST API do. Thread-safe.
 *
 * @since 0.1.0
 */
public interface IngestChannels {

	/**
	 * Returns the committed state of a channel: its current generation and last committed offset token.
	 * @param channel the channel name
	 * @return the state, or empty when the channel was never opened or was closed
	 */
	Optional<ChannelState> state(String channel);

	/**
	 * Closes a channel whatever generation holds it; see {@link IngestChannel#close()}.
	 * @param channel the channel name
	 * @return the state the channel had, or empty when it was not open (then nothing is committed)
	 */
	Optional<ChannelState> close(String channel);

	/**
	 * Returns the handle of a generation opened before, without recording anything: its appends are
	 * refused with a {@link io.github.paimonspring.ingest.ChannelFencedException} when the channel was
	 * opened again since. Its appends evolve the table under the table's schema evolution policy.
	 * @param channel the channel name
	 * @param generation the generation an opening returned
	 * @return the handle
	 */
	IngestChannel channel(String channel, long generation);

}
