package io.github.paimonspring.s3;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.apache.paimon.fs.Path;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.s3.model.ListMultipartUploadsRequest;
import software.amazon.awssdk.services.s3.model.ListMultipartUploadsResponse;
import software.amazon.awssdk.services.s3.model.MultipartUpload;

/**
 * Finds and aborts the multipart uploads under a warehouse that were started longer ago than a given age: what a
 * writer killed in the middle of a large file (or one whose abort failed) left pending. A pending upload is
 * invisible to readers but its parts are stored, and billed, until it is aborted.
 *
 * @since 0.1.0
 */
public final class StaleMultipartUploads {

	private static final Logger logger = LoggerFactory.getLogger(StaleMultipartUploads.class);

	private final S3Clients clients;

	/**
	 * Creates the sweep.
	 * @param clients the clients, and the warehouses they opened
	 */
	public StaleMultipartUploads(S3Clients clients) {
		this.clients = clients;
	}

	/**
	 * Aborts the stale uploads under every warehouse the clients opened.
	 * @param olderThan the age from which an upload is stale
	 * @return how many uploads were aborted
	 */
	public int abortAll(Duration olderThan) {
		int aborted = 0;
		for (var warehouse : this.clients.warehouses().entrySet()) {
			try {
				aborted += abort(warehouse.getKey(), warehouse.getValue(), olderThan);
			}
			catch (IOException | RuntimeException ex) {
				logger.warn("Could not sweep the stale multipart uploads under {}: {}", warehouse.getKey(),
						ex.getMessage());
			}
		}
		return aborted;
	}

	/**
	 * Aborts the stale uploads under one warehouse.
	 * @param warehouse the warehouse ({@code s3://bucket/path})
	 * @param settings its settings
	 * @param olderThan the age from which an upload is stale
	 * @return how many uploads were aborted
	 * @throws IOException when listing fails
	 */
	public int abort(String warehouse, S3Settings settings, Duration olderThan) throws IOException {
		S3Requests requests = new S3Requests(this.clients.connection(settings));
		S3Location location = S3Location.of(new Path(warehouse));
		Instant cutoff = Instant.now().minus(olderThan);
		List<MultipartUpload> stale = new ArrayList<>();
		String keyMarker = null;
		String uploadIdMarker = null;
		do {
			ListMultipartUploadsRequest.Builder request = ListMultipartUploadsRequest.builder()
				.bucket(location.bucket())
				.prefix(location.prefix());
			if (keyMarker != null) {
				request.keyMarker(keyMarker).uploadIdMarker(uploadIdMarker);
			}
			ListMultipartUploadsRequest built = request.build();
			ListMultipartUploadsResponse page = requests.send("ListMultipartUploads", location.bucket(),
					location.prefix(), (client) -> client.listMultipartUploads(built));
			for (MultipartUpload upload : page.uploads()) {
				if (upload.initiated() == null || !upload.initiated().isAfter(cutoff)) {
					stale.add(upload);
				}
			}
			boolean more = Boolean.TRUE.equals(page.isTruncated());
			keyMarker = more ? nonEmpty(page.nextKeyMarker()) : null;
			uploadIdMarker = more ? page.nextUploadIdMarker() : null;
		}
		while (keyMarker != null);
		for (MultipartUpload upload : stale) {
			S3MultipartUpload.abort(requests, location.bucket(), upload.key(), upload.uploadId());
			logger.info("Aborted the stale multipart upload {} of s3://{}/{} (started {})", upload.uploadId(),
					location.bucket(), upload.key(), upload.initiated());
		}
		return stale.size();
	}

	private static @Nullable String nonEmpty(@Nullable String value) {
		return (value == null || value.isEmpty()) ? null : value;
	}

}
