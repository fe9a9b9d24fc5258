package io.github.paimonspring.write.parquet;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import org.apache.paimon.data.BinaryRow;

/**
 * Which writer keeps each partition of a {@link ColumnarAppendWriter}, as Paimon's append writer keeps
 * one writer per partition: the column-by-column writer keeps at most {@code write-max-writers-to-spill}
 * partitions (at least one), further ones go to the overflow (Paimon's writer). A partition is kept from
 * its first row until a {@link #prepareCommit(boolean) commit} that has nothing of it, as
 * {@code AbstractFileStoreWrite.prepareCommit} closes the writer of a partition a commit did not write
 * (unless no writer has committed yet), and stays with one writer while kept, so that one writer counts
 * its sequence numbers. Tells when Paimon's writer forces its writers to buffer: the first time it
 * creates a writer while it keeps {@code write-max-writers-to-spill} of them
 * ({@code AbstractFileStoreWrite.createWriterContainer}, {@code BaseAppendFileStoreWrite.forceBufferSpill}).
 * Not thread-safe.
 */
final class PartitionWriters {

	private static final int WRITTEN = 0;

	private static final int HANDED_OVER = 1;

	/** {@code write-max-writers-to-spill} as set. */
	private final int maxWriters;

	/** The most partitions the column-by-column writer keeps. */
	private final int maxColumnar;

	/** Whether Paimon's writer would have forced its writers to buffer by now; never reset. */
	private boolean buffering;

	/**
	 * The partitions of the overflow: whether written since the last commit, whether a commit had rows of
	 * them.
	 */
	private final Map<BinaryRow, boolean[]> overflowed = new LinkedHashMap<>();

	/**
	 * Creates the writers' bookkeeping.
	 * @param maxWriters {@code write-max-writers-to-spill} as the table sets it
	 */
	PartitionWriters(int maxWriters) {
		this.maxWriters = maxWriters;
		this.maxColumnar = Math.max(1, maxWriters);
	}

	/**
	 * Gives each partition of a batch that no writer keeps a writer, in the order of their first rows as
	 * Paimon's writer creates them: the column-by-column writer ({@code keep}) while it keeps fewer than its
	 * most, the overflow otherwise.
	 * @param groups the batch's rows by partition, each in ascending order
	 * @param kept the partitions the column-by-column writer keeps; {@code keep} adds to them
	 * @param keep makes the column-by-column writer keep a partition
	 * @return the row of the batch at which Paimon's writer forces its writers to buffer, or {@code -1}
	 * if not in this batch
	 */
	int admit(Map<BinaryRow, PartitionedRows.Positions> groups, Set<BinaryRow> kept, Consumer<BinaryRow> keep) {
		List<Map.Entry<BinaryRow, PartitionedRows.Positions>> created = new ArrayList<>();
		for (Map.Entry<BinaryRow, PartitionedRows.Positions> group : groups.entrySet()) {
			if (!kept.contains(group.getKey()) && !this.overflowed.containsKey(group.getKey())) {
				created.add(group);
			}
		}
		created.sort(Comparator.comparingInt((group) -> group.getValue().rows[0]));
		int moment = -1;
		for (Map.Entry<BinaryRow, PartitionedRows.Positions> group : created) {
			if (!this.buffering && kept.size() + this.overflowed.size() >= this.maxWriters) {
				this.buffering = true;
				moment = group.getValue().rows[0];
			}
			if (kept.size() < this.maxColumnar) {
				keep.accept(group.getKey());
			}
			else {
				this.overflowed.put(group.getKey().copy(), new boolean[2]);
			}
		}
		return moment;
	}

	/**
	 * Returns whether the rows of a partition go to the overflow, and if so notes that it is written.
	 * @param partition the partition
	 * @return whether the overflow keeps it
	 */
	boolean overflows(BinaryRow partition) {
		boolean[] state = this.overflowed.get(partition);
		if (state == null) {
			return false;
		}
		state[WRITTEN] = true;
		return true;
	}

	/**
	 * Returns whether a commit had rows of a partition the overflow keeps.
	 * @return whether any overflow partition was handed over
	 */
	boolean handedOver() {
		for (boolean[] state : this.overflowed.values()) {
			if (state[HANDED_OVER]) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Notes a commit: the overflow partitions written since the last one are handed over, the others
	 * are forgotten unless {@code first}.
	 * @param first whether no writer (the overflow's or the column-by-column one's) has committed rows yet
	 */
	void prepareCommit(boolean first) {
		Iterator<boolean[]> states = this.overflowed.values().iterator();
		while (states.hasNext()) {
			boolean[] state = states.next();
			if (state[WRITTEN]) {
				state[WRITTEN] = false;
				state[HANDED_OVER] = true;
			}
			else if (!first) {
				states.remove();
			}
		}
	}

	/** Forgets the overflow partitions. */
	void clear() {
		this.overflowed.clear();
	}

}
