package io.github.paimonspring.ingest.channel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.ingest.ChannelOrderException;
import io.github.paimonspring.ingest.ChannelOverlapException;
import io.github.paimonspring.ingest.ChannelState;
import io.github.paimonspring.ingest.IngestBusyException;
import io.github.paimonspring.ingest.group.TableIngest;
import io.github.paimonspring.ingest.group.ValidatedBatch;
import io.github.paimonspring.ingest.snapshot.ChannelUpdate;
import io.github.paimonspring.write.CommitResult;
import org.jspecify.annotations.Nullable;

/**
 * The appends of one channel in one generation, on the instance that holds the channel's claim: a
 * chain of links, each naming the offset token it follows ({@code after}) and the one it reaches. The
 * tail is the last accepted token; the committed token is the last link of the unbroken committed chain.
 * <ul>
 * <li>{@code after} equal to the tail: accepted, joins the group commit, its token becomes the tail;</li>
 * <li>{@code after} beyond the tail: waits (bounded) for its predecessor, else {@link ChannelOrderException};</li>
 * <li>token at or below the tail: a duplicate — answered {@code committed = false} once the link that
 * covers it is committed, nothing written;</li>
 * <li>{@code after} below the tail and token beyond it: {@link ChannelOverlapException}.</li>
 * </ul>
 * Every uncommitted link of a chain is in the same group commit — a link waits for the previous group to
 * be committed before it joins the next — so a failed group breaks the chain at its first link: the
 * tail goes back to the committed token and the appends waiting in the chain are refused as retryable.
 * The committed token therefore never moves backwards and covers every acknowledged append.
 * Guarded by its own monitor; it never calls the group commit while holding it.
 */
final class ChannelChain {

	private final String table;

	private final String channel;

	private final long orderWaitNanos;

	private final long commitWaitNanos;

	private long generation;

	private @Nullable Long committed;

	private @Nullable Long committedSnapshot;

	private @Nullable Long tail;

	private final List<Link> links = new ArrayList<>();

	private boolean linking;

	private boolean opening;

	private long breaks;

	private int users;

	private boolean retired;

	/** A link accepted into the chain and not committed yet. */
	private record Link(long token, long group, CompletableFuture<CommitResult> result) {
	}

	ChannelChain(String table, String channel, ChannelState state, long orderWaitNanos, long commitWaitNanos) {
		this.table = table;
		this.channel = channel;
		this.orderWaitNanos = orderWaitNanos;
		this.commitWaitNanos = commitWaitNanos;
		reset(state);
	}

	/** Takes the committed state (after loading the chain, or after an opening). */
	synchronized void reset(ChannelState state) {
		this.generation = state.generation();
		this.committed = OffsetToken.valueOf(state.offsetToken());
		this.committedSnapshot = state.snapshotId();
		this.tail = this.committed;
	}

	/**
	 * Enters the chain for one request (an append until its outcome, or an opening).
	 * @return {@code false} when the chain was dropped: take a new one
	 */
	synchronized boolean enter() {
		if (this.retired) {
			return false;
		}
		this.users++;
		return true;
	}

	/**
	 * Leaves the chain.
	 * @return {@code true} when this was the last request: the chain is dropped, release its claim
	 */
	synchronized boolean leave() {
		if (--this.users == 0) {
			this.retired = true;
			return true;
		}
		return false;
	}

	/** Marks the channel as being opened (new appends are refused) and waits for the links in flight. */
	synchronized void beginOpening() {
		if (this.opening) {
			throw new IngestBusyException(this.table, "Channel '" + this.channel + "' of table '" + this.table
					+ "' is being opened by another request; retry later");
		}
		this.opening = true;
		long deadline = System.nanoTime() + this.commitWaitNanos;
		while (!this.links.isEmpty() || this.linking) {
			if (!await(deadline)) {
				this.opening = false;
				throw new IngestBusyException(this.table, "Channel '" + this.channel + "' of table '" + this.table
						+ "' still has appends in flight; retry the opening later");
			}
		}
	}

	synchronized void endOpening() {
		this.opening = false;
		notifyAll();
	}

	/**
	 * Appends batches after {@code after} up to {@code token} through the group commit.
	 * @return the outcome: the group commit of the link, or at once ({@code committed = false}) for a
	 * duplicate that is committed
	 */
	@SuppressWarnings("FutureReturnValueIgnored") // whenComplete only unlinks the append; the caller gets the result
	CompletableFuture<CommitResult> append(TableIngest<?> ingest, long generation, @Nullable Long after, long token,
			List<ValidatedBatch> batches) {
		if (after != null && token <= after) {
			throw new PaimonArgumentException(this.table,
					"offsetToken " + token + " must be greater than after " + after
					+ " (an append reaches beyond the token it follows)");
		}
		long start = System.nanoTime();
		long breaksAtStart;
		synchronized (this) {
			breaksAtStart = this.breaks;
		}
		while (true) {
			long required;
			synchronized (this) {
				CompletableFuture<CommitResult> duplicate = admit(generation, after, token, start, breaksAtStart);
				if (duplicate != null) {
					return duplicate;
				}
				this.linking = true;
				required = this.links.isEmpty() ? -1 : this.links.get(this.links.size() - 1).group();
			}
			TableIngest.Joined joined;
			try {
				joined = ingest.submit(batches, null, ChannelUpdate.append(this.channel, generation,
						String.valueOf(token)),
						required).orElse(null);
			}
			catch (RuntimeException ex) {
				synchronized (this) {
					this.linking = false;
					notifyAll();
				}
				throw ex;
			}
			if (joined == null) {
				// the group of the previous link is being committed: wait for it, then join the next one
				synchronized (this) {
					this.linking = false;
					notifyAll();
					awaitDrained(start);
				}
				continue;
			}
			Link link = new Link(token, joined.group(), joined.result());
			synchronized (this) {
				this.linking = false;
				this.links.add(link);
				this.tail = token;
				notifyAll();
			}
			joined.result().whenComplete((result, failure) -> done(link, result, failure));
			return joined.result();
		}
	}

	/**
	 * Waits until the append may join the chain (returns {@code null}), or answers it as a duplicate, or
	 * refuses it. Holds the monitor.
	 */
	private @Nullable CompletableFuture<CommitResult> admit(long generation, @Nullable Long after, long token,
			long start, long breaksAtStart) {
		while (true) {
			if (this.opening) {
				throw new IngestBusyException(this.table, "Channel '" + this.channel + "' of table '" + this.table
						+ "' is being opened; retry later (an append of an older generation will be refused)");
			}
			if (generation != this.generation) {
				throw Channels.fenced(this.table, this.channel, generation, this.generation);
			}
			if (this.committed != null && token <= this.committed) {
				return CompletableFuture.completedFuture(new CommitResult(0, false, this.committedSnapshot));
			}
			boolean matchesTail = (after == null) ? this.tail == null : after.equals(this.tail);
			if (this.tail != null && token <= this.tail) {
				// a duplicate of a link in flight: answered once that link is committed (or the chain broke)
				waitOrRefuse(start + this.commitWaitNanos, "the append it repeats is still being committed");
			}
			else if (matchesTail) {
				if (!this.linking) {
					return null;
				}
				waitOrRefuse(start + this.commitWaitNanos, "the previous append is still joining the group commit");
			}
			else if (after != null && (this.tail == null || after > this.tail)) {
				if (this.breaks != breaksAtStart) {
					throw outOfOrder(after, "the chain broke while it waited (an earlier append failed); resend from "
							+ "the offset token after " + tokenText(this.tail));
				}
				if (!await(start + this.orderWaitNanos)) {
					throw outOfOrder(after, "its predecessor did not arrive within "
							+ TimeUnit.NANOSECONDS.toMillis(this.orderWaitNanos) + " ms; send the appends after "
							+ tokenText(this.tail) + " first, then retry it");
				}
			}
			else {
				throw new ChannelOverlapException(this.table, "The append after " + tokenText(after) + " up to " + token
						+ " overlaps channel '" + this.channel + "' of table '" + this.table + "', whose tail is "
						+ tokenText(this.tail)
								+ ": part of its rows are in the channel already. Send only the rows after "
						+ tokenText(this.tail) + " (after=" + tokenText(this.tail) + ")");
			}
		}
	}

	private void waitOrRefuse(long deadline, String why) {
		if (!await(deadline)) {
			throw new IngestBusyException(this.table, "Channel '" + this.channel + "' of table '" + this.table + "': "
					+ why + " after " + TimeUnit.NANOSECONDS.toSeconds(this.commitWaitNanos) + " s; retry later");
		}
	}

	/** Waits until the links in flight are committed (their group is being committed). */
	private void awaitDrained(long start) {
		while (!this.links.isEmpty()) {
			waitOrRefuse(start + this.commitWaitNanos, "the previous group commit is still running");
		}
	}

	private ChannelOrderException outOfOrder(long after, String why) {
		return new ChannelOrderException(this.table, "Append after " + after + " to channel '" + this.channel
				+ "' of table '" + this.table + "' is out of order: the channel's tail is " + tokenText(this.tail)
				+ "; " + why, (this.tail != null) ? String.valueOf(this.tail) : null);
	}

	/** Records the outcome of a link: the committed token moves on, or the chain breaks. */
	private synchronized void done(Link link, @Nullable CommitResult result, @Nullable Throwable failure) {
		if (!this.links.remove(link)) {
			return; // the chain broke before this link was done
		}
		if (failure == null && result != null) {
			// the links of a group are done in any order of their callbacks: the committed token only grows
			if (this.committed == null || link.token() > this.committed) {
				this.committed = link.token();
				this.committedSnapshot = result.snapshotId();
			}
		}
		else {
			// every link in flight is in the failed group: the chain goes back to the committed token
			this.links.clear();
			this.tail = this.committed;
			this.breaks++;
		}
		notifyAll();
	}

	/** Waits on the monitor until notified or the deadline; returns {@code false} once it passed. */
	private boolean await(long deadline) {
		long left = deadline - System.nanoTime();
		if (left <= 0) {
			return false;
		}
		try {
			TimeUnit.NANOSECONDS.timedWait(this, left);
			return true;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IngestBusyException(this.table, "Interrupted while appending to channel '" + this.channel + "'");
		}
	}

	private static String tokenText(@Nullable Long token) {
		return (token != null) ? String.valueOf(token) : "(none)";
	}

}
