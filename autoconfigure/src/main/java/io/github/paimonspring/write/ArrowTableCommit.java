package io.github.paimonspring.write;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Commits, truncates and aborts for one table, commit user and write mode
 * ({@link ArrowWriteBuilder#newCommit()}). As Paimon splits its commits, {@code commit(messages)} is the
 * one-shot (batch) commit and {@code commit(identifier, messages)} the commit under an identifier that
 * grows with every commit of the commit user (stream); {@code filterAndCommit} skips an identifier the
 * commit user committed already, the idempotent retry. Only messages prepared for the same table, commit
 * user, mode and kind are accepted (a {@code PaimonArgumentException} otherwise, before anything is
 * committed). An identifier is committed when the newest snapshot of the commit user has an identifier
 * greater than or equal to it. With a fixed-bucket plan a commit also checks that every partition keeps
 * one bucket count and that no concurrent commit wrote into its buckets ({@code FixedBucketConflictException}).
 *
 * @since 0.1.0
 */
public interface ArrowTableCommit extends AutoCloseable {

	/** Identifier of one-shot commits, as Paimon's batch commits use. */
	long ONE_SHOT_IDENTIFIER = Long.MAX_VALUE;

	/**
	 * Returns the table identifier.
	 * @return the identifier, {@code db.table}
	 */
	String table();

	/**
	 * Returns the commit user of this committer.
	 * @return the commit user
	 */
	String commitUser();

	/**
	 * Commits the messages once, with the reserved identifier {@link #ONE_SHOT_IDENTIFIER}; in overwrite
	 * mode it replaces the partitions that receive data (the whole table when unpartitioned, or the
	 * static partition). After such a commit every filtered retry of this commit user counts as
	 * committed, so give batch jobs their own commit user or use identifiers.
	 * @param messages the prepared messages
	 * @return the outcome; not committed when there was nothing to commit
	 * @throws io.github.paimonspring.PaimonCommitException if Paimon rejects the commit (for example a
	 * conflict)
	 */
	CommitResult commit(ArrowCommitMessages messages);

	/**
	 * Commits the messages under an identifier that must grow with every commit of this commit user.
	 * In append mode nothing is filtered; in overwrite mode an identifier that is already committed is
	 * skipped, so that a retried overwrite never wipes data written in between.
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @param messages the prepared messages
	 * @return the outcome
	 * @throws io.github.paimonspring.PaimonCommitException if Paimon rejects the commit
	 */
	CommitResult commit(long identifier, ArrowCommitMessages messages);

	/**
	 * Commits the messages unless this commit user already committed {@code identifier} (or a later
	 * one): the idempotent retry after a lost response or a crash.
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @param messages the prepared messages
	 * @return the outcome; {@code committed} is {@code false} when it was already committed
	 * @throws io.github.paimonspring.PaimonCommitException if Paimon rejects the commit
	 */
	CommitResult filterAndCommit(long identifier, ArrowCommitMessages messages);

	/**
	 * Returns the files of these messages that a snapshot of the table already references: all of
	 * them once the messages are committed, none before.
	 * @param messages the messages
	 * @return the committed file names
	 */
	Set<String> committedFiles(ArrowCommitMessages messages);

	/**
	 * Returns the snapshot with which this commit user committed {@code identifier} (or a later one),
	 * without committing anything: lets a caller skip work that is already done.
	 * @param identifier the commit identifier
	 * @return the newest snapshot of the commit user, or empty when the identifier is not committed
	 */
	OptionalLong committedSnapshot(long identifier);

	/**
	 * Deletes every row of the table with an overwrite snapshot; nothing happens when the table holds
	 * no data.
	 * @return the outcome
	 */
	CommitResult truncateTable();

	/**
	 * Deletes every row of the table unless this commit user already committed {@code identifier};
	 * otherwise always writes a snapshot so that the identifier is recorded.
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @return the outcome
	 */
	CommitResult truncateTable(long identifier);

	/**
	 * Deletes the given partitions with an overwrite snapshot.
	 * @param partitions partition specs (each maps partition keys to values; a partial spec matches
	 * every partition with those values)
	 * @return the outcome
	 */
	CommitResult truncatePartitions(List<Map<String, String>> partitions);

	/**
	 * Deletes the given partitions unless this commit user already committed {@code identifier};
	 * otherwise always writes a snapshot so that the identifier is recorded, so a repeat after an
	 * uncertain outcome is a no-op.
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @param partitions partition specs (each maps partition keys to values; a partial spec matches
	 * every partition with those values)
	 * @return the outcome
	 */
	CommitResult truncatePartitions(long identifier, List<Map<String, String>> partitions);

	/**
	 * Deletes the data files of messages that will not be committed. Best effort, and safe after a
	 * commit: files that a snapshot of the table references are never deleted.
	 * @param messages the prepared messages
	 * @return the number of files deleted
	 */
	int abort(ArrowCommitMessages messages);

	/**
	 * Closes the committer. Idempotent; it never deletes files.
	 */
	@Override
	void close();

}
