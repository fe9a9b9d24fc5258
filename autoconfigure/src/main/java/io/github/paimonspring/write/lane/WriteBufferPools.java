package io.github.paimonspring.write.lane;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.apache.paimon.memory.AbstractMemorySegmentPool;
import org.apache.paimon.memory.MemorySegment;

/**
 * Write-buffer memory kept from one write to the next. A Paimon writer of a primary-key table sorts
 * its rows in a buffer of {@code write-buffer-size} bytes of heap pages; without reuse every write
 * allocates those pages afresh, and every young collection during the write copies the pages filled so
 * far. A lane takes a pool here when it is created and gives it back when it is closed, so later writes
 * use pages that are already allocated and tenured.
 * <p>
 * Bounded: idle pools hold at most the budget (a quarter of the maximum heap for {@link #SHARED}), a
 * pool is only kept when every page it handed out came back, and idle pools are held softly, so the
 * collector frees them under memory pressure. Thread-safe.
 */
final class WriteBufferPools {

	/** The pools of this JVM: idle pools hold at most a quarter of the maximum heap. */
	static final WriteBufferPools SHARED = new WriteBufferPools(Runtime.getRuntime().maxMemory() / 4);

	private final long budget;

	private final List<SoftReference<Pool>> idle = new ArrayList<>();

	WriteBufferPools(long budget) {
		this.budget = budget;
	}

	/**
	 * Takes an idle pool of this size, or a new one.
	 * @param maxMemory the pool's size in bytes ({@code write-buffer-size})
	 * @param pageSize the page size in bytes ({@code page-size})
	 * @return a pool with all of its pages free, owned by the caller until {@link #giveBack}
	 */
	synchronized Pool take(long maxMemory, int pageSize) {
		for (Iterator<SoftReference<Pool>> it = this.idle.iterator(); it.hasNext();) {
			Pool pool = it.next().get();
			if (pool == null) {
				it.remove();
			}
			else if (pool.maxMemory == maxMemory && pool.pageSize() == pageSize) {
				it.remove();
				return pool;
			}
		}
		return new Pool(maxMemory, pageSize);
	}

	/**
	 * Gives a pool back after its writer closed: it is kept for a later write if every page came back
	 * and the idle pools stay within the budget, otherwise dropped.
	 * @param pool the pool taken with {@link #take}
	 * @return whether it was kept
	 */
	synchronized boolean giveBack(Pool pool) {
		if (!pool.complete() || pool.allocatedBytes() == 0) {
			return false;
		}
		if (idleBytes() + pool.allocatedBytes() > this.budget) {
			return false;
		}
		this.idle.add(new SoftReference<>(pool));
		return true;
	}

	/**
	 * Returns the bytes the idle pools hold (pools the collector freed are not counted).
	 * @return the bytes
	 */
	synchronized long idleBytes() {
		long bytes = 0;
		for (Iterator<SoftReference<Pool>> it = this.idle.iterator(); it.hasNext();) {
			Pool pool = it.next().get();
			if (pool == null) {
				it.remove();
			}
			else {
				bytes += pool.allocatedBytes();
			}
		}
		return bytes;
	}

	/**
	 * A heap page pool that counts the pages it allocated, so that it can tell whether all of them are
	 * free again. Not thread-safe: one Paimon writer uses it at a time.
	 */
	static final class Pool extends AbstractMemorySegmentPool {

		private final long maxMemory;

		private final int maxPages;

		private int allocated;

		Pool(long maxMemory, int pageSize) {
			super(maxMemory, pageSize);
			this.maxMemory = maxMemory;
			this.maxPages = (int) (maxMemory / pageSize);
		}

		@Override
		protected MemorySegment allocateMemory() {
			this.allocated++;
			return MemorySegment.allocateHeapMemory(this.pageSize);
		}

		/** Whether every page handed out came back. */
		boolean complete() {
			return freePages() == this.maxPages;
		}

		long allocatedBytes() {
			return (long) this.allocated * this.pageSize;
		}

	}

}
