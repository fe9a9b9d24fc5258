package io.github.paimonspring.catalog;

import io.github.paimonspring.PaimonException;

/**
 * The catalog's Hadoop file system (paimon-s3 1.4.2's, or another one on Hadoop) cannot start on this Java: Hadoop's
 * {@code UserGroupInformation} calls {@code Subject.getSubject}, which Java 24 and later no longer support.
 *
 * @since 0.1.0
 */
public class HadoopOnNewerJavaException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param cause Hadoop's failure
	 */
	public HadoopOnNewerJavaException(Throwable cause) {
		super(null, "The Paimon catalog's file system cannot start on Java " + Runtime.version().feature()
				+ ": Hadoop's UserGroupInformation (in paimon-s3 1.4.2, or another Hadoop file system) calls "
				+ "Subject.getSubject, which Java 24 and later no longer support; for s3:// warehouses add "
				+ "io.github.paimonspring:paimon-spring-boot-s3, which runs on every Java from 17 (see "
				+ "docs/production.md, S3)", cause);
	}

}
