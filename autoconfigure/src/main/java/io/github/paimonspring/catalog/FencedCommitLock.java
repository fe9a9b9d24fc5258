package io.github.paimonspring.catalog;

import java.util.concurrent.Callable;

import org.apache.paimon.catalog.CatalogLock;
import org.apache.paimon.catalog.CatalogLockFactory;
import org.apache.paimon.table.FileStoreTable;
import org.jspecify.annotations.Nullable;

/**
 * A table commit lock that a committing thread holds across a whole Paimon commit (manifests and
 * snapshot), and that asks the commit's {@link CommitFence} again inside the lock, right before the
 * snapshot file is written: so a process that was paused while it held claims or the lock, and lost
 * them meanwhile, refuses to commit after it resumes. The lock Paimon itself takes around the snapshot
 * write is the same lock, re-entered by the holding thread.
 */
public interface FencedCommitLock {

	/**
	 * Runs a commit holding the table's commit lock; {@code fence} is asked after the lock is taken and
	 * again right before the snapshot is written.
	 * @param <T> the result
	 * @param database the database
	 * @param table the table name
	 * @param fence the checks the commit must pass inside the lock
	 * @param commit the commit
	 * @return what the commit returns
	 * @throws Exception what the commit or the lock throws
	 */
	<T> T callHolding(String database, String table, CommitFence fence, Callable<T> commit) throws Exception;

	/**
	 * Returns the fenced commit lock of a table: the lock its catalog gives its commits, when that lock
	 * is one.
	 * @param table the table
	 * @return the lock, or {@code null} when the table's commits take no such lock
	 */
	static @Nullable FencedCommitLock of(FileStoreTable table) {
		CatalogLockFactory factory = table.catalogEnvironment().lockFactory();
		if (factory == null || table.catalogEnvironment().identifier() == null) {
			return null;
		}
		CatalogLock lock = factory.createLock(table.catalogEnvironment().lockContext());
		return (lock instanceof FencedCommitLock fenced) ? fenced : null;
	}

}
