package io.github.paimonspring.s3;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.paimonspring.support.InJvmS3;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.options.Options;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ListMultipartUploadsRequest;
import software.amazon.awssdk.services.s3.model.ListMultipartUploadsResponse;
import software.amazon.awssdk.services.s3.model.MultipartUpload;

/**
 * What the tests of the S3 FileIO share: the catalog options for {@link InJvmS3} with the smallest part size, a
 * configured {@link S3FileIO}, the listing of pending multipart uploads through the S3 API, and a recorder of the
 * requests a client sent.
 */
public final class S3Fixtures {

	/** The smallest part S3 takes: a file above 5 MiB is a multipart upload. */
	public static final int PART = 5 << 20;

	private S3Fixtures() {
	}

	/**
	 * The catalog options of the server with {@code s3.multipart.size=5M}.
	 * @param s3 the server
	 * @return the options
	 */
	public static Map<String, String> options(InJvmS3 s3) {
		Map<String, String> options = new LinkedHashMap<>(s3.catalogOptions());
		options.put("s3.multipart.size", "5M");
		return options;
	}

	/**
	 * An S3 FileIO on shared clients, configured with options.
	 * @param clients the clients
	 * @param options the catalog options
	 * @return the FileIO
	 */
	public static S3FileIO fileIO(S3Clients clients, Map<String, String> options) {
		S3FileIO fileIO = new S3FileIO(clients);
		fileIO.configure(CatalogContext.create(Options.fromMap(options)));
		return fileIO;
	}

	/**
	 * The multipart uploads of a bucket that are neither completed nor aborted, as S3 lists them.
	 * @param client the client
	 * @param bucket the bucket
	 * @return {@code key uploadId} of each
	 */
	public static List<String> pendingUploads(S3Client client, String bucket) {
		List<String> pending = new ArrayList<>();
		String keyMarker = null;
		String uploadIdMarker = null;
		for (int page = 0; page < 100; page++) {
			ListMultipartUploadsRequest.Builder request = ListMultipartUploadsRequest.builder().bucket(bucket);
			if (keyMarker != null) {
				request.keyMarker(keyMarker).uploadIdMarker(uploadIdMarker);
			}
			ListMultipartUploadsResponse response = client.listMultipartUploads(request.build());
			for (MultipartUpload upload : response.uploads()) {
				pending.add(upload.key() + " " + upload.uploadId());
			}
			if (!Boolean.TRUE.equals(response.isTruncated())) {
				return pending;
			}
			keyMarker = response.nextKeyMarker();
			uploadIdMarker = response.nextUploadIdMarker();
		}
		throw new IllegalStateException("more than 100 pages of multipart uploads in " + bucket);
	}

	/**
	 * Bytes that are not all alike.
	 * @param length how many
	 * @param seed the seed
	 * @return the bytes
	 */
	public static byte[] bytes(int length, long seed) {
		byte[] bytes = new byte[length];
		new Random(seed).nextBytes(bytes);
		return bytes;
	}

	/**
	 * Writes a file with a new output stream.
	 * @param fileIO the FileIO
	 * @param path the file
	 * @param bytes its content
	 */
	public static void write(FileIO fileIO, Path path, byte[] bytes) throws IOException {
		try (PositionOutputStream out = fileIO.newOutputStream(path, false)) {
			out.write(bytes);
			if (out.getPos() != bytes.length) {
				throw new AssertionError("position " + out.getPos() + " after writing " + bytes.length + " bytes");
			}
		}
	}

	/**
	 * Reads a whole file.
	 * @param fileIO the FileIO
	 * @param path the file
	 * @return its content
	 */
	public static byte[] read(FileIO fileIO, Path path) throws IOException {
		try (InputStream in = fileIO.newInputStream(path)) {
			return in.readAllBytes();
		}
	}

	/** Records the S3 operations a client sent: each call once, and each attempt (retries included). */
	public static final class RecordedRequests implements ExecutionInterceptor {

		private final List<String> calls = new CopyOnWriteArrayList<>();

		private final List<String> attempts = new CopyOnWriteArrayList<>();

		@Override
		public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
			this.attempts.add(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
		}

		@Override
		public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
			this.calls.add(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
		}

		@Override
		public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
			this.calls.add(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
		}

		/** How many calls of an operation were made (each with its retries) since the last {@link #clear()}. */
		public int calls(String operation) {
			return (int) this.calls.stream().filter(operation::equals).count();
		}

		/** How many times requests of an operation were sent (retries included). */
		public int attempts(String operation) {
			return (int) this.attempts.stream().filter(operation::equals).count();
		}

		/** The operations called so far, in order. */
		public List<String> calls() {
			return List.copyOf(this.calls);
		}

		public void clear() {
			this.calls.clear();
			this.attempts.clear();
		}

	}

}
