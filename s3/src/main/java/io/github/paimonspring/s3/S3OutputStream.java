package io.github.paimonspring.s3;

import java.io.IOException;

import org.apache.paimon.fs.PositionOutputStream;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * Writes an object: a file smaller than the part size is one {@code PutObject} when the stream is closed; a
 * larger one becomes a multipart upload whose parts are sent while the writer goes on, completed on close. The
 * object appears whole at close or not at all: a failed part or a failed completion aborts the upload and the
 * stream fails.
 */
final class S3OutputStream extends PositionOutputStream {

	private final S3Requests requests;

	private final PartWriter parts;

	private final String bucket;

	private final String key;

	private boolean closed;

	S3OutputStream(S3Requests requests, PartWriter parts, String bucket, String key) {
		this.requests = requests;
		this.parts = parts;
		this.bucket = bucket;
		this.key = key;
	}

	@Override
	public long getPos() {
		return this.parts.position();
	}

	@Override
	public void write(int b) throws IOException {
		checkOpen();
		this.parts.write(b);
	}

	@Override
	public void write(byte[] b) throws IOException {
		write(b, 0, b.length);
	}

	@Override
	public void write(byte[] b, int off, int len) throws IOException {
		checkOpen();
		this.parts.write(b, off, len);
	}

	/** S3 has no partial flush: the bytes go when a part is full or at close. */
	@Override
	public void flush() throws IOException {
		checkOpen();
		this.parts.checkWritable();
	}

	@Override
	public void close() throws IOException {
		if (this.closed) {
			return;
		}
		this.closed = true;
		if (this.parts.failed()) {
			return;
		}
		S3MultipartUpload upload = this.parts.upload();
		try {
			if (upload == null) {
				PartBuffer whole = this.parts.rest();
				this.requests.send("PutObject", this.bucket, this.key,
						(client) -> client.putObject(PutObjectRequest.builder()
							.bucket(this.bucket)
							.key(this.key)
							.contentType("application/octet-stream")
							.contentLength((long) whole.size())
							.build(), whole.body()));
			}
			else {
				upload.complete(this.parts.finishParts(upload));
			}
		}
		catch (IOException | RuntimeException ex) {
			this.parts.abort();
			throw ex;
		}
	}

	private void checkOpen() throws IOException {
		if (this.closed) {
			throw new IOException("The stream of " + this.parts.location() + " is closed");
		}
	}

}
