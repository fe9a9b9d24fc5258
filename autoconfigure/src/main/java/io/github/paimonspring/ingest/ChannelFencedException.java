package io.github.paimonspring.ingest;

import io.github.paimonspring.PaimonStateException;

/**
 * An append named a generation of a channel that is not the current one: the channel was opened
 * again (by another producer, or by this one after a restart). Nothing was written. Open the channel
 * and resume after its committed offset token.
 *
 * @since 0.1.0
 */
public class ChannelFencedException extends PaimonStateException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message which generation was refused and which is current
	 */
	public ChannelFencedException(String table, String message) {
		super(table, message);
	}

}
