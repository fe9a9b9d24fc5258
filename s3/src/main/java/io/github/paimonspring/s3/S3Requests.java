package io.github.paimonspring.s3;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Sends requests through one client and turns the SDK's unchecked exceptions into the {@link IOException}s that
 * Paimon's {@code FileIO} contract speaks: {@link FileNotFoundException} for a missing object, else an
 * {@link S3RequestException} that names operation, bucket, key, status and credentials.
 */
final class S3Requests {

	/** The operations whose 404 means that the object does not exist (for a listing, it means no bucket). */
	private static final Set<String> OBJECT_READS = Set.of("HeadObject", "GetObject", "CopyObject");

	private final S3Clients.Connection connection;

	S3Requests(S3Clients.Connection connection) {
		this.connection = connection;
	}

	S3Client client() {
		return this.connection.client();
	}

	S3Settings settings() {
		return this.connection.settings();
	}

	/** A request. */
	@FunctionalInterface
	interface Request<T> {

		T send(S3Client client);

	}

	/**
	 * Sends a request.
	 * @param operation the S3 operation, for messages
	 * @param bucket the bucket
	 * @param key the key or prefix
	 * @param request the request
	 * @return its answer
	 * @throws FileNotFoundException when S3 answers 404 for an object
	 * @throws S3RequestException when the request failed for good
	 */
	<T> T send(String operation, String bucket, String key, Request<T> request) throws IOException {
		try {
			return request.send(this.connection.client());
		}
		catch (AbortedException ex) {
			InterruptedIOException interrupted = new InterruptedIOException("S3 " + operation + " of s3://" + bucket
					+ "/" + key + " was interrupted");
			interrupted.initCause(ex);
			throw interrupted;
		}
		catch (SdkException ex) {
			throw translate(operation, bucket, key, ex);
		}
	}

	IOException translate(String operation, String bucket, String key, SdkException ex) {
		int status = 0;
		String code = null;
		String detail = ex.getMessage();
		if (ex instanceof AwsServiceException service) {
			status = service.statusCode();
			if (service.awsErrorDetails() != null) {
				code = service.awsErrorDetails().errorCode();
				if (service.awsErrorDetails().errorMessage() != null) {
					detail = service.awsErrorDetails().errorMessage();
				}
			}
			if (status == 404 && OBJECT_READS.contains(operation) && !"NoSuchBucket".equals(code)) {
				FileNotFoundException missing = new FileNotFoundException("No such object: s3://" + bucket + "/" + key);
				missing.initCause(ex);
				return missing;
			}
		}
		return new S3RequestException(operation, bucket, key, status, code,
				message(operation, bucket, key, status, code, detail, ex.numAttempts()), ex);
	}

	private String message(String operation, String bucket, String key, int status, @Nullable String code,
			@Nullable String detail, @Nullable Integer attempts) {
		StringBuilder message = new StringBuilder("S3 ").append(operation)
			.append(" of s3://")
			.append(bucket)
			.append('/')
			.append(key)
			.append(" (bucket '")
			.append(bucket)
			.append("') failed");
		if (attempts != null && attempts > 1) {
			message.append(" after ").append(attempts).append(" attempts");
		}
		message.append(": ");
		if (status > 0) {
			message.append("HTTP ").append(status);
			if (code != null) {
				message.append(' ').append(code);
			}
			message.append(": ");
		}
		message.append(detail).append(" (").append(this.connection.describe());
		if (status == 403 || "InvalidAccessKeyId".equals(code) || "SignatureDoesNotMatch".equals(code)) {
			message.append("; check that these credentials are valid and may access the bucket");
		}
		else if ("NoSuchBucket".equals(code)) {
			message.append("; the bucket must exist");
		}
		return message.append(')').toString();
	}

}
