package io.github.paimonspring.ingest.channel;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.ingest.ChannelFencedException;
import io.github.paimonspring.ingest.ChannelState;
import io.github.paimonspring.ingest.IngestBusyException;
import io.github.paimonspring.ingest.IngestGroupException;
import io.github.paimonspring.ingest.IngestSettings;
import io.github.paimonspring.ingest.KeyClaims;
import io.github.paimonspring.ingest.group.TableIngest;
import io.github.paimonspring.ingest.group.ValidatedBatch;
import io.github.paimonspring.ingest.snapshot.ChannelUpdate;
import io.github.paimonspring.ingest.snapshot.SnapshotIndex;
import io.github.paimonspring.write.CommitResult;
import org.jspecify.annotations.Nullable;

/**
 * Channels with ordered offset tokens on top of the group commit. A channel is a named producer of a
 * table. Opening it records a new generation — the id of the snapshot that records the opening — and
 * fences every older one; an append names its generation, the offset token it follows and the one of
 * its last row, and the group commit records the channel's offset token in the same snapshot as the
 * rows. The appends of a generation form a chain ({@link ChannelChain}): in order, duplicates answered
 * without writing, gaps waited for or refused. A producer that crashed reopens the channel (on any
 * instance), reads the committed offset token and resumes after it.
 *
 * <p>While a channel has appends in flight on this instance, the instance holds the channel's claim
 * (shared through the {@link KeyClaims}) and its chain; another instance waits (bounded) for the claim.
 * An opening takes the claim and waits for the chain's links, so no append of an older generation can
 * be committed after an opening; the group commit records a channel update only while the claim holds.
 */
public final class Channels {

	private static final int MAX_NAME_LENGTH = 128;

	/** A channel name's characters; compiled once, as names are checked on every append. */
	private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

	private final KeyClaims claims;

	private final Duration openWait;

	private final Duration claimWait;

	private final Duration orderWait;

	private final Map<String, ChannelChain> chains = new ConcurrentHashMap<>();

	/**
	 * Creates the channels of the service.
	 * @param claims the claims that make one instance a channel's writer
	 * @param settings the group commit's settings (waits follow the commit interval)
	 */
	public Channels(KeyClaims claims, IngestSettings settings) {
		this.claims = claims;
		this.openWait = settings.commitInterval().multipliedBy(4).plusSeconds(30);
		this.claimWait = settings.claimWait();
		this.orderWait = settings.channelOrderWait();
	}

	/**
	 * Opens a channel: waits for appends in flight, records a new generation and returns the state.
	 */
	public ChannelState open(String table, TableIngest<?> ingest, SnapshotIndex index, String channel) {
		checkName(table, channel);
		ChannelChain chain = enter(table, index, channel, this.openWait);
		try {
			chain.beginOpening();
			try {
				CommitResult opened = await(table, ingest.submit(List.of(), null, ChannelUpdate.open(channel), -1)
					.orElseThrow()
					.result());
				ChannelState state = index.channel(channel);
				Long openedSnapshot = opened.snapshotId();
				if (state == null || openedSnapshot == null || state.generation() != openedSnapshot) {
					throw new IngestGroupException(table, "Channel '" + channel + "' of table '" + table
							+ "' was opened again at the same time; open it again", null);
				}
				chain.reset(state);
				return state;
			}
			finally {
				chain.endOpening();
			}
		}
		finally {
			leave(table, channel, chain);
		}
	}

	/**
	 * Closes a channel: waits for appends in flight and records that the channel is gone; a later
	 * opening starts a new chain without an offset token.
	 * @param generation the generation that must hold the channel (else it is fenced), or -1 for any
	 * @return the state the channel had, or {@code null} when it was not open (nothing is committed)
	 */
	public @Nullable ChannelState close(String table, TableIngest<?> ingest, SnapshotIndex index, String channel,
			long generation) {
		checkName(table, channel);
		ChannelChain chain = enter(table, index, channel, this.openWait);
		try {
			chain.beginOpening();
			try {
				ChannelState state = index.channel(channel);
				if (state == null) {
					return null;
				}
				if (generation >= 0 && state.generation() != generation) {
					throw fenced(table, channel, generation, state.generation());
				}
				await(table, ingest.submit(List.of(), null, ChannelUpdate.close(channel), -1).orElseThrow().result());
				chain.reset(new ChannelState(table, channel, -1, null, -1));
				return state;
			}
			finally {
				chain.endOpening();
			}
		}
		finally {
			leave(table, channel, chain);
		}
	}

	/**
	 * Appends batches to a channel of the given generation after the offset token {@code after}; the
	 * future completes with the group commit that records {@code offsetToken}, or at once for a
	 * duplicate that is committed.
	 */
	@SuppressWarnings("FutureReturnValueIgnored") // whenComplete only leaves the channel; the caller gets the result
	public CompletableFuture<CommitResult> append(String table, TableIngest<?> ingest, SnapshotIndex index,
			String channel,
			long generation, @Nullable String after, String offsetToken, List<ValidatedBatch> batches) {
		checkName(table, channel);
		Long afterValue = (after == null || after.isEmpty()) ? null : OffsetToken.parse(table, "after", after);
		long token = OffsetToken.parse(table, "offsetToken", offsetToken);
		ChannelChain chain = enter(table, index, channel, this.claimWait);
		CompletableFuture<CommitResult> result;
		try {
			result = chain.append(ingest, generation, afterValue, token, batches);
		}
		catch (RuntimeException ex) {
			leave(table, channel, chain);
			throw ex;
		}
		result.whenComplete((done, failure) -> leave(table, channel, chain));
		return result;
	}

	/**
	 * Returns the chain of a channel, entered by the caller: the one this instance has, or a new one on
	 * the committed state once the channel's claim is taken — waiting (bounded) while another instance
	 * holds it.
	 */
	private ChannelChain enter(String table, SnapshotIndex index, String channel, Duration wait) {
		String key = table + '\n' + channel;
		long deadline = System.nanoTime() + wait.toNanos();
		while (true) {
			ChannelChain chain = this.chains.get(key);
			if (chain != null && chain.enter()) {
				return chain;
			}
			if (chain == null && this.claims.claim(table, ChannelUpdate.claimKey(channel))) {
				ChannelChain created;
				try {
					ChannelState state = index.channel(channel);
					created = new ChannelChain(table, channel,
							(state != null) ? state : new ChannelState(table, channel, -1, null, -1),
							this.orderWait.toNanos(), this.openWait.toNanos());
				}
				catch (RuntimeException ex) {
					this.claims.release(table, ChannelUpdate.claimKey(channel));
					throw ex;
				}
				created.enter();
				this.chains.put(key, created);
				return created;
			}
			if (System.nanoTime() > deadline) {
				throw new IngestBusyException(table, "Channel '" + channel + "' of table '" + table
						+ "' has appends in flight on another instance, or is being opened there; retry later",
						this.claims.retryAfter());
			}
			try {
				Thread.sleep(20);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IngestBusyException(table, "Interrupted while waiting for channel '" + channel + "'");
			}
		}
	}

	/** Leaves a chain; the last one out of an idle chain drops it and releases the claim. */
	private void leave(String table, String channel, ChannelChain chain) {
		if (chain.leave()) {
			this.chains.remove(table + '\n' + channel, chain);
			this.claims.release(table, ChannelUpdate.claimKey(channel));
		}
	}

	private CommitResult await(String table, CompletableFuture<CommitResult> future) {
		try {
			return future.get(this.openWait.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new IngestGroupException(table, "Opening a channel failed: " + ex.getCause(), ex.getCause());
		}
		catch (TimeoutException ex) {
			throw new IngestGroupException(table, "Opening a channel was not committed within " + this.openWait, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IngestGroupException(table, "Interrupted while opening a channel", ex);
		}
	}

	/** The refusal of an append whose generation is not the channel's current one. */
	static ChannelFencedException fenced(String table, String channel, long generation, long current) {
		return new ChannelFencedException(table, "Generation " + generation + " of channel '" + channel + "' of table '"
				+ table + "' is not current" + ((current >= 0)
						? " (the channel was opened again: generation " + current
								+ ")" : " (the channel was never opened)")
				+ "; open the channel and resume after its committed offset token");
	}

	/**
	 * Refuses a channel name that is empty, longer than 128 characters or not made of letters, digits,
	 * '.', '_' and '-', with a {@code PaimonArgumentException}.
	 * @param table the table, for the refusal
	 * @param channel the name
	 */
	public static void checkName(String table, @Nullable String channel) {
		if (channel == null || channel.isEmpty() || channel.length() > MAX_NAME_LENGTH
				|| !NAME.matcher(channel).matches()) {
			throw new PaimonArgumentException(table, "channel name must be 1 to " + MAX_NAME_LENGTH
					+ " letters, digits, '.', '_' or '-'");
		}
	}

}
