package io.github.paimonspring.admin.access;

import java.util.Locale;

/**
 * The scopes of the admin API. Every operation needs one scope on its table; a principal holds scopes on
 * table patterns. {@link #ADMIN} includes every other scope, {@link #INGEST} and {@link #MAINTAIN} include
 * {@link #READ}.
 */
public enum AdminScope {

	/**
	 * Table list and metadata, transaction and channel state, maintenance status, the actuator endpoints, the
	 * OpenAPI documents.
	 */
	READ,

	/**
	 * Uploads without overwrite, the caller's own transactions (open, upload, commit, prepare, abort) and channels
	 * (open, append, close).
	 */
	INGEST,

	/** Compaction, snapshot expiry and orphan-file removal. */
	MAINTAIN,

	/** Truncate, overwrite, committing prepared commits, and other principals' transactions and channels. */
	ADMIN;

	/**
	 * Whether holding this scope is enough for an operation that needs another.
	 * @param required the scope the operation needs
	 * @return {@code true} if this scope is the required one or includes it
	 */
	public boolean includes(AdminScope required) {
		return this == required || this == ADMIN || (required == READ && (this == INGEST || this == MAINTAIN));
	}

	/**
	 * The scope's name in configuration, authorities and messages.
	 * @return for example {@code ingest}
	 */
	public String id() {
		return name().toLowerCase(Locale.ROOT);
	}

	/**
	 * The scope of a name, in any case.
	 * @param id for example {@code ingest} or {@code INGEST}
	 * @return the scope
	 * @throws IllegalArgumentException naming the valid scopes if there is none of that name
	 */
	public static AdminScope of(String id) {
		for (AdminScope scope : values()) {
			if (scope.name().equalsIgnoreCase(id.trim())) {
				return scope;
			}
		}
		throw new IllegalArgumentException("Unknown admin scope '" + id + "'; the scopes are read, ingest, maintain "
				+ "and admin");
	}

}
