package io.github.paimonspring.s3;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.s3.model.AbortMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;

/**
 * One multipart upload: its parts are sent on the upload pool, at most {@link S3Settings#activeParts()} at a time
 * (a writer that is faster than the network waits for the oldest), and it ends completed or aborted — never
 * left pending by a failure this JVM sees.
 */
final class S3MultipartUpload {

	private static final Logger logger = LoggerFactory.getLogger(S3MultipartUpload.class);

	private final S3Requests requests;

	private final ExecutorService pool;

	private final String bucket;

	private final String key;

	private final String uploadId;

	private final int maxActive;

	private final Deque<Future<CompletedPart>> active = new ArrayDeque<>();

	private final List<CompletedPart> done = new ArrayList<>();

	private int parts;

	/** Set when the upload is given up: parts not yet started are not sent. */
	private volatile boolean aborted;

	private S3MultipartUpload(S3Requests requests, ExecutorService pool, String bucket, String key, String uploadId) {
		this.requests = requests;
		this.pool = pool;
		this.bucket = bucket;
		this.key = key;
		this.uploadId = uploadId;
		this.maxActive = requests.settings().activeParts();
	}

	static S3MultipartUpload start(S3Requests requests, ExecutorService pool, String bucket, String key)
			throws IOException {
		String uploadId = requests.send("CreateMultipartUpload", bucket, key,
				(client) -> client.createMultipartUpload(CreateMultipartUploadRequest.builder()
					.bucket(bucket)
					.key(key)
					.contentType("application/octet-stream")
					.build())).uploadId();
		return new S3MultipartUpload(requests, pool, bucket, key, uploadId);
	}

	String uploadId() {
		return this.uploadId;
	}

	/** Sends a part; waits first while {@code activeParts} parts are still on their way. */
	void upload(PartBuffer part) throws IOException {
		while (this.active.size() >= this.maxActive) {
			this.done.add(await(this.active.removeFirst()));
		}
		int number = ++this.parts;
		try {
			this.active.addLast(this.pool.submit(() -> send(part, number)));
		}
		catch (RejectedExecutionException ex) {
			throw new IOException("Cannot upload part " + number + " of s3://" + this.bucket + "/" + this.key
					+ ": the S3 clients are closed", ex);
		}
	}

	private CompletedPart send(PartBuffer part, int number) throws IOException {
		if (this.aborted) {
			throw new IOException("The upload of s3://" + this.bucket + "/" + this.key + " was given up before part "
					+ number + " was sent");
		}
		String eTag = this.requests.send("UploadPart", this.bucket, this.key,
				(client) -> client.uploadPart(UploadPartRequest.builder()
					.bucket(this.bucket)
					.key(this.key)
					.uploadId(this.uploadId)
					.partNumber(number)
					.contentLength((long) part.size())
					.build(), part.body()))
			.eTag();
		return CompletedPart.builder().partNumber(number).eTag(eTag).build();
	}

	/** Waits for every part sent; the parts in order. */
	List<CompletedPart> awaitParts() throws IOException {
		while (!this.active.isEmpty()) {
			this.done.add(await(this.active.removeFirst()));
		}
		List<CompletedPart> sorted = new ArrayList<>(this.done);
		sorted.sort(Comparator.comparing(CompletedPart::partNumber));
		return sorted;
	}

	/** Makes the object visible, whole. */
	void complete(List<CompletedPart> parts) throws IOException {
		complete(this.requests, this.bucket, this.key, this.uploadId, parts);
	}

	static void complete(S3Requests requests, String bucket, String key, String uploadId, List<CompletedPart> parts)
			throws IOException {
		requests.send("CompleteMultipartUpload", bucket, key,
				(client) -> client.completeMultipartUpload(CompleteMultipartUploadRequest.builder()
					.bucket(bucket)
					.key(key)
					.uploadId(uploadId)
					.multipartUpload(CompletedMultipartUpload.builder().parts(parts).build())
					.build()));
	}

	/**
	 * Gives the upload up: the parts not yet sent are skipped, the parts on their way are waited for (bounded by the
	 * client's timeouts), so that none is stored after the abort (S3 may keep a part that completes during one), and
	 * the upload is aborted in S3, so that no part stays stored.
	 */
	void abort() {
		this.aborted = true;
		for (Future<CompletedPart> part : this.active) {
			try {
				part.get();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
			catch (ExecutionException | CancellationException ex) {
				// the part failed: the abort below removes whatever it stored
			}
		}
		this.active.clear();
		abort(this.requests, this.bucket, this.key, this.uploadId);
	}

	static void abort(S3Requests requests, String bucket, String key, String uploadId) {
		try {
			requests.send("AbortMultipartUpload", bucket, key,
					(client) -> client.abortMultipartUpload(AbortMultipartUploadRequest.builder()
						.bucket(bucket)
						.key(key)
						.uploadId(uploadId)
						.build()));
		}
		catch (IOException ex) {
			// the sweep of stale uploads (paimon.s3.multipart.*) removes it later
			logger.warn("Could not abort the multipart upload {} of s3://{}/{}; the sweep of stale uploads will: {}",
					uploadId, bucket, key, ex.getMessage());
		}
	}

	private static CompletedPart await(Future<CompletedPart> part) throws IOException {
		try {
			return part.get();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			InterruptedIOException interrupted = new InterruptedIOException("Interrupted while uploading a part");
			interrupted.initCause(ex);
			throw interrupted;
		}
		catch (ExecutionException ex) {
			Throwable cause = ex.getCause();
			if (cause instanceof IOException io) {
				throw io;
			}
			throw new IOException("Uploading a part failed: " + cause, cause);
		}
	}

}
