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
 * Reads an object with ranged GETs: a request opens the object from the current position to its end, reads go
 * on along that response, a forward seek of at most {@link S3Settings#seekSkip()} bytes skips over the bytes on
 * it, and any other seek drops it and opens a new range where the next read asks. A response that breaks in the
 * middle is opened again once at the position reached.
 */
final class S3InputStream extends SeekableInputStream {

	private final S3Requests requests;

	private final String bucket;

	private final String key;

	private final long seekSkip;

	private @Nullable ResponseInputStream<GetObjectResponse> stream;

	/** Where the next read reads. */
	private long position;

	/** Where the open response is. */
	private long streamPosition;

	/** The object's length, once a response told it; -1 before. */
	private long length;

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
		byte[] one = new byte[1];
		int read = read(one, 0, 1);
		return (read <= 0) ? -1 : (one[0] & 0xff);
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
			InputStream in = open();
			if (in == null) {
				return -1;
			}
			try {
				int read = in.read(buffer, offset, count);
				if (read < 0) {
					drop(false);
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

	/** The open response positioned at {@link #position}, or {@code null} at the end of the object. */
	private @Nullable InputStream open() throws IOException {
		ResponseInputStream<GetObjectResponse> current = this.stream;
		if (current != null) {
			long gap = this.position - this.streamPosition;
			if (gap == 0) {
				return current;
			}
			if (gap > 0 && gap <= this.seekSkip) {
				if (skipOn(current, gap)) {
					return current;
				}
			}
			drop(true);
		}
		long from = this.position;
		try {
			ResponseInputStream<GetObjectResponse> opened = this.requests.send("GetObject", this.bucket, this.key,
					(client) -> client.getObject(GetObjectRequest.builder()
						.bucket(this.bucket)
						.key(this.key)
						.range("bytes=" + from + "-")
						.build()));
			this.stream = opened;
			this.streamPosition = from;
			learnLength(opened.response(), from);
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

	private void learnLength(GetObjectResponse response, long from) {
		String range = response.contentRange();
		if (range != null) {
			int slash = range.lastIndexOf('/');
			if (slash >= 0 && !range.endsWith("*")) {
				try {
					this.length = Long.parseLong(range.substring(slash + 1).trim());
					return;
				}
				catch (NumberFormatException ex) {
					// fall back to the content length
				}
			}
		}
		Long contentLength = response.contentLength();
		if (contentLength != null) {
			this.length = from + contentLength;
		}
	}

	/**
	 * Closes the open response: aborted (the connection dropped) when much of it is left, drained (the
	 * connection reused) otherwise.
	 */
	private void drop(boolean unread) {
		ResponseInputStream<GetObjectResponse> current = this.stream;
		this.stream = null;
		if (current == null) {
			return;
		}
		if (unread && (this.length < 0 || this.length - this.streamPosition > 64 * 1024)) {
			current.abort();
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
