package io.github.paimonspring.ingest;

import io.github.paimonspring.PaimonStateException;

/**
 * The committed state of a channel would have to come from snapshots that expired: the retained
 * snapshots hold changes of other channels but no checkpoint of all of them. The channel is refused
 * rather than answered as never opened, which would make its producer resend what the table holds.
 * Not retryable: raise {@code snapshot.num-retained.min} so that a checkpoint is always retained, and
 * resume the producer from its own record of what it sent.
 *
 * @since 0.1.0
 */
public class ChannelStateExpiredException extends PaimonStateException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message which channel and what to do
	 */
	public ChannelStateExpiredException(String table, String message) {
		super(table, message);
	}

}
