package io.github.paimonspring.ingest.group;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

import io.github.paimonspring.ingest.IngestListener;
import io.github.paimonspring.ingest.snapshot.ChannelUpdate;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.family.AbstractCommitMessages;
import io.github.paimonspring.write.family.AbstractTableWrite;
import org.jspecify.annotations.Nullable;

/**
 * One group of a table's group commit: the writer its requests share, the requests waiting for its
 * commit with what the commit records for them (idempotency keys, channel updates, and the claims it
 * must still hold), and their outcomes. Guarded by the lock of its {@link TableIngest}.
 *
 * @param <M> the commit messages of the table's write family
 */
final class RequestGroup<M extends AbstractCommitMessages<M>> {

	private static final AtomicLong SEQUENCES = new AtomicLong();

	/** The group's sequence number, unique in the JVM. */
	final long sequence = SEQUENCES.incrementAndGet();

	/** The shared writer, created by the first request. */
	@Nullable AbstractTableWrite<M> writer;

	private final List<Member> members = new ArrayList<>();

	private long rows;

	private long bytes;

	/** A request in a group. */
	private record Member(@Nullable String key, @Nullable ChannelUpdate channel, long rows, long startNanos,
			CompletableFuture<CommitResult> result) {
	}

	/** Adds a request whose rows the shared writer took. */
	void add(@Nullable String key, @Nullable ChannelUpdate channel, long rows, long bytes, long startNanos,
			CompletableFuture<CommitResult> result) {
		this.members.add(new Member(key, channel, rows, startNanos, result));
		this.rows += rows;
		this.bytes += bytes;
	}

	int size() {
		return this.members.size();
	}

	boolean isEmpty() {
		return this.members.isEmpty();
	}

	long rows() {
		return this.rows;
	}

	long bytes() {
		return this.bytes;
	}

	/** The idempotency keys the commit records. */
	List<String> keys() {
		return this.members.stream().map(Member::key).filter(Objects::nonNull).toList();
	}

	/** The channel updates the commit records. */
	List<ChannelUpdate> channelUpdates() {
		return this.members.stream().map(Member::channel).filter(Objects::nonNull).toList();
	}

	/** The claims (keys and channels) this instance must still hold when the group commits. */
	List<String> claimed() {
		List<String> claimed = new ArrayList<>();
		for (Member member : this.members) {
			if (member.key() != null) {
				claimed.add(member.key());
			}
			if (member.channel() != null) {
				claimed.add(ChannelUpdate.claimKey(member.channel().channel()));
			}
		}
		return claimed;
	}

	/** Answers every request with the group's commit and its own row count. */
	void complete(CommitResult result, String table, IngestListener listener) {
		long now = System.nanoTime();
		for (Member member : this.members) {
			listener.acknowledged(table, now - member.startNanos());
			member.result().complete(new CommitResult(member.rows(), result.committed(), result.snapshotId()));
		}
	}

	/** Fails every request of the group. */
	void completeExceptionally(RuntimeException failure) {
		for (Member member : this.members) {
			member.result().completeExceptionally(failure);
		}
	}

}
