package io.github.paimonspring.flight;

import java.time.Duration;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;

import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.AllocationReservation;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.BufferManager;
import org.apache.arrow.memory.rounding.RoundingPolicy;
import org.jspecify.annotations.Nullable;

/**
 * The allocator of the Flight server: the endpoint's root allocator, which also remembers every buffer Flight's
 * message decoder allocates until the decoded message reaches the endpoint ({@link #claim}). Flight's decoder
 * allocates a message's body before it looks at the message type and drops it when that fails (an unknown type,
 * metadata that is no message), and gRPC answers such a call itself: without this record, the body's Arrow memory
 * would stay allocated for good. {@link #releaseUnclaimed} frees what stayed unclaimed. Uploads are decoded by the
 * endpoint's own {@link FlightDataDecoder}, which frees what it allocated for a message it cannot decode; this record
 * covers Flight's decoder where it still runs (another Flight version, where the decoder cannot be put in place).
 */
final class ParseTrackingAllocator implements BufferAllocator {

	private static final StackWalker STACK = StackWalker.getInstance();

	private static final String DECODER = "org.apache.arrow.flight.ArrowMessage";

	private final BufferAllocator delegate;

	private final IdentityHashMap<ArrowBuf, Long> unclaimed = new IdentityHashMap<>();

	ParseTrackingAllocator(BufferAllocator delegate) {
		this.delegate = delegate;
	}

	/**
	 * Marks buffers as taken over by a decoded message.
	 * @param buffers the message's buffers
	 */
	void claim(Iterable<ArrowBuf> buffers) {
		synchronized (this.unclaimed) {
			for (ArrowBuf buffer : buffers) {
				this.unclaimed.remove(buffer);
			}
		}
	}

	/**
	 * Frees the buffers the decoder allocated at least {@code age} ago that no message took over: a decoded
	 * message takes its buffers over at once, so those were dropped by a decoding that failed.
	 * @param age how long ago
	 * @return the bytes freed
	 */
	long releaseUnclaimed(Duration age) {
		long now = System.nanoTime();
		long freed = 0;
		synchronized (this.unclaimed) {
			for (Iterator<Map.Entry<ArrowBuf, Long>> entries = this.unclaimed.entrySet().iterator(); entries
				.hasNext();) {
				Map.Entry<ArrowBuf, Long> entry = entries.next();
				if (now - entry.getValue() >= age.toNanos()) {
					ArrowBuf buffer = entry.getKey(); // an IdentityHashMap's entry is gone once removed
					entries.remove();
					int references = buffer.getReferenceManager().getRefCount();
					if (references > 0) {
						freed += buffer.capacity();
						buffer.getReferenceManager().release(references);
					}
				}
			}
		}
		return freed;
	}

	private ArrowBuf track(ArrowBuf buffer) {
		if (STACK.walk((frames) -> frames.limit(6).anyMatch((frame) -> frame.getClassName().equals(DECODER)))) {
			synchronized (this.unclaimed) {
				this.unclaimed.put(buffer, System.nanoTime());
			}
		}
		return buffer;
	}

	@Override
	public ArrowBuf buffer(long size) {
		return track(this.delegate.buffer(size));
	}

	@Override
	public ArrowBuf buffer(long size, BufferManager manager) {
		return track(this.delegate.buffer(size, manager));
	}

	@Override
	public BufferAllocator getRoot() {
		return this.delegate.getRoot();
	}

	@Override
	public BufferAllocator newChildAllocator(String name, long initReservation, long maxAllocation) {
		return this.delegate.newChildAllocator(name, initReservation, maxAllocation);
	}

	@Override
	public BufferAllocator newChildAllocator(String name, AllocationListener listener, long initReservation,
			long maxAllocation) {
		return this.delegate.newChildAllocator(name, listener, initReservation, maxAllocation);
	}

	@Override
	public void close() {
		releaseUnclaimed(Duration.ZERO);
		this.delegate.close();
	}

	@Override
	public long getAllocatedMemory() {
		return this.delegate.getAllocatedMemory();
	}

	@Override
	public long getLimit() {
		return this.delegate.getLimit();
	}

	@Override
	public long getInitReservation() {
		return this.delegate.getInitReservation();
	}

	@Override
	public void setLimit(long newLimit) {
		this.delegate.setLimit(newLimit);
	}

	@Override
	public long getPeakMemoryAllocation() {
		return this.delegate.getPeakMemoryAllocation();
	}

	@Override
	public long getHeadroom() {
		return this.delegate.getHeadroom();
	}

	@Override
	public boolean forceAllocate(long size) {
		return this.delegate.forceAllocate(size);
	}

	@Override
	public void releaseBytes(long size) {
		this.delegate.releaseBytes(size);
	}

	@Override
	public AllocationListener getListener() {
		return this.delegate.getListener();
	}

	@Override
	public @Nullable BufferAllocator getParentAllocator() {
		return this.delegate.getParentAllocator();
	}

	@Override
	public Collection<BufferAllocator> getChildAllocators() {
		return this.delegate.getChildAllocators();
	}

	@Override
	public AllocationReservation newReservation() {
		return this.delegate.newReservation();
	}

	@Override
	public ArrowBuf getEmpty() {
		return this.delegate.getEmpty();
	}

	@Override
	public String getName() {
		return this.delegate.getName();
	}

	@Override
	public boolean isOverLimit() {
		return this.delegate.isOverLimit();
	}

	@Override
	public String toVerboseString() {
		return this.delegate.toVerboseString();
	}

	@Override
	public void assertOpen() {
		this.delegate.assertOpen();
	}

	@Override
	public RoundingPolicy getRoundingPolicy() {
		return this.delegate.getRoundingPolicy();
	}

}
