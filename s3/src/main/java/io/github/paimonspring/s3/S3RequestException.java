package io.github.paimonspring.s3;

import java.io.IOException;

import org.jspecify.annotations.Nullable;

/**
 * An S3 request that failed for good: after the SDK's retries, or at once when retrying cannot help (access
 * denied, no such bucket). Its message names the operation, the bucket and key, the status and S3's error code,
 * and where the request went with which credentials. An {@link IOException}, so that Paimon and the starter treat
 * it as storage being unavailable (the starter answers such a commit with {@code PaimonUnavailableException}).
 *
 * @since 0.1.0
 */
public class S3RequestException extends IOException {

	private static final long serialVersionUID = 1L;

	private final String operation;

	private final String bucket;

	private final String key;

	private final int statusCode;

	private final @Nullable String errorCode;

	/**
	 * Creates the exception.
	 * @param operation the S3 operation ({@code PutObject}, {@code UploadPart}, …)
	 * @param bucket the bucket
	 * @param key the object key or prefix
	 * @param statusCode the HTTP status, or 0 when no answer came
	 * @param errorCode S3's error code, if it gave one
	 * @param message the whole message
	 * @param cause the SDK's exception
	 */
	public S3RequestException(String operation, String bucket, String key, int statusCode,
			@Nullable String errorCode, String message, @Nullable Throwable cause) {
		super(message, cause);
		this.operation = operation;
		this.bucket = bucket;
		this.key = key;
		this.statusCode = statusCode;
		this.errorCode = errorCode;
	}

	/** The S3 operation that failed. */
	public String getOperation() {
		return this.operation;
	}

	/** The bucket. */
	public String getBucket() {
		return this.bucket;
	}

	/** The object key, or the prefix of a listing. */
	public String getKey() {
		return this.key;
	}

	/** The HTTP status of the last answer, 0 when none came (connection refused, timed out). */
	public int getStatusCode() {
		return this.statusCode;
	}

	/** S3's error code ({@code AccessDenied}, {@code NoSuchBucket}, …), if any. */
	public @Nullable String getErrorCode() {
		return this.errorCode;
	}

}
