package io.github.paimonspring.ingest.channel;

import io.github.paimonspring.PaimonArgumentException;
import org.jspecify.annotations.Nullable;

/**
 * The offset tokens of ordered channel appends: decimal integers from 0 to {@code Long.MAX_VALUE}
 * (Kafka offsets, sequence numbers) that grow along a channel and compare as numbers, so {@code 007}
 * and {@code 7} are the same offset.
 */
final class OffsetToken {

	static final String RULE = "a decimal integer from 0 to " + Long.MAX_VALUE
			+ " that grows along the channel (such as a Kafka offset or a sequence number)";

	private OffsetToken() {
	}

	/**
	 * Parses a token a request names.
	 * @param table the table, for the error
	 * @param parameter the parameter's name, for the error
	 * @param token the token
	 * @return its value
	 * @throws PaimonArgumentException if it is not a decimal integer in range
	 */
	static long parse(String table, String parameter, String token) {
		Long value = valueOf(token);
		if (value == null) {
			String shown = (token.length() > 40) ? token.substring(0, 40) + "…" : token;
			throw new PaimonArgumentException(table, parameter + " '" + shown + "' is not an offset token: it must be "
					+ RULE);
		}
		return value;
	}

	/**
	 * Returns the value of a token, or {@code null} when it is not a decimal integer in range (a token
	 * committed before offset tokens were ordered).
	 * @param token the token
	 * @return its value, or {@code null}
	 */
	static @Nullable Long valueOf(@Nullable String token) {
		if (token == null || token.isEmpty() || token.length() > 19
				|| !token.chars().allMatch((c) -> c >= '0' && c <= '9')) {
			return null;
		}
		try {
			return Long.parseLong(token);
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

}
