package io.github.paimonspring.write;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.PaimonCommitException;
import io.github.paimonspring.PaimonStateException;
import io.github.paimonspring.catalog.CommitFence;
import io.github.paimonspring.write.commit.TableCommitter;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.jspecify.annotations.Nullable;

/**
 * The commit step of a write family: commits, truncates and aborts for one table, commit user and
 * write mode, written once for every family. {@code M} is the family's commit messages type, so that
 * messages of one family cannot be committed by another family's commit (a compile-time error, and a
 * {@link PaimonArgumentException} for raw calls).
 * Only messages prepared for the same table, commit user and mode are accepted. Identifier-based
 * calls give idempotent retries: an identifier is committed when the newest snapshot of the commit
 * user has an identifier greater than or equal to it.
 *
 * @param <M> the commit messages of the family
 */
public abstract class AbstractTableCommit<M extends AbstractCommitMessages<M>> implements AutoCloseable {

	/** Identifier used by one-shot commits, as Paimon's batch commits do. */
	public static final long ONE_SHOT_IDENTIFIER = TableCommitter.ONE_SHOT_IDENTIFIER;

	private final String table;

	private final String location;

	private final String commitUser;

	private final @Nullable Map<String, String> overwritePartition;

	private final Class<M> messagesType;

	private final TableCommitter committer;

	private volatile boolean closed;

	/**
	 * Creates the commit of a family.
	 * @param target the table
	 * @param commitUser the commit user
	 * @param overwritePartition the static partition to overwrite ({@code {}} for the whole table or
	 * the partitions that receive data), or {@code null} to append
	 * @param messagesType the family's messages type; others are refused even through raw calls
	 * @param commitTable the table to create Paimon commits from (usually the target's table)
	 * @param configure applied to every Paimon commit before it runs, or {@code null}
	 */
	protected AbstractTableCommit(WriteTarget target, String commitUser, @Nullable Map<String, String> overwritePartition,
			Class<M> messagesType, FileStoreTable commitTable, @Nullable Consumer<TableCommitImpl> configure) {
		this.table = target.name();
		this.location = target.location();
		this.commitUser = commitUser;
		this.overwritePartition = overwritePartition;
		this.messagesType = messagesType;
		this.committer = new TableCommitter(target.name(), target.table(), commitTable, commitUser, overwritePartition,
				configure, target.fence());
	}

	/**
	 * Returns the table identifier.
	 * @return the identifier, {@code db.table}
	 */
	public String table() {
		return this.table;
	}

	/**
	 * Returns the commit user of this committer.
	 * @return the commit user
	 */
	public String commitUser() {
		return this.commitUser;
	}

	/**
	 * Commits the messages once, with the reserved identifier {@link #ONE_SHOT_IDENTIFIER}; in overwrite
	 * mode it replaces the partitions that receive data (the whole table when unpartitioned, or the
	 * static partition). After such a commit every filtered retry of this commit user counts as
	 * committed, so give batch jobs their own commit user or use identifiers.
	 * @param messages the prepared messages
	 * @return the outcome; not committed when there was nothing to commit
	 * @throws PaimonCommitException if Paimon rejects the commit (for example a conflict)
	 */
	public CommitResult commit(M messages) {
		check(messages);
		return commitChecked(messages, ONE_SHOT_IDENTIFIER, false, Map.of(), CommitFence.NONE);
	}

	/**
	 * Commits the messages under an identifier that must grow with every commit of this commit user.
	 * In append mode nothing is filtered; in overwrite mode an identifier that is already committed is
	 * skipped, so that a retried overwrite never wipes data written in between.
	 * @param messages the prepared messages
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @return the outcome
	 * @throws PaimonCommitException if Paimon rejects the commit
	 */
	public CommitResult commitWithIdentifier(M messages, long identifier) {
		check(messages);
		this.committer.checkIdentifier(identifier);
		return commitChecked(messages, identifier, this.overwritePartition != null, Map.of(), CommitFence.NONE);
	}

	/**
	 * Commits the messages unless this commit user already committed {@code identifier} (or a later
	 * one): the idempotent retry after a lost response or a crash.
	 * @param messages the prepared messages
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @return the outcome; {@code committed} is {@code false} when it was already committed
	 * @throws PaimonCommitException if Paimon rejects the commit
	 */
	public CommitResult filterAndCommitWithIdentifier(M messages, long identifier) {
		check(messages);
		this.committer.checkIdentifier(identifier);
		return commitChecked(messages, identifier, true, Map.of(), CommitFence.NONE);
	}

	/**
	 * Commits the messages under an identifier and records {@code properties} in the new snapshot, so
	 * that they become visible atomically with the rows (readable from {@code Snapshot.properties()}).
	 * A snapshot is written even when the messages carry no files. Nothing is filtered: the caller owns
	 * the identifier sequence of this commit user.
	 * @param messages the prepared messages
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @param properties the snapshot properties
	 * @return the outcome
	 * @throws PaimonCommitException if Paimon rejects the commit
	 */
	public CommitResult commitWithProperties(M messages, long identifier, Map<String, String> properties) {
		return commitWithProperties(messages, identifier, properties, CommitFence.NONE);
	}

	/**
	 * Commits like {@link #commitWithProperties(AbstractCommitMessages, long, Map)}, only while a fence
	 * allows it: the fence is asked before the commit and, where the table's commit lock is a
	 * {@link io.github.paimonspring.catalog.FencedCommitLock}, again inside it right before the snapshot
	 * is written — for example that the caller still holds the claims on what the snapshot records.
	 * @param messages the prepared messages
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @param properties the snapshot properties
	 * @param fence refuses the commit (throwing) when it must not happen
	 * @return the outcome
	 * @throws PaimonCommitException if Paimon rejects the commit
	 */
	public CommitResult commitWithProperties(M messages, long identifier, Map<String, String> properties,
			CommitFence fence) {
		check(messages);
		this.committer.checkIdentifier(identifier);
		return commitChecked(messages, identifier, false, Map.copyOf(properties), fence);
	}

	/**
	 * Returns the files of these messages that a snapshot of the table already references: all of
	 * them once the messages are committed, none before.
	 * @param messages the messages
	 * @return the committed file names
	 */
	public Set<String> committedFiles(M messages) {
		check(messages);
		return this.committer.committedFileNames(messages.messages());
	}

	/**
	 * Returns the snapshot with which this commit user committed {@code identifier} (or a later one),
	 * without committing anything: lets a caller skip work that is already done.
	 * @param identifier the commit identifier
	 * @return the newest snapshot of the commit user, or empty when the identifier is not committed
	 */
	public OptionalLong committedSnapshot(long identifier) {
		checkOpen();
		Long snapshot = this.committer.committedSnapshot(identifier);
		return (snapshot != null) ? OptionalLong.of(snapshot) : OptionalLong.empty();
	}

	/**
	 * Deletes every row of the table with an overwrite snapshot; nothing happens when the table holds
	 * no data.
	 * @return the outcome
	 */
	public CommitResult truncateTable() {
		checkOpen();
		return this.committer.truncateTable();
	}

	/**
	 * Deletes every row of the table unless this commit user already committed {@code identifier};
	 * otherwise always writes a snapshot so that the identifier is recorded.
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @return the outcome
	 */
	public CommitResult truncateTableWithIdentifier(long identifier) {
		checkOpen();
		return this.committer.truncateTableWithIdentifier(identifier);
	}

	/**
	 * Deletes the given partitions with an overwrite snapshot.
	 * @param partitions partition specs (each maps partition keys to values; a partial spec matches
	 * every partition with those values)
	 * @return the outcome
	 */
	public CommitResult truncatePartitions(List<Map<String, String>> partitions) {
		checkOpen();
		return this.committer.truncatePartitions(partitions);
	}

	/**
	 * Deletes the given partitions unless this commit user already committed {@code identifier};
	 * otherwise always writes a snapshot so that the identifier is recorded, so a repeat after an
	 * uncertain outcome is a no-op.
	 * @param partitions partition specs (each maps partition keys to values; a partial spec matches
	 * every partition with those values)
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @return the outcome
	 */
	public CommitResult truncatePartitionsWithIdentifier(List<Map<String, String>> partitions, long identifier) {
		checkOpen();
		return this.committer.truncatePartitionsWithIdentifier(partitions, identifier);
	}

	/**
	 * Deletes the data files of messages that will not be committed. Best effort, and safe after a
	 * commit: files that a snapshot of the table references are never deleted.
	 * @param messages the prepared messages
	 * @return the number of files deleted
	 */
	public int abort(M messages) {
		check(messages);
		return this.committer.abort(messages.messages());
	}

	/**
	 * Closes the committer. Idempotent; it never deletes files.
	 */
	@Override
	public void close() {
		this.closed = true;
	}

	/**
	 * Commits messages that passed the provenance checks. Families with further checks override it.
	 * @param messages the checked messages
	 * @param identifier the identifier to commit under
	 * @param filter whether to skip the commit when the identifier is already committed
	 * @param properties snapshot properties to record (a snapshot is written even without files), or
	 * empty
	 * @param fence what the commit must pass besides the target's fence
	 * @return the outcome
	 */
	protected CommitResult commitChecked(M messages, long identifier, boolean filter, Map<String, String> properties,
			CommitFence fence) {
		return commitFiles(messages.nonEmptyMessages(), messages.rowCount(), identifier, filter, properties, fence);
	}

	/**
	 * Commits Paimon messages of checked family messages.
	 * @param files the non-empty Paimon messages
	 * @param rows the number of rows in their new files, for the result
	 * @param identifier the identifier to commit under
	 * @param filter whether to skip the commit when the identifier is already committed
	 * @param properties snapshot properties to record, or empty
	 * @param fence what the commit must pass besides the target's fence
	 * @return the outcome
	 * @throws PaimonCommitException if Paimon rejects the commit
	 */
	protected final CommitResult commitFiles(List<CommitMessage> files, long rows, long identifier, boolean filter,
			Map<String, String> properties, CommitFence fence) {
		return this.committer.commit(files, rows, identifier, filter, properties, fence);
	}

	/**
	 * Returns whether this commit overwrites.
	 * @return {@code true} in overwrite mode
	 */
	protected final boolean overwrite() {
		return this.overwritePartition != null;
	}

	private void check(@Nullable M messages) {
		checkOpen();
		if (messages == null) {
			throw new PaimonArgumentException(this.table, "commit messages must not be null");
		}
		if (!this.messagesType.isInstance(messages)) {
			throw new PaimonArgumentException(this.table, getClass().getSimpleName() + " for table '" + this.table
					+ "' commits " + this.messagesType.getSimpleName() + ", not " + messages.getClass().getSimpleName()
					+ "; commit messages with the committer of the builder that created their writer");
		}
		messages.checkProvenance(this.table, this.location, this.commitUser, this.overwritePartition);
	}

	private void checkOpen() {
		if (this.closed) {
			throw new PaimonStateException(this.table,
					getClass().getSimpleName() + " for table '" + this.table + "' is closed");
		}
	}

}
