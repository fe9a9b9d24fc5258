package io.github.paimonspring.admin.model;

import org.jspecify.annotations.Nullable;

/**
 * Shortens client-supplied text before it goes into a log line, a problem detail or a stored
 * transaction, so that a client cannot make the service write or keep megabytes per request.
 */
public final class LogText {

	/** Default number of characters kept. */
	public static final int DEFAULT_LENGTH = 200;

	private LogText() {
	}

	/**
	 * Shortens text to {@link #DEFAULT_LENGTH} characters, control characters replaced.
	 * @param text the text, or {@code null}
	 * @return the shortened text, or {@code null}
	 */
	public static @Nullable String abbreviate(@Nullable String text) {
		return abbreviate(text, DEFAULT_LENGTH);
	}

	/**
	 * Shortens text to the given number of characters, control characters replaced.
	 * @param text the text, or {@code null}
	 * @param length the characters kept
	 * @return the shortened text, or {@code null}
	 */
	public static @Nullable String abbreviate(@Nullable String text, int length) {
		if (text == null) {
			return null;
		}
		String printable = text.replaceAll("[\\p{Cntrl}]", "?");
		return (printable.length() <= length) ? printable
				: printable.substring(0, length) + "... (" + text.length() + " characters)";
	}

}
