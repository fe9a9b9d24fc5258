package io.github.paimonspring.arrow.ipc;

import java.io.IOException;

import org.apache.arrow.memory.BufferAllocator;

/**
 * Decides, before Arrow allocates anything for an IPC message, whether the Arrow memory its loading
 * needs may be taken.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface ArrowMemoryBudget {

	/**
	 * Throws if {@code bytes} of Arrow memory cannot be allocated for message {@code index}.
	 * @param index the message's position in the stream
	 * @param bytes the upper bound of the memory its loading needs
	 * @throws IOException an {@link ArrowIpcLimitException} if it can never fit, or an
	 * {@link ArrowIpcBusyException} if it does not fit now
	 */
	void require(long index, long bytes) throws IOException;

	/**
	 * Returns a budget that lets a batch take what the allocator has free, and refuses one that needs more
	 * than the allocator's limit.
	 * @param allocator the allocator
	 * @return the budget
	 */
	static ArrowMemoryBudget within(BufferAllocator allocator) {
		return (index, bytes) -> {
			if (bytes > allocator.getLimit()) {
				throw new ArrowIpcLimitException("Arrow IPC message " + index + " needs up to " + bytes
						+ " bytes of Arrow memory, more than the limit of " + allocator.getLimit() + " bytes",
						allocator.getLimit());
			}
			long free = allocator.getLimit() - allocator.getAllocatedMemory();
			if (bytes > free) {
				throw new ArrowIpcBusyException("Arrow IPC message " + index + " needs up to " + bytes
						+ " bytes of Arrow memory but only " + Math.max(0, free) + " bytes are free now");
			}
		};
	}

}
