package io.github.paimonspring.write.parquet;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.apache.paimon.types.RowType;

/**
 * Key-value buffers kept from one write to the next: a buffer grows its arrays to the rows of a
 * write, and a later write of the same table's rows takes it with its arrays already allocated instead
 * of growing new ones (each growth copies, and every young collection during the write copies what
 * was filled). Bounded like Paimon's write-buffer pools here: idle buffers hold at most the budget (an
 * eighth of the maximum heap for {@link #SHARED}) and are held softly, so the collector frees them
 * under memory pressure. Thread-safe.
 */
final class KeyValueBuffers {

	/** The buffers of this JVM: idle ones hold at most an eighth of the maximum heap. */
	static final KeyValueBuffers SHARED = new KeyValueBuffers(Runtime.getRuntime().maxMemory() / 8);

	private final long budget;

	private final List<SoftReference<KeyValueBuffer>> idle = new ArrayList<>();

	KeyValueBuffers(long budget) {
		this.budget = budget;
	}

	/**
	 * Takes an idle buffer of rows of this type, or a new one.
	 * @param rowType the table's rows
	 * @return an empty buffer, owned by the caller until {@link #giveBack}
	 */
	synchronized KeyValueBuffer take(RowType rowType) {
		for (Iterator<SoftReference<KeyValueBuffer>> it = this.idle.iterator(); it.hasNext();) {
			KeyValueBuffer buffer = it.next().get();
			if (buffer == null) {
				it.remove();
			}
			else if (buffer.rowType().equals(rowType)) {
				it.remove();
				return buffer;
			}
		}
		return new KeyValueBuffer(rowType);
	}

	/**
	 * Gives a buffer back after its writer closed: emptied, and kept for a later write if the idle
	 * buffers stay within the budget.
	 * @param buffer the buffer taken with {@link #take}
	 * @return whether it was kept
	 */
	synchronized boolean giveBack(KeyValueBuffer buffer) {
		buffer.clear();
		long bytes = buffer.capacityBytes();
		long idleBytes = 0;
		for (Iterator<SoftReference<KeyValueBuffer>> it = this.idle.iterator(); it.hasNext();) {
			KeyValueBuffer kept = it.next().get();
			if (kept == null) {
				it.remove();
			}
			else {
				idleBytes += kept.capacityBytes();
			}
		}
		if (idleBytes + bytes > this.budget) {
			return false;
		}
		this.idle.add(new SoftReference<>(buffer));
		return true;
	}

}
