package io.github.paimonspring.postpone;

import io.github.paimonspring.PaimonCommitException;

/**
 * A fixed-bucket commit was rejected before it reached Paimon: invalid buckets, two writers for one
 * (partition, bucket), a bucket count that differs from the partition's layout, mixing with
 * {@code bucket-postpone} files, or a concurrent commit into the same partition. Nothing was
 * committed; the messages can be aborted.
 *
 * @since 0.1.0
 */
public class FixedBucketConflictException extends PaimonCommitException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message the conflict
	 */
	public FixedBucketConflictException(String table, String message) {
		super(table, message, null);
	}

}
