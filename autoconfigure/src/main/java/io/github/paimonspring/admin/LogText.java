package io.github.paimonspring.admin;

import org.jspecify.annotations.Nullable;

/**
 * Shortens client-supplied text before it goes into a log line, a problem detail or a stored
 * transaction, so that a client cannot make the service write or keep megabytes per request.
 */
final class LogText {

	/** Default number of characters kept. */
	static final int DEFAULT_LENGTH = 200;

	private LogText() {
	}

	static @Nullable String abbreviate(@Nullable String text) {
		return abbreviate(text, DEFAULT_LENGTH);
	}

	static @Nullable String abbreviate(@Nullable String text, int length) {
		if (text == null) {
			return null;
		}
		String printable = text.replaceAll("[\\p{Cntrl}]", "?");
		return (printable.length() <= length) ? printable
				: printable.substring(0, length) + "... (" + text.length() + " characters)";
	}

}
