package io.github.paimonspring.s3;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

import org.apache.paimon.fs.SeekableInputStream;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Reads an object with ranged GETs, in two modes:
 * <ul>
 * <li><b>sequential</b> (from the start): one request from the current position to the end of the object, read
 * along; a forward seek of at most {@link S3Settings#seekSkip()} bytes skips over the bytes on that response;</li>
 * <li><b>random</b> (after the first seek that the open response could not follow, as a Parquet or ORC reader
 * seeks from column chunk to column chunk): each request asks for what the read needs, at least
 * {@link #RANDOM_READAHEAD} bytes, and a response that is given up with little left is read to its end rather
 * than aborted, so that the connection is used again.</li>
 * </ul>
 * A response that breaks in the middle is opened again once at the position reached.
 */
final class S3InputStream extends SeekableInputStream {

	/** What a random-mode request reads at least. */
	static final int RANDOM_READAHEAD = 256 * 1024;

	/** A response given up with at most this much left is read to its end (its connection stays usable). */
	private static final long DRAIN_AT_MOST = 256 * 1024;

	private final S3Requests requests;

	private final String bucket;

	private final String key;

	private final long seekSkip;

	private final byte[] single = new byte[1];

	private @Nullable ResponseInputStream<GetObjectResponse> stream;

	/** Where the next read reads. */
	private long position;

	/** Where the open response is. */
	private long streamPosition;

	/** Where the open response ends (exclusive). */
	private long streamEnd;

	/** The object's length, once a response told it; -1 before. */
	private long length;

	/** Whether requests are bounded (after a seek that the open response could not follow). */
	private boolean random;

	private boolean closed;

	S3InputStream(S3Requests requests, String bucket, String key, long length) {
		this.requests = requests;
		this.bucket = bucket;
		this.key = key;
		this.seekSkip = requests.settings().seekSkip();
		this.length = length;
	}

	@Override
	public void seek(long desired) throws IOException {
		checkOpen();
		if (desired < 0) {
			throw new EOFException("Cannot seek to " + desired + " in s3://" + this.bucket + "/" + this.key);
		}
		this.position = desired;
	}

	@Override
	public long getPos() {
		return this.position;
	}

	@Override
	public int read() throws IOException {
		int read = read(this.single, 0, 1);
		return (read <= 0) ? -1 : (this.single[0] & 0xff);
	}

	@Override
	public int read(byte[] buffer, int offset, int count) throws IOException {
		checkOpen();
		if (count == 0) {
			return 0;
		}
		if (this.length >= 0 && this.position >= this.length) {
			return -1;
		}
		boolean reopened = false;
		while (true) {
			InputStream in = open(count);
			if (in == null) {
				return -1;
			}
			try {
				int read = in.read(buffer, offset, (int) Math.min(count, this.streamEnd - this.streamPosition));
				if (read < 0) {
					// the response ended: the end of the object, or of a bounded range
					drop(false);
					if (this.length >= 0 && this.position < this.length && !reopened) {
						reopened = true;
						continue;
					}
					return -1;
				}
				this.position += read;
				this.streamPosition += read;
				return read;
			}
			catch (IOException ex) {
				// a response cut off in the middle (a connection reset): once more from where it broke
				drop(true);
				if (reopened) {
					throw new IOException("Reading s3://" + this.bucket + "/" + this.key + " at " + this.position
							+ " failed twice: " + ex.getMessage(), ex);
				}
				reopened = true;
			}
		}
	}

	@Override
	public long skip(long n) throws IOException {
		if (n <= 0) {
			return 0;
		}
		long target = this.position + n;
		if (this.length >= 0) {
			target = Math.min(target, this.length);
		}
		long skipped = target - this.position;
		this.position = target;
		return skipped;
	}

	@Override
	public int available() throws IOException {
		checkOpen();
		if (this.length < 0) {
			return 0;
		}
		return (int) Math.min(Integer.MAX_VALUE, Math.max(0, this.length - this.position));
	}

	/**
	 * The open response positioned at {@link #position} with bytes left, or a new one; {@code null} at the end of
	 * the object.
	 */
	private @Nullable InputStream open(int wanted) throws IOException {
		ResponseInputStream<GetObjectResponse> current = this.stream;
		if (current != null) {
			long gap = this.position - this.streamPosition;
			if (gap == 0 && this.streamPosition < this.streamEnd) {
				return current;
			}
			if (gap > 0 && gap <= this.seekSkip && this.position < this.streamEnd && skipOn(current, gap)) {
				return current;
			}
			if (gap != 0) {
				// a seek the open response cannot follow: from now on, bounded requests
				this.random = true;
			}
			drop(true);
		}
		long from = this.position;
		long to = Long.MAX_VALUE;
		if (this.random) {
			to = from + Math.max(wanted, RANDOM_READAHEAD);
			if (this.length >= 0) {
				to = Math.min(to, this.length);
			}
		}
		String range = "bytes=" + from + "-" + ((to == Long.MAX_VALUE) ? "" : String.valueOf(to - 1));
		try {
			ResponseInputStream<GetObjectResponse> opened = this.requests.send("GetObject", this.bucket, this.key,
					(client) -> client.getObject(GetObjectRequest.builder()
						.bucket(this.bucket)
						.key(this.key)
						.range(range)
						.build()));
			this.stream = opened;
			this.streamPosition = from;
			Long contentLength = opened.response().contentLength();
			this.streamEnd = (contentLength != null) ? from + contentLength : to;
			learnLength(opened.response());
			return opened;
		}
		catch (S3RequestException ex) {
			if (ex.getStatusCode() == 416) {
				// InvalidRange: at or past the end
				return null;
			}
			throw ex;
		}
	}

	/** Reads past {@code gap} bytes of the open response; whether it got there (else the response ended). */
	private boolean skipOn(InputStream in, long gap) {
		byte[] scratch = new byte[(int) Math.min(gap, 64 * 1024)];
		long left = gap;
		try {
			while (left > 0) {
				int read = in.read(scratch, 0, (int) Math.min(left, scratch.length));
				if (read < 0) {
					return false;
				}
				left -= read;
				this.streamPosition += read;
			}
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private void learnLength(GetObjectResponse response) {
		String range = response.contentRange();
		if (range != null) {
			int slash = range.lastIndexOf('/');
			if (slash >= 0 && !range.endsWith("*")) {
				try {
					this.length = Long.parseLong(range.substring(slash + 1).trim());
				}
				catch (NumberFormatException ex) {
					// unknown: reads go on until a response ends
				}
			}
		}
	}

	/**
	 * Closes the open response: read to its end when little of it is left (the connection is used again),
	 * aborted (the connection dropped) otherwise.
	 */
	private void drop(boolean unread) {
		ResponseInputStream<GetObjectResponse> current = this.stream;
		this.stream = null;
		if (current == null) {
			return;
		}
		long left = this.streamEnd - this.streamPosition;
		if (unread && left > 0) {
			if (left <= DRAIN_AT_MOST) {
				skipOn(current, left);
			}
			else {
				current.abort();
			}
		}
		try {
			current.close();
		}
		catch (IOException | RuntimeException ex) {
			// the response is given up either way
		}
	}

	private void checkOpen() throws IOException {
		if (this.closed) {
			throw new IOException("The stream of s3://" + this.bucket + "/" + this.key + " is closed");
		}
	}

	@Override
	public void close() {
		if (!this.closed) {
			this.closed = true;
			drop(true);
		}
	}

}
