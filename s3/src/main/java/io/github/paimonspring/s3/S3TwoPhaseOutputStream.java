package io.github.paimonspring.s3;

import java.io.IOException;
import java.util.List;

import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.TwoPhaseOutputStream;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.s3.model.CompletedPart;

/**
 * A transactional write: a multipart upload from the first byte, whose parts are sent as they fill;
 * {@link #closeForCommit()} sends the last part and returns a {@link S3MultipartCommitter} that completes the upload
 * (the object appears whole) or aborts it (nothing stays stored). No temporary object, no rename.
 */
final class S3TwoPhaseOutputStream extends TwoPhaseOutputStream {

	private final PartWriter parts;

	private final S3MultipartUpload upload;

	private final Path target;

	private final String bucket;

	private final String key;

	private @Nullable Committer committer;

	S3TwoPhaseOutputStream(PartWriter parts, Path target, String bucket, String key) throws IOException {
		this.parts = parts;
		this.upload = parts.startUpload();
		this.target = target;
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

	@Override
	public void flush() throws IOException {
		checkOpen();
		this.parts.checkWritable();
	}

	@Override
	public Committer closeForCommit() throws IOException {
		Committer current = this.committer;
		if (current != null) {
			return current;
		}
		List<CompletedPart> sent = this.parts.finishParts(this.upload);
		current = new S3MultipartCommitter(this.bucket, this.key, this.upload.uploadId(), sent, this.target);
		this.committer = current;
		return current;
	}

	@Override
	public void close() throws IOException {
		if (this.committer == null && !this.parts.failed()) {
			closeForCommit();
		}
	}

	private void checkOpen() throws IOException {
		if (this.committer != null) {
			throw new IOException("The stream of " + this.parts.location() + " is closed for commit");
		}
	}

}
