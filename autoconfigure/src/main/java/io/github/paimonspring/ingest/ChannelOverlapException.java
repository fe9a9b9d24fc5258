package io.github.paimonspring.ingest;

import io.github.paimonspring.PaimonStateException;

/**
 * An append to a channel overlaps what the channel already has: it follows an offset token below the
 * channel's tail but reaches beyond it, so part of its rows are in the channel and part are not.
 * Nothing was written; the same request will always be refused (split the rows at the tail).
 *
 * @since 0.1.0
 */
public class ChannelOverlapException extends PaimonStateException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message the append's tokens and the tail
	 */
	public ChannelOverlapException(String table, String message) {
		super(table, message);
	}

}
