package io.github.paimonspring.ingest.snapshot;

import java.io.FileNotFoundException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

import io.github.paimonspring.ingest.ChannelState;
import org.apache.paimon.CoreOptions;
import org.apache.paimon.Snapshot;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.utils.SnapshotManager;
import org.jspecify.annotations.Nullable;

/**
 * What the group commits recorded in one table's snapshot properties: the idempotency keys each
 * snapshot committed, and the state of the table's channels. Built once from every retained snapshot,
 * then kept current by reading only the snapshots created since (by this instance or any other), so a
 * lookup costs the same however long the table's history is. Keys of expired snapshots are forgotten:
 * the deduplication window is the snapshot retention. Channel states are recorded as changes and
 * periodic checkpoints ({@link ChannelStates}). Thread-safe.
 */
public final class SnapshotIndex {

	/** The snapshot property that lists the idempotency keys a snapshot commits, one per line. */
	public static final String PROPERTY = "paimon-spring.idempotency-keys";

	/** The snapshot property with the number of requests a group commit contains. */
	static final String GROUP_PROPERTY = "paimon-spring.group-requests";

	private final ChannelStates channels;

	private final FileStoreTable table;

	private final Map<String, Long> snapshots = new HashMap<>();

	private final Deque<Map.Entry<Long, List<String>>> byAge = new ArrayDeque<>();

	private long indexedUpTo;

	private final Executor readers;

	private final int parallelism;

	/**
	 * Creates the index of a table.
	 * @param name the table identifier
	 * @param table the table
	 * @param readers runs the snapshot reads of a catch-up with a long history
	 * @param parallelism how many snapshots are read at once
	 */
	public SnapshotIndex(String name, FileStoreTable table, Executor readers, int parallelism) {
		this.table = table;
		this.readers = readers;
		this.parallelism = parallelism;
		this.channels = new ChannelStates(name);
	}

	/**
	 * Returns the snapshot that committed a key, reading the snapshots created since the last call.
	 * @param key the idempotency key
	 * @return the snapshot id, or {@code null} when no retained snapshot committed the key
	 */
	public synchronized @Nullable Long snapshotOf(String key) {
		refresh();
		return this.snapshots.get(key);
	}

	/**
	 * Reads the snapshots created since the last call (all retained ones the first time), so that the
	 * next lookup does not have to.
	 */
	public synchronized void catchUp() {
		refresh();
	}

	/**
	 * Returns the number of keys known.
	 * @return the size of the index
	 */
	public synchronized int size() {
		return this.snapshots.size();
	}

	private void refresh() {
		SnapshotManager manager = this.table.snapshotManager();
		Long latest = manager.latestSnapshotIdFromFileSystem();
		if (latest == null) {
			return;
		}
		Long earliest = manager.earliestSnapshotId();
		long from = Math.max(this.indexedUpTo + 1, (earliest != null) ? earliest : 1);
		if (from == 1) {
			this.channels.fromFirstSnapshot();
		}
		// a long history (start-up, a failover) is read several snapshots at once, and indexed in order
		long window = (this.parallelism > 1) ? this.parallelism * 4L : 1;
		for (long start = from; start <= latest; start += window) {
			long end = Math.min(latest, start + window - 1);
			List<CompletableFuture<@Nullable Snapshot>> reads = new ArrayList<>();
			for (long id = start; id <= end; id++) {
				long snapshotId = id;
				reads.add((window == 1) ? CompletableFuture.completedFuture(read(manager, snapshotId))
						: CompletableFuture.supplyAsync(() -> read(manager, snapshotId), this.readers));
			}
			for (int i = 0; i < reads.size(); i++) {
				Snapshot snapshot = join(reads.get(i));
				if (snapshot != null) {
					index(start + i, snapshot);
				}
				this.indexedUpTo = start + i;
			}
		}
		this.indexedUpTo = Math.max(this.indexedUpTo, latest);
		forgetExpired(earliest);
	}

	/** Reads a snapshot, or {@code null} when it expired meanwhile. */
	private static @Nullable Snapshot read(SnapshotManager manager, long id) {
		try {
			return manager.tryGetSnapshot(id);
		}
		catch (FileNotFoundException ex) {
			return null;
		}
	}

	private static @Nullable Snapshot join(CompletableFuture<@Nullable Snapshot> read) {
		try {
			return read.join();
		}
		catch (CompletionException ex) {
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw ex;
		}
	}

	private void index(long id, Snapshot snapshot) {
		Map<String, String> properties = (snapshot.properties() != null) ? snapshot.properties() : Map.of();
		String keys = properties.get(PROPERTY);
		if (keys != null && !keys.isEmpty()) {
			add(id, List.of(keys.split("\n")));
		}
		this.channels.read(id, snapshot.timeMillis(), properties);
	}

	/**
	 * Returns the committed state of a channel, reading the snapshots created since the last call.
	 * @param channel the channel name
	 * @return the state, or {@code null} when the channel was never opened or was closed
	 * @throws io.github.paimonspring.ingest.ChannelStateExpiredException if the state would have to come from an
	 * expired snapshot
	 */
	public synchronized @Nullable ChannelState channel(String channel) {
		refresh();
		return this.channels.get(channel);
	}

	/**
	 * Returns the committed state of every channel, reading the snapshots created since the last call.
	 * @return the states by channel name
	 */
	synchronized Map<String, ChannelState> channels() {
		refresh();
		return this.channels.all();
	}

	/**
	 * Returns the snapshot properties of a group commit: its size, its idempotency keys, and what it
	 * changes in the channels (with a checkpoint of every channel when one is due).
	 * @param members the number of requests in the group
	 * @param keys the group's idempotency keys
	 * @param updates the group's channel updates, in the order they joined
	 * @return the properties
	 */
	public synchronized Map<String, String> groupProperties(int members, List<String> keys,
			List<ChannelUpdate> updates) {
		Map<String, String> properties = new HashMap<>();
		properties.put(GROUP_PROPERTY, String.valueOf(members));
		if (!keys.isEmpty()) {
			properties.put(PROPERTY, encode(keys));
		}
		refresh();
		CoreOptions options = this.table.coreOptions();
		this.channels.write(properties, updates, this.indexedUpTo, options.snapshotNumRetainMin(),
				options.snapshotTimeRetain());
		return properties;
	}

	private void add(long snapshotId, List<String> keys) {
		for (String key : keys) {
			this.snapshots.putIfAbsent(key, snapshotId);
		}
		this.byAge.addLast(Map.entry(snapshotId, keys));
	}

	private void forgetExpired(@Nullable Long earliest) {
		while (earliest != null && !this.byAge.isEmpty() && this.byAge.peekFirst().getKey() < earliest) {
			Map.Entry<Long, List<String>> expired = this.byAge.removeFirst();
			for (String key : expired.getValue()) {
				this.snapshots.remove(key, expired.getKey());
			}
		}
	}

	/**
	 * Encodes keys as the value of {@link #PROPERTY}.
	 * @param keys the keys (printable ASCII without line breaks)
	 * @return the property value
	 */
	static String encode(List<String> keys) {
		return String.join("\n", keys);
	}

}
