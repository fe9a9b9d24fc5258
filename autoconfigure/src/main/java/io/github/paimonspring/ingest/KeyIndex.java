package io.github.paimonspring.ingest;

import java.io.FileNotFoundException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.paimon.Snapshot;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.utils.SnapshotManager;
import org.jspecify.annotations.Nullable;

/**
 * The idempotency keys committed to one table, read from the properties of its retained snapshots:
 * built once from every retained snapshot, then kept current by reading only the snapshots created
 * since (by this instance or any other), so a lookup costs the same however long the table's history
 * is. Keys of expired snapshots are forgotten: the deduplication window is the snapshot retention.
 * Thread-safe.
 */
final class KeyIndex {

	/** The snapshot property that lists the idempotency keys a snapshot commits, one per line. */
	static final String PROPERTY = "paimon-spring.idempotency-keys";

	private final FileStoreTable table;

	private final Map<String, Long> snapshots = new HashMap<>();

	private final Deque<Map.Entry<Long, List<String>>> byAge = new ArrayDeque<>();

	private long indexedUpTo;

	KeyIndex(FileStoreTable table) {
		this.table = table;
	}

	/**
	 * Returns the snapshot that committed a key, reading the snapshots created since the last call.
	 * @param key the idempotency key
	 * @return the snapshot id, or {@code null} when no retained snapshot committed the key
	 */
	synchronized @Nullable Long snapshotOf(String key) {
		refresh();
		return this.snapshots.get(key);
	}

	/**
	 * Returns the number of keys known.
	 * @return the size of the index
	 */
	synchronized int size() {
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
		for (long id = from; id <= latest; id++) {
			Snapshot snapshot;
			try {
				snapshot = manager.tryGetSnapshot(id);
			}
			catch (FileNotFoundException ex) {
				continue; // expired while reading
			}
			String keys = (snapshot.properties() != null) ? snapshot.properties().get(PROPERTY) : null;
			if (keys != null && !keys.isEmpty()) {
				add(id, List.of(keys.split("\n")));
			}
			this.indexedUpTo = id;
		}
		this.indexedUpTo = Math.max(this.indexedUpTo, latest);
		forgetExpired(earliest);
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
