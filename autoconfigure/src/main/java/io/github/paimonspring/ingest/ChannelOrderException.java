package io.github.paimonspring.ingest;

import io.github.paimonspring.PaimonStateException;
import org.jspecify.annotations.Nullable;

/**
 * An append to a channel names an offset token ({@code after}) beyond the channel's tail: its
 * predecessor has not arrived (within the wait), or failed and broke the chain. Nothing was written.
 * Retryable: send it again after its predecessor (resend from the offset token after {@link #getTail()}).
 *
 * @since 0.1.0
 */
public class ChannelOrderException extends PaimonStateException {

	private static final long serialVersionUID = 1L;

	private final @Nullable String tail;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message which token was expected
	 * @param tail the channel's tail: the last accepted offset token, or {@code null} when it has none
	 */
	public ChannelOrderException(String table, String message, @Nullable String tail) {
		super(table, message);
		this.tail = tail;
	}

	/**
	 * Returns the channel's tail when the append was refused.
	 * @return the last accepted offset token, or {@code null} when the channel has none
	 */
	public @Nullable String getTail() {
		return this.tail;
	}

}
