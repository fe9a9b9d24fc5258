package io.github.paimonspring.ingest;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.PaimonArgumentException;
import io.github.paimonspring.write.PaimonStateException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.jspecify.annotations.Nullable;

/**
 * Channels with offset tokens on top of the group commit. A channel is a named producer of a table.
 * Opening it records a new generation — the id of the snapshot that records the opening — and fences
 * every older one; an append names its generation and the offset token of its last row, and the group
 * commit records the channel's offset token in the same snapshot as the rows. A producer that crashed
 * reopens the channel (on any instance), reads the committed offset token and resumes after it.
 *
 * <p>While appends of a channel are in flight, this instance holds the channel's claim (shared through
 * the {@link KeyClaims}); an opening takes the claim itself before it records the new generation, so
 * it waits for those appends to be committed or failed, and an append checks the generation only after
 * it holds the claim. No append of an older generation can therefore be committed after an opening.
 */
final class Channels {

	private static final int MAX_NAME_LENGTH = 128;

	private static final int MAX_TOKEN_LENGTH = 256;

	private final KeyClaims claims;

	private final Duration openWait;

	private final Map<String, Slot> slots = new ConcurrentHashMap<>();

	Channels(KeyClaims claims, IngestSettings settings) {
		this.claims = claims;
		this.openWait = settings.commitInterval().multipliedBy(4).plusSeconds(30);
	}

	/** This instance's appends in flight for one channel, and whether it is being opened. */
	private static final class Slot {

		int inFlight;

		boolean opening;

	}

	/**
	 * Opens a channel: waits for appends in flight, records a new generation and returns the state.
	 */
	ChannelState open(String table, TableIngest<?> ingest, SnapshotIndex index, String channel) {
		checkName(table, channel);
		Slot slot = slot(table, channel);
		synchronized (slot) {
			if (slot.opening) {
				throw new IngestBusyException(table, "Channel '" + channel + "' of table '" + table
						+ "' is being opened by another request; retry later");
			}
			slot.opening = true;
		}
		try {
			claimForOpening(table, channel);
			try {
				CommitResult opened = await(table, ingest.submit(List.of(), null,
						new ChannelUpdate(channel, -1, null)));
				ChannelState state = index.channel(channel);
				if (state == null || state.generation() != opened.snapshotId()) {
					throw new IngestGroupException(table, "Channel '" + channel + "' of table '" + table
							+ "' was opened again at the same time; open it again", null);
				}
				return state;
			}
			finally {
				this.claims.release(table, claimKey(channel));
			}
		}
		finally {
			synchronized (slot) {
				slot.opening = false;
			}
		}
	}

	/**
	 * Appends batches to a channel of the given generation; the future completes with the group commit
	 * that records the offset token.
	 */
	CompletableFuture<CommitResult> append(String table, TableIngest<?> ingest, SnapshotIndex index, String channel,
			long generation, String offsetToken, List<VectorSchemaRoot> batches) {
		checkName(table, channel);
		if (offsetToken == null || offsetToken.isEmpty() || offsetToken.length() > MAX_TOKEN_LENGTH
				|| offsetToken.chars().anyMatch(Character::isISOControl)) {
			throw new PaimonArgumentException(table, "offset token must be 1 to " + MAX_TOKEN_LENGTH
					+ " characters without control characters");
		}
		Slot slot = slot(table, channel);
		synchronized (slot) {
			if (slot.opening) {
				throw new IngestBusyException(table, "Channel '" + channel + "' of table '" + table
						+ "' is being opened; retry later (an append of an older generation will be refused)");
			}
			if (slot.inFlight == 0 && !this.claims.claim(table, claimKey(channel))) {
				throw new IngestBusyException(table, "Channel '" + channel + "' of table '" + table
						+ "' has appends in flight on another instance, or is being opened there; retry later");
			}
			slot.inFlight++;
		}
		try {
			ChannelState state = index.channel(channel);
			if (state == null || state.generation() != generation) {
				throw new ChannelFencedException(table, "Generation " + generation + " of channel '" + channel
						+ "' of table '" + table + "' is not current" + ((state != null)
								? " (the channel was opened again: generation " + state.generation() + ")"
								: " (the channel was never opened)")
						+ "; open the channel and resume after its committed offset token");
			}
			return ingest.submit(batches, null, new ChannelUpdate(channel, generation, offsetToken))
				.whenComplete((result, failure) -> leave(table, channel, slot));
		}
		catch (RuntimeException ex) {
			leave(table, channel, slot);
			throw ex;
		}
	}

	private void leave(String table, String channel, Slot slot) {
		synchronized (slot) {
			if (--slot.inFlight == 0) {
				this.claims.release(table, claimKey(channel));
			}
		}
	}

	/** Takes the channel's claim, waiting (bounded) while appends of this or another instance hold it. */
	private void claimForOpening(String table, String channel) {
		long deadline = System.nanoTime() + this.openWait.toNanos();
		while (!this.claims.claim(table, claimKey(channel))) {
			if (System.nanoTime() > deadline) {
				throw new IngestBusyException(table, "Channel '" + channel + "' of table '" + table
						+ "' still has appends in flight after " + this.openWait.toSeconds() + " s; retry later");
			}
			try {
				Thread.sleep(20);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IngestBusyException(table, "Interrupted while opening channel '" + channel + "'");
			}
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

	private Slot slot(String table, String channel) {
		return this.slots.computeIfAbsent(table + '\n' + channel, (key) -> new Slot());
	}

	private static String claimKey(String channel) {
		return "channel:" + channel;
	}

	static void checkName(String table, @Nullable String channel) {
		if (channel == null || channel.isEmpty() || channel.length() > MAX_NAME_LENGTH
				|| !channel.matches("[A-Za-z0-9._-]+")) {
			throw new PaimonArgumentException(table, "channel name must be 1 to " + MAX_NAME_LENGTH
					+ " letters, digits, '.', '_' or '-'");
		}
	}

}
