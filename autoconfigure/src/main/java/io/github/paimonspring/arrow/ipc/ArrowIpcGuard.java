package io.github.paimonspring.arrow.ipc;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ReadableByteChannel;
import java.util.Arrays;

import org.apache.arrow.flatbuf.Message;

/**
 * Checks the framing of an Arrow IPC stream before Arrow's reader sees it, and counts and limits the
 * bytes read. Arrow's reader trusts each message's length prefix and allocates it on the heap, so a
 * few garbage bytes could announce gigabytes; this stream requires the continuation marker, caps the
 * metadata length (reading metadata as it arrives, so a stalled client holds only what it sent),
 * checks every message with {@link ArrowMessageChecks}, and asks the {@link ArrowMemoryBudget} whether
 * the Arrow memory a batch needs is available before Arrow allocates it.
 */
final class ArrowIpcGuard extends FilterInputStream implements ReadableByteChannel {

	private static final int CONTINUATION = 0xFFFFFFFF;

	private static final int METADATA_CHUNK = 64 * 1024;

	private final ArrowIpcLimits limits;

	private final long maxBytes;

	private final ArrowMessageChecks checks;

	private final ArrowMemoryBudget budget;

	private long consumed;

	private byte[] header = new byte[0];

	private int headerPosition;

	private long bodyRemaining;

	private boolean ended;

	private boolean closed;

	private byte[] scratch = new byte[0];

	private long messages;

	ArrowIpcGuard(InputStream in, ArrowIpcLimits limits, long maxBytes, ArrowMessageChecks checks,
			ArrowMemoryBudget budget) {
		super(in);
		this.limits = limits;
		this.maxBytes = maxBytes;
		this.checks = checks;
		this.budget = budget;
	}

	/**
	 * Returns the number of bytes read from the request so far.
	 */
	long bytesRead() {
		return this.consumed;
	}

	@Override
	public int read() throws IOException {
		byte[] one = new byte[1];
		int n = read(one, 0, 1);
		return (n <= 0) ? -1 : (one[0] & 0xff);
	}

	@Override
	public int read(byte[] buffer, int offset, int length) throws IOException {
		if (length == 0) {
			return 0;
		}
		if (this.headerPosition < this.header.length) {
			int n = Math.min(length, this.header.length - this.headerPosition);
			System.arraycopy(this.header, this.headerPosition, buffer, offset, n);
			this.headerPosition += n;
			return n;
		}
		if (this.bodyRemaining > 0) {
			return bodyRead(this.in.read(buffer, offset, (int) Math.min(length, this.bodyRemaining)));
		}
		if (this.ended || !nextMessage()) {
			return -1;
		}
		return read(buffer, offset, length);
	}

	/**
	 * Reads like {@link #read(byte[], int, int)}, into a buffer: message bodies go straight from the
	 * request into it when the request reads into buffers itself (a {@link ReadableByteChannel}), so that
	 * Arrow's buffers are filled without a copy in between.
	 */
	@Override
	public int read(ByteBuffer target) throws IOException {
		if (!target.hasRemaining()) {
			return 0;
		}
		if (this.headerPosition < this.header.length) {
			int n = Math.min(target.remaining(), this.header.length - this.headerPosition);
			target.put(this.header, this.headerPosition, n);
			this.headerPosition += n;
			return n;
		}
		if (this.bodyRemaining > 0) {
			int wanted = (int) Math.min(target.remaining(), this.bodyRemaining);
			return bodyRead((this.in instanceof ReadableByteChannel channel) ? readInto(channel, target, wanted)
					: readThroughScratch(target, wanted));
		}
		if (this.ended || !nextMessage()) {
			return -1;
		}
		return read(target);
	}

	/** Counts {@code n} bytes of a message body just read; the end of the request inside a body fails. */
	private int bodyRead(int n) throws IOException {
		if (n < 0) {
			throw new ArrowIpcFramingException("Arrow IPC stream is truncated: " + this.bodyRemaining
					+ " byte(s) of a message body are missing");
		}
		count(n);
		this.bodyRemaining -= n;
		return n;
	}

	private static int readInto(ReadableByteChannel channel, ByteBuffer target, int wanted) throws IOException {
		ByteBuffer part = target.duplicate();
		part.limit(part.position() + wanted);
		int n = channel.read(part);
		if (n > 0) {
			target.position(target.position() + n);
		}
		return n;
	}

	private int readThroughScratch(ByteBuffer target, int wanted) throws IOException {
		int length = Math.min(wanted, 64 * 1024);
		if (this.scratch.length < length) {
			this.scratch = new byte[length];
		}
		int n = this.in.read(this.scratch, 0, length);
		if (n > 0) {
			target.put(this.scratch, 0, n);
		}
		return n;
	}

	@Override
	public boolean isOpen() {
		return !this.closed;
	}

	@Override
	public void close() throws IOException {
		this.closed = true;
		super.close();
	}

	/** Reads and checks the next message header; returns false at a clean end of stream. */
	private boolean nextMessage() throws IOException {
		byte[] prefix = new byte[8];
		int first = readUpTo(prefix, 0, 4);
		if (first == 0) {
			if (this.messages == 0) {
				throw new ArrowIpcFramingException("The stream is empty; expected an Arrow IPC stream");
			}
			this.ended = true;
			return false;
		}
		if (first < 4) {
			throw new ArrowIpcFramingException("Arrow IPC stream is truncated inside a message prefix");
		}
		int marker = ByteBuffer.wrap(prefix, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
		if (marker != CONTINUATION) {
			throw new ArrowIpcFramingException("Not an Arrow IPC stream: message " + this.messages
					+ " does not start with the continuation marker 0xFFFFFFFF (legacy streams are not accepted)");
		}
		if (readUpTo(prefix, 4, 4) < 4) {
			throw new ArrowIpcFramingException("Arrow IPC stream is truncated inside a message prefix");
		}
		long length = ByteBuffer.wrap(prefix, 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xffffffffL;
		this.messages++;
		if (length == 0) {
			this.ended = true;
			this.header = prefix;
			this.headerPosition = 0;
			return true;
		}
		if (length > this.limits.maxMetadataBytes()) {
			throw new ArrowIpcFramingException("Arrow IPC message " + (this.messages - 1) + " announces " + length
					+ " bytes of metadata; the limit is " + this.limits.maxMetadataBytes()
					+ this.limits.setting("max-metadata-size"));
		}
		byte[] message = readMetadata(prefix, (int) length);
		long index = this.messages - 1;
		// checked first: it refuses malformed flatbuffers, so the reads below cannot fail
		long memory = this.checks.check(index,
				ByteBuffer.wrap(message, 8, (int) length).slice().order(ByteOrder.LITTLE_ENDIAN));
		long bodyLength = Message
			.getRootAsMessage(ByteBuffer.wrap(message, 8, (int) length).slice().order(ByteOrder.LITTLE_ENDIAN))
			.bodyLength();
		if (bodyLength > this.maxBytes - this.consumed) {
			throw new ArrowIpcLimitException("Arrow IPC message " + index + " announces a body of " + bodyLength
					+ " bytes, more than the " + Math.max(0, this.maxBytes - this.consumed)
					+ " bytes left of the upload limit", this.maxBytes);
		}
		if (memory > 0) {
			this.budget.require(index, memory);
		}
		this.header = message;
		this.headerPosition = 0;
		this.bodyRemaining = bodyLength;
		return true;
	}

	/** Reads a message's metadata in chunks, so the array grows only as fast as bytes arrive. */
	private byte[] readMetadata(byte[] prefix, int length) throws IOException {
		byte[] message = new byte[8 + Math.min(length, METADATA_CHUNK)];
		System.arraycopy(prefix, 0, message, 0, 8);
		int filled = 0;
		while (filled < length) {
			if (8 + filled == message.length) {
				message = Arrays.copyOf(message, 8 + Math.min(length, Math.max(filled * 2, METADATA_CHUNK)));
			}
			int n = readUpTo(message, 8 + filled, Math.min(length - filled, message.length - 8 - filled));
			if (n == 0) {
				throw new ArrowIpcFramingException("Arrow IPC stream is truncated inside message metadata");
			}
			filled += n;
		}
		return message;
	}

	private int readUpTo(byte[] buffer, int offset, int length) throws IOException {
		int total = 0;
		while (total < length) {
			int n = this.in.read(buffer, offset + total, length - total);
			if (n < 0) {
				break;
			}
			count(n);
			total += n;
		}
		return total;
	}

	private void count(int n) throws IOException {
		this.consumed += n;
		if (this.consumed > this.maxBytes) {
			throw new ArrowIpcLimitException("The stream exceeds the limit of " + this.maxBytes + " bytes",
					this.maxBytes);
		}
	}

	@Override
	public long skip(long n) throws IOException {
		byte[] scratch = new byte[(int) Math.min(8192, Math.max(1, n))];
		long skipped = 0;
		while (skipped < n) {
			int read = read(scratch, 0, (int) Math.min(scratch.length, n - skipped));
			if (read < 0) {
				break;
			}
			skipped += read;
		}
		return skipped;
	}

	@Override
	public boolean markSupported() {
		return false;
	}

}
