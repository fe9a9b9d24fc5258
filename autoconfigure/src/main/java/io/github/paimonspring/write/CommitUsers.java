package io.github.paimonspring.write;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;

import io.github.paimonspring.PaimonArgumentException;

/**
 * Validation and generation of commit users. A commit user is the stable identity of a writer
 * application; it appears in snapshots and in data file names.
 *
 * @since 0.1.0
 */
public final class CommitUsers {

	private CommitUsers() {
	}

	/**
	 * Returns a new random commit user.
	 * @return a random UUID string
	 */
	public static String random() {
		return UUID.randomUUID().toString();
	}

	/**
	 * Returns the commit user of an idempotency key of a table: {@code upload-} and 40 hexadecimal digits of
	 * the SHA-256 of the table and the key, so that any key makes a safe file name segment. A one-shot write
	 * with a key commits as this user with the identifier 1, so the user tells whether the key is committed.
	 * @param table the table identifier, {@code database.table}
	 * @param idempotencyKey the key
	 * @return the commit user
	 * @since 0.1.0
	 */
	public static String ofIdempotencyKey(String table, String idempotencyKey) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256")
				.digest((table + "\n" + idempotencyKey).getBytes(StandardCharsets.UTF_8));
			return "upload-" + HexFormat.of().formatHex(digest, 0, 20);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is missing from this Java runtime", ex);
		}
	}

	/**
	 * Checks that a commit user is a safe file name segment: not empty, not {@code .} or {@code ..}, no
	 * leading or trailing whitespace, no {@code /} or {@code \}, no control characters.
	 * @param table the table the user is for, used in the message
	 * @param commitUser the commit user to check
	 * @return the commit user
	 * @throws PaimonArgumentException if the commit user is not a safe file name segment
	 */
	public static String validate(String table, String commitUser) {
		if (commitUser == null || commitUser.isEmpty() || commitUser.equals(".") || commitUser.equals("..")
				|| !commitUser.strip().equals(commitUser) || commitUser.indexOf('/') >= 0
				|| commitUser.indexOf('\\') >= 0 || commitUser.chars().anyMatch(Character::isISOControl)) {
			throw new PaimonArgumentException(table, "commit_user must be a safe file name segment, got "
					+ (commitUser == null ? "null" : "'" + escape(commitUser) + "'") + " for table '" + table + "'");
		}
		return commitUser;
	}

	private static String escape(String value) {
		StringBuilder out = new StringBuilder();
		value.chars().forEach((c) -> {
			if (Character.isISOControl(c)) {
				out.append(String.format("\\u%04x", c));
			}
			else {
				out.append((char) c);
			}
		});
		return out.toString();
	}

}
