package io.github.paimonspring.ingest.snapshot;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import io.github.paimonspring.ingest.ChannelState;
import io.github.paimonspring.ingest.ChannelStateExpiredException;
import org.jspecify.annotations.Nullable;

/**
 * The states of one table's channels as its snapshots record them. A group commit records only what it
 * changes ({@link #CHANGES}: the channels it opened, appended to or closed), and now and then a compact
 * checkpoint of every open channel ({@link #CHECKPOINT}, gzip and Base64) — often enough that one is
 * always among the retained snapshots: at least every {@code snapshot.num-retained.min - 1} snapshots
 * (at most 100) and every half {@code snapshot.time-retained}. So what a commit carries stays small
 * with thousands of channels. Read in snapshot order, the changes since a checkpoint give every state;
 * a state that would have to come from an expired snapshot is refused, never guessed. (When no retained
 * snapshot records any channel, the table is taken to have none.) Not thread-safe: the
 * {@link SnapshotIndex} guards it.
 */
final class ChannelStates {

	/** Property with the channels a group commit changed: {@code name TAB generation TAB token} per line. */
	static final String CHANGES = "paimon-spring.channel-changes";

	/** Property with every open channel, gzip and Base64: {@code name TAB generation TAB changed TAB token}. */
	static final String CHECKPOINT = "paimon-spring.channels-checkpoint";

	/** Property with the newest snapshot the checkpoint's states were read from when it was written. */
	static final String CHECKPOINT_BASE = "paimon-spring.channels-checkpoint-base";

	/**
	 * Property of earlier versions: the state of every channel in every group commit (read as a
	 * checkpoint, never written).
	 */
	static final String LEGACY = "paimon-spring.channels";

	private static final String THIS_SNAPSHOT = "*";

	private static final String CLOSED = "closed";

	private final String table;

	private final Map<String, ChannelState> open = new TreeMap<>();

	/** Channels closed since the last checkpoint, with the snapshot that closed them. */
	private final Map<String, Long> closed = new HashMap<>();

	/** Whether every channel's state is known: the history was read from its first snapshot or a checkpoint. */
	private boolean complete;

	/** Whether any retained snapshot recorded a channel: a table that never had one has nothing to miss. */
	private boolean seen;

	private long checkpointSnapshot = -1;

	private long checkpointMillis;

	private long changedSinceCheckpoint;

	ChannelStates(String table) {
		this.table = table;
	}

	/** Marks the states complete: the table's history is read from its first snapshot. */
	void fromFirstSnapshot() {
		this.complete = true;
	}

	/**
	 * Reads what a snapshot recorded about the channels.
	 * @param snapshotId the snapshot id
	 * @param timeMillis the snapshot's commit time
	 * @param properties the snapshot's properties
	 */
	void read(long snapshotId, long timeMillis, Map<String, String> properties) {
		String changes = properties.get(CHANGES);
		if (changes != null && !changes.isEmpty()) {
			for (String line : changes.split("\n", -1)) {
				applyChange(snapshotId, line);
			}
		}
		String checkpoint = properties.get(CHECKPOINT);
		if (checkpoint != null) {
			String base = properties.get(CHECKPOINT_BASE);
			readCheckpoint(snapshotId, timeMillis, decompress(checkpoint), (base != null) ? Long.parseLong(base) : -1);
		}
		String legacy = properties.get(LEGACY);
		if (legacy != null && !legacy.isEmpty()) {
			readLegacy(snapshotId, legacy);
		}
	}

	private void applyChange(long snapshotId, String line) {
		String[] fields = line.split("\t", 3);
		if (fields.length < 2) {
			return;
		}
		this.changedSinceCheckpoint++;
		this.seen = true;
		if (fields[1].equals(CLOSED)) {
			this.open.remove(fields[0]);
			this.closed.put(fields[0], snapshotId);
			return;
		}
		long generation = fields[1].equals(THIS_SNAPSHOT) ? snapshotId : Long.parseLong(fields[1]);
		String token = (fields.length < 3 || fields[2].isEmpty()) ? null : fields[2];
		this.open.put(fields[0], new ChannelState(this.table, fields[0], generation, token, snapshotId));
		this.closed.remove(fields[0]);
	}

	/**
	 * A checkpoint replaces the states, except for the changes of snapshots committed between the read
	 * it was written from ({@code base}) and itself: those are newer than its entries.
	 */
	private void readCheckpoint(long snapshotId, long timeMillis, String lines, long base) {
		Map<String, ChannelState> states = new TreeMap<>();
		for (String line : lines.split("\n", -1)) {
			String[] fields = line.split("\t", 4);
			if (fields.length == 4) {
				long generation = fields[1].equals(THIS_SNAPSHOT) ? snapshotId : Long.parseLong(fields[1]);
				long changed = fields[2].equals(THIS_SNAPSHOT) ? snapshotId : Long.parseLong(fields[2]);
				states.put(fields[0], new ChannelState(this.table, fields[0], generation,
						fields[3].isEmpty() ? null : fields[3], changed));
			}
		}
		if (this.complete) {
			for (ChannelState known : this.open.values()) {
				if (known.snapshotId() > base && known.snapshotId() < snapshotId) {
					states.put(known.channel(), known);
				}
			}
			this.closed.forEach((channel, at) -> {
				ChannelState state = states.get(channel);
				if (at > base && at < snapshotId && state != null && state.snapshotId() < at) {
					states.remove(channel);
				}
			});
		}
		this.open.clear();
		this.open.putAll(states);
		this.closed.clear();
		this.complete = true;
		this.seen = true;
		this.checkpointSnapshot = snapshotId;
		this.checkpointMillis = timeMillis;
		this.changedSinceCheckpoint = 0;
	}

	private void readLegacy(long snapshotId, String lines) {
		for (String line : lines.split("\n", -1)) {
			String[] fields = line.split("\t", 4);
			if (fields.length < 4) {
				continue;
			}
			long generation = fields[1].equals(THIS_SNAPSHOT) ? snapshotId : Long.parseLong(fields[1]);
			long changed = fields[2].equals(THIS_SNAPSHOT) ? snapshotId : Long.parseLong(fields[2]);
			ChannelState known = this.open.get(fields[0]);
			if (known == null || known.snapshotId() <= changed) {
				this.open.put(fields[0], new ChannelState(this.table, fields[0], generation,
						fields[3].isEmpty() ? null : fields[3], changed));
			}
		}
		this.complete = true;
		this.seen = true;
	}

	/**
	 * Returns the committed state of a channel.
	 * @param channel the channel name
	 * @return the state, or {@code null} when the channel was never opened or was closed
	 * @throws ChannelStateExpiredException if the state would have to come from an expired snapshot
	 */
	@Nullable ChannelState get(String channel) {
		ChannelState state = this.open.get(channel);
		if (state == null && this.seen && !this.complete && !this.closed.containsKey(channel)) {
			throw new ChannelStateExpiredException(this.table,
					"The state of channel '" + channel + "' of table '" + this.table
					+ "' is not in the table's retained snapshots (none of them holds a channel checkpoint); "
					+ "keep snapshot.num-retained.min above the number of commits between two group commits");
		}
		return state;
	}

	/**
	 * Returns the committed state of every open channel.
	 * @return the states by channel name
	 */
	Map<String, ChannelState> all() {
		return new TreeMap<>(this.open);
	}

	/**
	 * Adds to a group commit's properties what it changes in the channels, and a checkpoint of every
	 * open channel when one is due.
	 * @param properties the group commit's properties
	 * @param updates the group's channel updates, in the order they joined
	 * @param latest the newest snapshot read
	 * @param retainMin the table's {@code snapshot.num-retained.min}
	 * @param timeRetained the table's {@code snapshot.time-retained}
	 */
	void write(Map<String, String> properties, List<ChannelUpdate> updates, long latest, int retainMin,
			Duration timeRetained) {
		if (updates.isEmpty() && this.changedSinceCheckpoint == 0) {
			return;
		}
		long interval = Math.max(1, Math.min(100, retainMin - 1));
		boolean due = this.complete && (this.checkpointSnapshot < 0 || latest + 1 - this.checkpointSnapshot >= interval
				|| System.currentTimeMillis() - this.checkpointMillis >= timeRetained.toMillis() / 2);
		if (!due) {
			StringBuilder changes = new StringBuilder();
			for (ChannelUpdate update : updates) {
				if (!changes.isEmpty()) {
					changes.append('\n');
				}
				changes.append(update.channel()).append('\t');
				switch (update.kind()) {
					case CLOSE -> changes.append(CLOSED);
					case OPEN -> changes.append(THIS_SNAPSHOT).append('\t').append(tokenOrEmpty(openedToken(update)));
					case APPEND -> changes.append(update.generation()).append('\t').append(tokenOrEmpty(update
							.offsetToken()));
				}
			}
			properties.put(CHANGES, changes.toString());
			return;
		}
		Map<String, ChannelState> states = new TreeMap<>(this.open);
		for (ChannelUpdate update : updates) {
			switch (update.kind()) {
				case CLOSE -> states.remove(update.channel());
				case OPEN -> states.put(update.channel(),
						new ChannelState(this.table, update.channel(), -1, openedToken(update), -1));
				case APPEND -> states.put(update.channel(), new ChannelState(this.table, update.channel(),
						update.generation(), update.offsetToken(), -1));
			}
		}
		StringBuilder lines = new StringBuilder();
		for (ChannelState state : states.values()) {
			if (!lines.isEmpty()) {
				lines.append('\n');
			}
			lines.append(state.channel()).append('\t').append(snapshotOrThis(state.generation())).append('\t')
				.append(snapshotOrThis(state.snapshotId())).append('\t').append(tokenOrEmpty(state.offsetToken()));
		}
		properties.put(CHECKPOINT, compress(lines.toString()));
		properties.put(CHECKPOINT_BASE, String.valueOf(latest));
	}

	/** An opening keeps the offset token the channel has. */
	private @Nullable String openedToken(ChannelUpdate update) {
		ChannelState known = this.open.get(update.channel());
		return (known != null) ? known.offsetToken() : null;
	}

	private static String tokenOrEmpty(@Nullable String token) {
		return (token != null) ? token : "";
	}

	private static String snapshotOrThis(long id) {
		return (id < 0) ? THIS_SNAPSHOT : String.valueOf(id);
	}

	static String compress(String text) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
			gzip.write(text.getBytes(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return Base64.getEncoder().encodeToString(bytes.toByteArray());
	}

	static String decompress(String value) {
		try (GZIPInputStream gzip = new GZIPInputStream(new ByteArrayInputStream(Base64.getDecoder().decode(value)))) {
			return new String(gzip.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Unreadable channel checkpoint", ex);
		}
	}

}
