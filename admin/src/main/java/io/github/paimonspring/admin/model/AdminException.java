package io.github.paimonspring.admin.model;

import io.github.paimonspring.PaimonException;
import io.github.paimonspring.ingest.IngestBusyException;
import org.jspecify.annotations.Nullable;

/**
 * An admin request that is refused for a reason of the admin service itself: an unknown
 * transaction, a wrong state, a body over a limit, too many transactions, a momentarily exhausted
 * resource. The exception knows the {@link Kind} of refusal, not the protocol: the web layer
 * ({@code admin.web.AdminExceptionHandler}) maps each kind to its HTTP status and renders it as
 * {@code application/problem+json}.
 */
public class AdminException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * The kinds of refusal.
	 */
	public enum Kind {

		/** Something the request names does not exist (an unknown transaction). */
		NOT_FOUND,
		/** The request conflicts with the current state (a transaction's state, a concurrent call). */
		CONFLICT,
		/** The request body is over a size or memory limit; repeating it will not help. */
		PAYLOAD_TOO_LARGE,
		/** The request body is not of the media type the operation reads. */
		UNSUPPORTED_MEDIA_TYPE,
		/** Too many transactions are open; one has to end first. */
		TOO_MANY_TRANSACTIONS,
		/** A shared resource is exhausted right now; the request may be repeated after a delay. */
		BUSY

	}

	private final Kind kind;

	private final String title;

	private final @Nullable Integer retryAfterSeconds;

	/**
	 * Creates the exception.
	 * @param kind the kind of refusal
	 * @param title a short, fixed summary of the problem type
	 * @param table the table involved, or {@code null}
	 * @param message the detail
	 */
	public AdminException(Kind kind, String title, @Nullable String table, String message) {
		this(kind, title, table, message, null);
	}

	private AdminException(Kind kind, String title, @Nullable String table, String message,
			@Nullable Integer retryAfterSeconds) {
		super(table, message);
		this.kind = kind;
		this.title = title;
		this.retryAfterSeconds = retryAfterSeconds;
	}

	/**
	 * Creates the exception for a request refused because the service is momentarily at a limit;
	 * the client may repeat it after the suggested delay.
	 * @param table the table, or {@code null}
	 * @param message what is exhausted and which property limits it
	 * @return a {@link Kind#BUSY} refusal with a retry delay
	 */
	public static AdminException busy(@Nullable String table, String message) {
		return new AdminException(Kind.BUSY, "Server busy", table, message, 1);
	}

	/**
	 * Creates the refusal of a request the group commit refused as busy, with the delay it suggests (a
	 * key or channel that another instance holds can take up to its claims' timeout).
	 * @param table the table, or {@code null}
	 * @param busy the group commit's refusal
	 * @return a {@link Kind#BUSY} refusal with that retry delay (at least a second)
	 */
	public static AdminException busy(@Nullable String table, IngestBusyException busy) {
		long seconds = Math.max(1, (busy.getRetryAfter().toMillis() + 999) / 1000);
		return new AdminException(Kind.BUSY, "Server busy", table, busy.getMessage(), (int) Math.min(seconds, 3600));
	}

	/**
	 * Creates the exception for a request whose group commit failed: nothing of the group is visible,
	 * and repeating the request (with the same idempotency key) is safe.
	 * @param table the table
	 * @param message what failed
	 * @return a {@link Kind#BUSY} refusal with a retry delay
	 */
	public static AdminException groupFailed(String table, String message) {
		return new AdminException(Kind.BUSY, "Group commit failed", table, message, 1);
	}

	/**
	 * Returns the delay after which the client may repeat the request.
	 * @return seconds, or {@code null} when a repeat will not help
	 */
	public @Nullable Integer getRetryAfterSeconds() {
		return this.retryAfterSeconds;
	}

	/**
	 * Returns the kind of refusal.
	 * @return the kind
	 */
	public Kind getKind() {
		return this.kind;
	}

	/**
	 * Returns the problem title.
	 * @return the title
	 */
	public String getTitle() {
		return this.title;
	}

}
