package io.github.paimonspring.admin.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * One bearer credential of the admin API: a name, the SHA-256 hashes of the tokens that authenticate as it
 * (several during a rotation) and the grants of its principal. Holds no token, only hashes.
 *
 * @param name the credential's name, which audit events and transaction owners carry
 * @param tokenHashes the hashes, each {@code sha256:<64 lowercase hex digits>}
 * @param grants the scopes it holds, each on a table pattern
 */
public record AdminCredential(String name, List<String> tokenHashes, List<AdminPrincipal.Grant> grants) {

	/** The prefix of every token hash. */
	public static final String HASH_PREFIX = "sha256:";

	/** The prefix of the properties of a configured credential. */
	public static final String PROPERTY_PREFIX = "paimon.admin.credentials.";

	private static final Pattern HASH = Pattern.compile("sha256:[0-9a-f]{64}");

	private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

	private static final String HOW_TO_HASH = "the SHA-256 of the UTF-8 token as sha256:<64 lowercase hex digits> "
			+ "(printf %s \"$TOKEN\" | sha256sum)";

	/**
	 * Checks the credential.
	 * @param name the name
	 * @param tokenHashes the hashes
	 * @param grants the grants
	 * @throws AdminCredentialsException naming the property that is not valid
	 */
	public AdminCredential {
		tokenHashes = List.copyOf(new LinkedHashSet<>(tokenHashes));
		grants = List.copyOf(grants);
		checkName(name);
		if (tokenHashes.isEmpty()) {
			throw new AdminCredentialsException(property(name, "token-hashes") + " is required: " + HOW_TO_HASH);
		}
		for (String hash : tokenHashes) {
			checkHash(name, hash);
		}
		if (grants.isEmpty()) {
			throw new AdminCredentialsException(property(name, "scopes") + " and " + property(name, "tables")
					+ " are required: the credential holds no grant");
		}
	}

	/**
	 * A credential from its configuration properties: every scope on every table pattern.
	 * @param name the name ({@code <name>} of {@code paimon.admin.credentials.<name>})
	 * @param tokenHashes {@code token-hashes}
	 * @param scopes {@code scopes}: {@code read}, {@code ingest}, {@code maintain}, {@code admin}
	 * @param tables {@code tables}: {@code *}, {@code <database>.*} or {@code <database>.<table>}
	 * @return the credential
	 * @throws AdminCredentialsException naming the property and the value that is not valid (a hash is shown,
	 * a value that may be a clear-text token is not)
	 */
	public static AdminCredential of(String name, List<? extends @Nullable String> tokenHashes,
			List<? extends @Nullable String> scopes, List<? extends @Nullable String> tables) {
		return parse(name, present(tokenHashes), present(scopes), present(tables));
	}

	private static AdminCredential parse(String name, List<String> tokenHashes, List<String> scopes,
			List<String> tables) {
		checkName(name);
		for (String hash : tokenHashes) {
			checkHash(name, hash);
		}
		if (scopes.isEmpty()) {
			throw new AdminCredentialsException(property(name, "scopes")
					+ " is required: one or more of read, ingest, maintain and admin");
		}
		if (tables.isEmpty()) {
			throw new AdminCredentialsException(property(name, "tables") + " is required (there is no default): "
					+ "the table patterns the scopes cover, such as shop.orders, shop.* or * for every table");
		}
		List<AdminScope> parsedScopes = new ArrayList<>();
		for (String scope : scopes) {
			try {
				parsedScopes.add(AdminScope.of(scope));
			}
			catch (IllegalArgumentException invalid) {
				throw new AdminCredentialsException("Invalid " + property(name, "scopes") + " value '" + scope
						+ "': the scopes are read, ingest, maintain and admin");
			}
		}
		List<TablePattern> patterns = new ArrayList<>();
		for (String table : tables) {
			try {
				patterns.add(TablePattern.of(table));
			}
			catch (IllegalArgumentException invalid) {
				throw new AdminCredentialsException("Invalid " + property(name, "tables") + " value '" + table
						+ "': use *, <database>.* or <database>.<table>");
			}
		}
		Set<AdminPrincipal.Grant> grants = new LinkedHashSet<>();
		for (AdminScope scope : parsedScopes) {
			for (TablePattern pattern : patterns) {
				grants.add(new AdminPrincipal.Grant(scope, pattern));
			}
		}
		return new AdminCredential(name, tokenHashes, List.copyOf(grants));
	}

	/** Empty entries (as a YAML list item without a value binds) for {@code null} ones. */
	private static List<String> present(List<? extends @Nullable String> values) {
		return values.stream().map((value) -> (value != null) ? value : "").toList();
	}

	/**
	 * The credential of the single {@code paimon.admin.token}: {@link AdminPrincipal#TOKEN_NAME}, every scope on
	 * every table.
	 * @param token the token
	 * @return the credential, holding the token's hash
	 */
	public static AdminCredential token(String token) {
		return new AdminCredential(AdminPrincipal.TOKEN_NAME, List.of(hash(token)),
				AdminPrincipal.unrestricted(AdminPrincipal.TOKEN_NAME).grants());
	}

	/**
	 * The hash of a token, as {@code token-hashes} lists it.
	 * @param token the token
	 * @return {@code sha256:} and the lowercase hex SHA-256 of the token's UTF-8 bytes
	 */
	public static String hash(String token) {
		return HASH_PREFIX + HexFormat.of().formatHex(sha256(token));
	}

	/**
	 * The SHA-256 of a token's UTF-8 bytes.
	 * @param token the token
	 * @return 32 bytes
	 */
	static byte[] sha256(String token) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is not available", ex);
		}
	}

	/** The hashes as bytes, for comparisons. */
	List<byte[]> hashBytes() {
		return this.tokenHashes.stream().map((hash) -> HexFormat.of().parseHex(hash, HASH_PREFIX.length(),
				hash.length())).toList();
	}

	/**
	 * The principal of requests that present one of the credential's tokens.
	 * @return the principal, named as the credential
	 */
	public AdminPrincipal principal() {
		return new AdminPrincipal(this.name, this.grants);
	}

	/**
	 * The name of a property of a configured credential.
	 * @param name the credential's name
	 * @param field {@code token-hashes}, {@code scopes} or {@code tables}
	 * @return for example {@code paimon.admin.credentials.gateway.tables}
	 */
	public static String property(String name, String field) {
		return PROPERTY_PREFIX + name + "." + field;
	}

	private static void checkName(String name) {
		if (!NAME.matcher(name).matches()) {
			throw new AdminCredentialsException("Invalid credential name '" + name + "' in " + PROPERTY_PREFIX
					+ "<name>: use letters, digits, '.', '_' and '-', starting with a letter or digit");
		}
	}

	private static void checkHash(String name, String hash) {
		if (HASH.matcher(hash).matches()) {
			return;
		}
		// a value that does not even start like a hash may be a clear-text token pasted by mistake: not shown
		String shown = hash.startsWith(HASH_PREFIX) ? "value '" + hash + "'"
				: "value (not shown: it does not start with " + HASH_PREFIX + " and may be a clear-text token)";
		throw new AdminCredentialsException("Invalid " + property(name, "token-hashes") + " " + shown + ": expected "
				+ HOW_TO_HASH);
	}

	@Override
	public String toString() {
		return this.name + " (" + this.tokenHashes.size() + " token hash(es)) " + this.grants;
	}

}
