package io.github.paimonspring.s3.autoconfigure;

import io.github.paimonspring.s3.S3RequestException;

import org.springframework.beans.BeansException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;

/**
 * Explains a start that failed on an S3 request ({@link S3RequestException}), typically the check that the
 * {@code s3://} warehouse answers: credentials S3 refuses, a bucket that does not exist, an endpoint that does not
 * answer; with the option to change. Ordered before the starter's own analyzers, whose warehouse failure wraps
 * this one.
 *
 * @since 0.1.0
 */
public class S3RequestFailureAnalyzer extends AbstractFailureAnalyzer<S3RequestException> implements Ordered {

	static final String CREDENTIALS_FIX = """
			Give credentials that may access the bucket: paimon.catalog.options.s3.access-key and
			paimon.catalog.options.s3.secret-key (with paimon.catalog.options.s3.session-token for temporary keys);
			without them the AWS SDK's default credentials chain is asked (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY,
			AWS_PROFILE, the pod's, task's or instance's role): fix the source the description names.""";

	static final String BUCKET_FIX = """
			Create the bucket, or set paimon.catalog.warehouse to s3://<a bucket that exists>/<path> (and
			paimon.catalog.options.s3.endpoint to the store that has it).""";

	static final String ENDPOINT_FIX = """
			Check paimon.catalog.options.s3.endpoint (and paimon.catalog.options.s3.endpoint.region), and that the
			store is up and reachable from this instance.""";

	static final String REGION_FIX = """
			Set paimon.catalog.options.s3.endpoint.region to the bucket's region.""";

	static final String OTHER_FIX = """
			Check the S3 options under paimon.catalog.options.s3.* and paimon.catalog.warehouse (docs/production.md,
			S3).""";

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, S3RequestException cause) {
		return new FailureAnalysis(description(rootFailure, cause), action(cause), cause);
	}

	/**
	 * The message of the outermost exception that carries S3's message, such as the starter's {@code Cannot reach
	 * the Paimon warehouse 's3://…' …}, else S3's own: once, not with the nested messages of Spring's bean
	 * creation exceptions.
	 */
	private static String description(Throwable failure, S3RequestException cause) {
		String message = String.valueOf(cause.getMessage());
		for (Throwable outer = failure; outer != null && outer != cause; outer = outer.getCause()) {
			if (!(outer instanceof BeansException) && String.valueOf(outer.getMessage()).contains(message)) {
				return String.valueOf(outer.getMessage());
			}
		}
		return message;
	}

	static String action(S3RequestException cause) {
		String code = String.valueOf(cause.getErrorCode());
		int status = cause.getStatusCode();
		if (status == 403 || code.equals("InvalidAccessKeyId") || code.equals("SignatureDoesNotMatch")
				|| code.equals("ExpiredToken") || code.equals("InvalidToken")) {
			return CREDENTIALS_FIX;
		}
		if (code.equals("NoSuchBucket")) {
			return BUCKET_FIX;
		}
		if (status == 301 || code.equals("PermanentRedirect") || code.equals("AuthorizationHeaderMalformed")) {
			return REGION_FIX;
		}
		if (status == 0) {
			return ENDPOINT_FIX;
		}
		return OTHER_FIX;
	}

}
