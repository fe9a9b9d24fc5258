package io.github.paimonspring.admin;

import io.github.paimonspring.PaimonException;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.arrow.ArrowFormatException;
import io.github.paimonspring.catalog.TableDefinitionException;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.postpone.BucketPlanException;
import io.github.paimonspring.write.PaimonArgumentException;
import io.github.paimonspring.write.PaimonCommitException;
import io.github.paimonspring.write.PaimonStateException;
import io.github.paimonspring.write.UnsupportedTableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * Renders every failure of the admin API as {@code application/problem+json} (RFC 9457) with
 * {@code type}, {@code title}, {@code status} and {@code detail}, plus {@code table}, and for schema
 * errors {@code column}, {@code expectedType}, {@code actualType} and {@code row}.
 */
@RestControllerAdvice(assignableTypes = PaimonAdminController.class)
public class AdminExceptionHandler {

	private static final Logger logger = LoggerFactory.getLogger(AdminExceptionHandler.class);

	private static final String TYPE_PREFIX = "urn:paimon-spring:problem:";

	/**
	 * Renders a Paimon starter exception with the status its kind implies.
	 * @param ex the failure
	 * @return the problem
	 */
	@ExceptionHandler(PaimonException.class)
	public ResponseEntity<ProblemDetail> paimon(PaimonException ex) {
		ProblemDetail problem;
		if (ex instanceof AdminException admin) {
			problem = problem(admin.getStatus(), slug(admin.getTitle()), admin.getTitle(), ex);
		}
		else if (ex instanceof ArrowDataException data) {
			problem = problem(HttpStatus.UNPROCESSABLE_CONTENT, "schema-mismatch", "Arrow data does not match the table", ex);
			if (data.getColumn() != null) {
				problem.setProperty("column", data.getColumn());
			}
			if (data.getExpectedType() != null) {
				problem.setProperty("expectedType", data.getExpectedType());
			}
			if (data.getActualType() != null) {
				problem.setProperty("actualType", data.getActualType());
			}
			if (data.getRow() >= 0) {
				problem.setProperty("row", data.getRow());
			}
		}
		else if (ex instanceof BucketPlanException) {
			problem = problem(HttpStatus.UNPROCESSABLE_CONTENT, "bucket-plan", "Invalid bucket plan", ex);
		}
		else if (ex instanceof UnsupportedTableException || ex instanceof TableDefinitionException) {
			problem = problem(HttpStatus.UNPROCESSABLE_CONTENT, "unsupported-table", "Table cannot be written this way", ex);
		}
		else if (ex instanceof ArrowFormatException format) {
			problem = problem(HttpStatus.BAD_REQUEST, "malformed-arrow", "Malformed Arrow IPC stream", ex);
			if (format.getColumn() != null) {
				problem.setProperty("column", format.getColumn());
			}
		}
		else if (ex instanceof PaimonArgumentException) {
			problem = problem(HttpStatus.BAD_REQUEST, "invalid-argument", "Invalid argument", ex);
		}
		else if (ex instanceof TableNotFoundException) {
			problem = problem(HttpStatus.NOT_FOUND, "unknown-table", "Unknown table", ex);
		}
		else if (ex instanceof PaimonCommitException) {
			problem = problem(HttpStatus.CONFLICT, "commit-conflict", "Commit rejected", ex);
		}
		else if (ex instanceof PaimonStateException) {
			problem = problem(HttpStatus.CONFLICT, "state-conflict", "Writer state conflict", ex);
		}
		else {
			logger.error("Admin request failed", ex);
			problem = problem(HttpStatus.INTERNAL_SERVER_ERROR, "write-failed", "Write failed", ex);
		}
		if (ex.getTable() != null) {
			problem.setProperty("table", ex.getTable());
		}
		if (ex instanceof AdminException admin && admin.getRetryAfterSeconds() != null) {
			return ResponseEntity.status(problem.getStatus())
				.header("Retry-After", String.valueOf(admin.getRetryAfterSeconds()))
				.body(problem);
		}
		return ResponseEntity.status(problem.getStatus()).body(problem);
	}

	/**
	 * Renders a request body of the wrong media type.
	 * @param ex the failure
	 * @return a 415 problem
	 */
	@ExceptionHandler(HttpMediaTypeNotSupportedException.class)
	public ResponseEntity<ProblemDetail> mediaType(HttpMediaTypeNotSupportedException ex) {
		ProblemDetail problem = problem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type",
				"Unsupported media type", ex);
		return ResponseEntity.status(problem.getStatus()).body(problem);
	}

	/**
	 * Renders a malformed JSON body or parameter.
	 * @param ex the failure
	 * @return a 400 problem
	 */
	@ExceptionHandler({ HttpMessageNotReadableException.class, MethodArgumentTypeMismatchException.class })
	public ResponseEntity<ProblemDetail> malformed(Exception ex) {
		ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "malformed-request", "Malformed request", ex);
		return ResponseEntity.status(problem.getStatus()).body(problem);
	}

	private static ProblemDetail problem(HttpStatus status, String slug, String title, Exception ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, String.valueOf(ex.getMessage()));
		problem.setType(java.net.URI.create(TYPE_PREFIX + slug));
		problem.setTitle(title);
		return problem;
	}

	private static String slug(String title) {
		return title.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
	}

}
