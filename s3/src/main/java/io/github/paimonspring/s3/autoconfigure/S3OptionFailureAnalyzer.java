package io.github.paimonspring.s3.autoconfigure;

import io.github.paimonspring.s3.S3OptionException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains an {@code s3.*} catalog option the S3 FileIO cannot use ({@link S3OptionException}): an unknown key, a
 * value it cannot read, only one of the two keys, no region.
 *
 * @since 0.1.0
 */
public class S3OptionFailureAnalyzer extends AbstractFailureAnalyzer<S3OptionException> {

	static final String OPTION_FIX = """
			Fix the option the description names under paimon.catalog.options.s3.* (docs/production.md, S3, lists
			them; s3.access-key and s3.secret-key go together, or neither for the AWS SDK's default credentials
			chain). To keep paimon-s3 serving s3:// instead, set paimon.s3.enabled=false.""";

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, S3OptionException cause) {
		return new FailureAnalysis(cause.getMessage(), OPTION_FIX, cause);
	}

}
