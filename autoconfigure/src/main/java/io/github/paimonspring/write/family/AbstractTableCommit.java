package io.github.paimonspring.write.family;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.PaimonCommitException;
import io.github.paimonspring.PaimonStateException;
import io.github.paimonspring.catalog.CommitFence;
import io.github.paimonspring.write.ArrowCommitMessages;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.commit.TableCommitter;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.jspecify.annotations.Nullable;

/**
 * The commit step of a write family ({@link ArrowTableCommit}), written once for every family; not API:
 * applications use the interface. {@code M} is the family's commit messages type: messages of another
 * family are refused with a {@link PaimonArgumentException} before anything is committed, as are messages
 * of another table, commit user or mode.
 *
 * @param <M> the commit messages of the family
 */
public abstract class AbstractTableCommit<M extends AbstractCommitMessages<M>> implements ArrowTableCommit {

	private final String table;

	private final String location;

	private final String commitUser;

	private final @Nullable Map<String, String> overwritePartition;

	private final Class<M> messagesType;

	private final String family;

	private final TableCommitter committer;

	private volatile boolean closed;

	/**
	 * Creates the commit of a family.
	 * @param target the table
	 * @param commitUser the commit user
	 * @param overwritePartition the static partition to overwrite ({@code {}} for the whole table or
	 * the partitions that receive data), or {@code null} to append
	 * @param messagesType the family's messages type; others are refused
	 * @param family the family's name in messages, such as {@code fixed-bucket}
	 * @param commitTable the table to create Paimon commits from (usually the target's table)
	 * @param configure applied to every Paimon commit before it runs, or {@code null}
	 */
	protected AbstractTableCommit(WriteTarget target, String commitUser, @Nullable Map<String,
			String> overwritePartition,
			Class<M> messagesType, String family, FileStoreTable commitTable,
			@Nullable Consumer<TableCommitImpl> configure) {
		this.table = target.name();
		this.location = target.location();
		this.commitUser = commitUser;
		this.overwritePartition = overwritePartition;
		this.messagesType = messagesType;
		this.family = family;
		this.committer = new TableCommitter(target.name(), target.table(), commitTable, commitUser, overwritePartition,
				configure, target.fence());
	}

	@Override
	public String table() {
		return this.table;
	}

	@Override
	public String commitUser() {
		return this.commitUser;
	}

	@Override
	public CommitResult commit(ArrowCommitMessages messages) {
		M checked = check(messages);
		return commitChecked(checked, ONE_SHOT_IDENTIFIER, false, Map.of(), CommitFence.NONE);
	}

	@Override
	public CommitResult commit(long identifier, ArrowCommitMessages messages) {
		M checked = check(messages);
		this.committer.checkIdentifier(identifier);
		return commitChecked(checked, identifier, this.overwritePartition != null, Map.of(), CommitFence.NONE);
	}

	@Override
	public CommitResult filterAndCommit(long identifier, ArrowCommitMessages messages) {
		M checked = check(messages);
		this.committer.checkIdentifier(identifier);
		return commitChecked(checked, identifier, true, Map.of(), CommitFence.NONE);
	}

	/**
	 * Commits the messages under an identifier and records {@code properties} in the new snapshot, so
	 * that they become visible atomically with the rows (readable from {@code Snapshot.properties()}),
	 * only while a fence allows it: the fence is asked before the commit and, where the table's commit
	 * lock is a {@link io.github.paimonspring.catalog.FencedCommitLock}, again inside it right before the
	 * snapshot is written — for example that the caller still holds the claims on what the snapshot
	 * records. A snapshot is written even when the messages carry no files. Nothing is filtered: the
	 * caller owns the identifier sequence of this commit user. The group commit's entry; not on
	 * {@link ArrowTableCommit}.
	 * @param messages the prepared messages
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @param properties the snapshot properties
	 * @param fence refuses the commit (throwing) when it must not happen
	 * @return the outcome
	 * @throws PaimonCommitException if Paimon rejects the commit
	 */
	public CommitResult commitWithProperties(M messages, long identifier, Map<String, String> properties,
			CommitFence fence) {
		M checked = check(messages);
		this.committer.checkIdentifier(identifier);
		return commitChecked(checked, identifier, false, Map.copyOf(properties), fence);
	}

	@Override
	public Set<String> committedFiles(ArrowCommitMessages messages) {
		return this.committer.committedFileNames(check(messages).messages());
	}

	@Override
	public OptionalLong committedSnapshot(long identifier) {
		checkOpen();
		Long snapshot = this.committer.committedSnapshot(identifier);
		return (snapshot != null) ? OptionalLong.of(snapshot) : OptionalLong.empty();
	}

	@Override
	public CommitResult truncateTable() {
		checkOpen();
		return this.committer.truncateTable();
	}

	@Override
	public CommitResult truncateTable(long identifier) {
		checkOpen();
		return this.committer.truncateTableWithIdentifier(identifier);
	}

	@Override
	public CommitResult truncatePartitions(List<Map<String, String>> partitions) {
		checkOpen();
		return this.committer.truncatePartitions(partitions);
	}

	@Override
	public CommitResult truncatePartitions(long identifier, List<Map<String, String>> partitions) {
		checkOpen();
		return this.committer.truncatePartitionsWithIdentifier(partitions, identifier);
	}

	@Override
	public int abort(ArrowCommitMessages messages) {
		return this.committer.abort(check(messages).messages());
	}

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

	private M check(@Nullable ArrowCommitMessages messages) {
		checkOpen();
		if (messages == null) {
			throw new PaimonArgumentException(this.table, "commit messages must not be null");
		}
		if (!this.messagesType.isInstance(messages)) {
			throw new PaimonArgumentException(this.table, "ArrowTableCommit for table '" + this.table + "' commits "
					+ this.family + " commit messages, not " + AbstractCommitMessages.kind(messages)
					+ " ones; commit messages with the committer of the builder that created their writer");
		}
		M checked = this.messagesType.cast(messages);
		checked.checkProvenance(this.table, this.location, this.commitUser, this.overwritePartition);
		return checked;
	}

	private void checkOpen() {
		if (this.closed) {
			throw new PaimonStateException(this.table,
					"ArrowTableCommit for table '" + this.table + "' is closed");
		}
	}

}
