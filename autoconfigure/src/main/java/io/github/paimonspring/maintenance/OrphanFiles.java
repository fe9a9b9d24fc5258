package io.github.paimonspring.maintenance;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import io.github.paimonspring.PaimonCommitException;
import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.cluster.Instances;
import org.apache.paimon.CoreOptions;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.fs.FileStatus;
import org.apache.paimon.fs.Path;
import org.apache.paimon.operation.CleanOrphanFilesResult;
import org.apache.paimon.operation.LocalOrphanFilesClean;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the files of a table that no snapshot, tag or branch references, with Paimon's
 * {@link LocalOrphanFilesClean}, under two rules that keep every file something may still commit:
 * <ul>
 * <li>a file is removed only once it is older than the safe age, which is longer than any staged
 * transaction may live, so the uncommitted files of a live transaction on any instance are kept;</li>
 * <li>except that the files of a dead instance (its id is in their names and its lease ran out) are
 * removed whatever their age: that instance can no longer commit them.</li>
 * </ul>
 * Files of prepared commits that a coordinator may still commit ({@link PendingFiles}) are always kept.
 */
public class OrphanFiles implements OrphanFileCleanup {

	private static final Logger logger = LoggerFactory.getLogger(OrphanFiles.class);

	private static final int SAMPLE = 20;

	private final PaimonTables tables;

	private final @Nullable Instances instances;

	private final Duration olderThan;

	private final PendingFiles pending;

	/**
	 * Creates the cleanup.
	 * @param tables the tables to resolve names against
	 * @param instances the instances, whose dead ones' files are removed at any age, or {@code null}
	 * @param olderThan the safe age: files younger than this are kept (unless a dead instance wrote them)
	 * @param pending the files of prepared commits to keep
	 */
	public OrphanFiles(PaimonTables tables, @Nullable Instances instances, Duration olderThan, PendingFiles pending) {
		this.tables = tables;
		this.instances = instances;
		this.olderThan = olderThan;
		this.pending = pending;
	}

	/**
	 * Returns the safe age.
	 * @return files younger than this are only removed if a dead instance wrote them
	 */
	public Duration olderThan() {
		return this.olderThan;
	}

	/**
	 * Returns this instance's id.
	 * @return the id, or {@code local} without an instance registry
	 */
	public String instance() {
		return (this.instances != null) ? this.instances.id() : "local";
	}

	/**
	 * Returns the dead instances whose files are removed at any age.
	 * @return their ids
	 */
	public Set<String> deadInstances() {
		return (this.instances != null) ? this.instances.deadInstances(this.olderThan) : Set.of();
	}

	/**
	 * Removes (or with {@code dryRun} lists) the orphan files of a table.
	 * @param table a configured table name or {@code database.table}
	 * @param dryRun whether to only report what would be removed
	 * @return what was removed
	 * @throws PaimonCommitException if listing or reading the table fails
	 */
	@Override
	public OrphanFilesResult remove(String table, boolean dryRun) {
		String name = this.tables.identifier(table).getFullName();
		this.tables.getTable(table); // provisions a configured table, refuses an unknown one
		Table resolved;
		try {
			// as stored: without this instance's file prefix
			resolved = this.tables.catalog().getTable(this.tables.identifier(table));
		}
		catch (Catalog.TableNotExistException ex) {
			throw new TableNotFoundException(name, "Table '" + name + "' does not exist");
		}
		if (!(resolved instanceof FileStoreTable fileStoreTable)) {
			return new OrphanFilesResult(name, dryRun, 0, 0, 0, List.of());
		}
		Set<String> dead = deadInstances();
		CoreOptions options = fileStoreTable.coreOptions();
		String dataPrefix = options.dataFilePrefix();
		String changelogPrefix = options.changelogFilePrefix();
		Set<String> kept = this.pending.pendingFiles(name);
		SafeClean clean = new SafeClean(fileStoreTable, System.currentTimeMillis() - this.olderThan.toMillis(), dryRun,
				(file) -> dead.stream()
					.anyMatch((instance) -> file.startsWith(PaimonTables.filePrefix(dataPrefix, instance))
							|| file.startsWith(PaimonTables.filePrefix(changelogPrefix, instance))),
				kept);
		CleanOrphanFilesResult result;
		try {
			result = clean.clean();
		}
		catch (Exception ex) {
			String message = "Removing the orphan files of table '" + name + "' failed: " + ex.getMessage();
			throw PaimonUnavailableException.isUnavailable(ex) ? new PaimonUnavailableException(name, message, ex)
					: new PaimonCommitException(name, message, ex);
		}
		List<Path> deleted = result.getDeletedFilesPath();
		if (deleted == null) {
			// a result made without the paths lists none
			deleted = List.of();
		}
		List<String> sample = deleted.stream().limit(SAMPLE).map(Path::toString).toList();
		long fromDead = deleted.stream().filter((path) -> clean.dead(path.getName())).count();
		if (result.getDeletedFileCount() > 0) {
			logger.info("{} {} orphan file(s) ({} bytes, {} of dead instances {}) of table '{}'",
					dryRun ? "Found" : "Removed", result.getDeletedFileCount(), result.getDeletedFileTotalLenInBytes(),
					fromDead, dead, name);
		}
		return new OrphanFilesResult(name, dryRun, result.getDeletedFileCount(), result.getDeletedFileTotalLenInBytes(),
				fromDead, sample);
	}

	/** Paimon's local cleanup with our notion of "old enough". */
	private static final class SafeClean extends LocalOrphanFilesClean {

		private final Predicate<String> dead;

		private final Set<String> kept;

		SafeClean(FileStoreTable table, long olderThanMillis, boolean dryRun, Predicate<String> dead,
				Set<String> kept) {
			super(table, olderThanMillis, dryRun);
			this.dead = dead;
			this.kept = kept;
		}

		boolean dead(String file) {
			return this.dead.test(file);
		}

		@Override
		protected boolean oldEnough(FileStatus status) {
			String file = status.getPath().getName();
			if (this.kept.contains(file)) {
				return false;
			}
			return super.oldEnough(status) || (!status.isDir() && this.dead.test(file));
		}

	}

}
