package io.github.paimonspring.admin;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.apache.arrow.flatbuf.Message;

/**
 * Checks the framing of an Arrow IPC stream before Arrow's reader sees it, and counts and limits the
 * bytes read. Arrow's reader trusts each message's length prefix and allocates it on the heap, so a
 * few garbage bytes could announce gigabytes; this stream requires the continuation marker, caps the
 * metadata length, and checks each message's body length against the remaining allowance.
 */
final class ArrowIpcGuard extends FilterInputStream {

	private static final int CONTINUATION = 0xFFFFFFFF;

	private final long maxMetadata;

	private final long maxBytes;

	private long consumed;

	private byte[] header = new byte[0];

	private int headerPosition;

	private long bodyRemaining;

	private boolean ended;

	private long messages;

	ArrowIpcGuard(InputStream in, long maxMetadata, long maxBytes) {
		super(in);
		this.maxMetadata = maxMetadata;
		this.maxBytes = maxBytes;
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
			int n = this.in.read(buffer, offset, (int) Math.min(length, this.bodyRemaining));
			if (n < 0) {
				throw new ArrowFramingException("Arrow IPC stream is truncated: " + this.bodyRemaining
						+ " byte(s) of a message body are missing");
			}
			count(n);
			this.bodyRemaining -= n;
			return n;
		}
		if (this.ended || !nextMessage()) {
			return -1;
		}
		return read(buffer, offset, length);
	}

	/** Reads and checks the next message header; returns false at a clean end of stream. */
	private boolean nextMessage() throws IOException {
		byte[] prefix = new byte[8];
		int first = readUpTo(prefix, 0, 4);
		if (first == 0) {
			if (this.messages == 0) {
				throw new ArrowFramingException("Request body is empty; expected an Arrow IPC stream");
			}
			this.ended = true;
			return false;
		}
		if (first < 4) {
			throw new ArrowFramingException("Arrow IPC stream is truncated inside a message prefix");
		}
		int marker = ByteBuffer.wrap(prefix, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
		if (marker != CONTINUATION) {
			throw new ArrowFramingException("Body is not an Arrow IPC stream: message " + this.messages
					+ " does not start with the continuation marker 0xFFFFFFFF (legacy streams are not accepted)");
		}
		if (readUpTo(prefix, 4, 4) < 4) {
			throw new ArrowFramingException("Arrow IPC stream is truncated inside a message prefix");
		}
		long length = ByteBuffer.wrap(prefix, 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xffffffffL;
		this.messages++;
		if (length == 0) {
			this.ended = true;
			this.header = prefix;
			this.headerPosition = 0;
			return true;
		}
		if (length > this.maxMetadata) {
			throw new ArrowFramingException("Arrow IPC message " + (this.messages - 1) + " announces " + length
					+ " bytes of metadata; the limit is " + this.maxMetadata + " (paimon.admin.max-metadata-size)");
		}
		byte[] message = new byte[8 + (int) length];
		System.arraycopy(prefix, 0, message, 0, 8);
		if (readUpTo(message, 8, (int) length) < length) {
			throw new ArrowFramingException("Arrow IPC stream is truncated inside message metadata");
		}
		long bodyLength;
		try {
			Message flatbuffer = Message.getRootAsMessage(ByteBuffer.wrap(message, 8, (int) length)
				.slice()
				.order(ByteOrder.LITTLE_ENDIAN));
			bodyLength = flatbuffer.bodyLength();
		}
		catch (RuntimeException ex) {
			throw new ArrowFramingException("Arrow IPC message " + (this.messages - 1) + " has malformed metadata");
		}
		if (bodyLength < 0) {
			throw new ArrowFramingException("Arrow IPC message " + (this.messages - 1) + " has malformed metadata: body length "
					+ bodyLength + " is negative");
		}
		if (bodyLength > this.maxBytes - this.consumed) {
			throw new UploadLimitException("Arrow IPC message " + (this.messages - 1) + " announces a body of "
					+ bodyLength + " bytes, more than the " + Math.max(0, this.maxBytes - this.consumed)
					+ " bytes left of the upload limit", this.maxBytes);
		}
		this.header = message;
		this.headerPosition = 0;
		this.bodyRemaining = bodyLength;
		return true;
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
			throw new UploadLimitException("Upload exceeds the limit of " + this.maxBytes + " bytes", this.maxBytes);
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

	/** The body is not a well-formed Arrow IPC stream. */
	static class ArrowFramingException extends EOFException {

		private static final long serialVersionUID = 1L;

		ArrowFramingException(String message) {
			super(message);
		}

	}

	/** The body is larger than a configured limit. */
	static class UploadLimitException extends IOException {

		private static final long serialVersionUID = 1L;

		private final long limit;

		UploadLimitException(String message, long limit) {
			super(message);
			this.limit = limit;
		}

		long limit() {
			return this.limit;
		}

	}

}
