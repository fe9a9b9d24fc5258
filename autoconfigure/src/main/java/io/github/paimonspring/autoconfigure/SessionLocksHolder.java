package io.github.paimonspring.autoconfigure;

import io.github.paimonspring.cluster.SessionLocks;
import org.jspecify.annotations.Nullable;

/**
 * This instance's {@link SessionLocks} when the catalog is a JDBC catalog on PostgreSQL (claims and
 * commit locks that end with the instance), else none; closed with the context, which ends the sessions
 * and so releases whatever they still hold.
 */
final class SessionLocksHolder implements AutoCloseable {

	private final @Nullable SessionLocks locks;

	SessionLocksHolder(@Nullable SessionLocks locks) {
		this.locks = locks;
	}

	@Nullable SessionLocks locks() {
		return this.locks;
	}

	@Override
	public void close() {
		if (this.locks != null) {
			this.locks.close();
		}
	}

}
