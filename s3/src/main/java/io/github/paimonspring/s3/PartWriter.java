package io.github.paimonspring.s3;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutorService;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.s3.model.CompletedPart;

/**
 * The bytes written to one object, cut into parts: while the writer goes on, each full part is sent as a part of a
 * multipart upload (started with the first full part, or at once for a two-phase write). What is left at the end is
 * the last part, or, when no part was sent, the whole object for one {@code PutObject}. A failure aborts the
 * upload, and every later write fails.
 */
final class PartWriter {

	private static final int INITIAL_BUFFER = 64 * 1024;

	private final S3Requests requests;

	private final ExecutorService pool;

	private final String bucket;

	private final String key;

	private final int partSize;

	private PartBuffer buffer = new PartBuffer(INITIAL_BUFFER);

	private @Nullable S3MultipartUpload upload;

	private long position;

	private boolean failed;

	PartWriter(S3Requests requests, ExecutorService pool, String bucket, String key) {
		this.requests = requests;
		this.pool = pool;
		this.bucket = bucket;
		this.key = key;
		this.partSize = (int) requests.settings().partSize();
	}

	/** Starts the multipart upload now (a two-phase write is one whatever its size). */
	S3MultipartUpload startUpload() throws IOException {
		S3MultipartUpload current = this.upload;
		if (current == null) {
			current = S3MultipartUpload.start(this.requests, this.pool, this.bucket, this.key);
			this.upload = current;
		}
		return current;
	}

	long position() {
		return this.position;
	}

	String location() {
		return "s3://" + this.bucket + "/" + this.key;
	}

	void write(int b) throws IOException {
		checkWritable();
		this.buffer.write(b);
		this.position++;
		if (this.buffer.size() >= this.partSize) {
			sendPart();
		}
	}

	void write(byte[] b, int off, int len) throws IOException {
		checkWritable();
		int offset = off;
		int remaining = len;
		while (remaining > 0) {
			int count = Math.min(remaining, this.partSize - this.buffer.size());
			this.buffer.write(b, offset, count);
			offset += count;
			remaining -= count;
			this.position += count;
			if (this.buffer.size() >= this.partSize) {
				sendPart();
			}
		}
	}

	private void sendPart() throws IOException {
		try {
			startUpload().upload(this.buffer);
			// a file that filled one part fills more: the next buffers start at the part size, not growing by copies
			this.buffer = new PartBuffer(this.partSize);
		}
		catch (IOException | RuntimeException ex) {
			abort();
			throw ex;
		}
	}

	/** The multipart upload, if one was started. */
	@Nullable S3MultipartUpload upload() {
		return this.upload;
	}

	/** What was written and not yet sent (the whole object when no upload was started). */
	PartBuffer rest() {
		return this.buffer;
	}

	/**
	 * Sends what is left as the last part and waits for every part.
	 * @return the parts, in order
	 */
	List<CompletedPart> finishParts(S3MultipartUpload current) throws IOException {
		checkWritable();
		try {
			if (this.buffer.size() > 0 || this.position == 0) {
				current.upload(this.buffer);
			}
			this.buffer = new PartBuffer(0);
			return current.awaitParts();
		}
		catch (IOException | RuntimeException ex) {
			abort();
			throw ex;
		}
	}

	/** Gives the write up: the upload, if any, is aborted (once: a second call does nothing). */
	void abort() {
		if (this.failed) {
			return;
		}
		this.failed = true;
		this.buffer = new PartBuffer(0);
		S3MultipartUpload current = this.upload;
		if (current != null) {
			current.abort();
		}
	}

	boolean failed() {
		return this.failed;
	}

	void checkWritable() throws IOException {
		if (this.failed) {
			throw new IOException("The write of " + location() + " failed before; its upload was aborted");
		}
	}

}
