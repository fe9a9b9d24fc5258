package io.github.paimonspring.write.family;

import java.util.Map;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.write.ArrowWriteBuilder;
import org.jspecify.annotations.Nullable;

/**
 * The builder of the standard write family (see {@link AbstractWriteBuilder} for the contract):
 * append, dynamic-partition overwrite or static-partition overwrite of any Paimon append or
 * primary-key table this starter writes. The implementation behind an {@link ArrowWriteBuilder} without a
 * fixed-bucket plan; not API.
 */
public final class StandardWriteBuilder
		extends AbstractWriteBuilder<StandardTableWrite, StandardCommitMessages, StandardTableCommit> {

	/**
	 * Creates a builder; applications get an {@link ArrowWriteBuilder} from
	 * {@code PaimonOperations.newWriteBuilder}.
	 * @param target the table
	 * @param commitUser the commit user; must be a safe file name segment
	 * @throws PaimonArgumentException if the commit user is not a safe file name segment
	 */
	public StandardWriteBuilder(WriteTarget target, String commitUser) {
		super(target, commitUser);
	}

	/**
	 * Sets the commit user of writers and committers created from now on.
	 * @param commitUser the commit user; must be a safe file name segment
	 * @return this builder
	 * @throws PaimonArgumentException if the commit user is not a safe file name segment
	 */
	public StandardWriteBuilder withCommitUser(String commitUser) {
		commitUser(commitUser);
		return this;
	}

	/**
	 * Switches to dynamic-partition overwrite: a commit replaces only the partitions that receive data;
	 * an unpartitioned table is replaced as a whole.
	 * @return this builder
	 */
	public StandardWriteBuilder withOverwrite() {
		overwrite(Map.of());
		return this;
	}

	/**
	 * Switches to static-partition overwrite: a commit replaces the given partition (a partial spec
	 * matches every partition with those values), and all written rows must belong to it.
	 * @param staticPartition partition keys and values
	 * @return this builder
	 * @throws PaimonArgumentException if a key is not a partition key
	 */
	public StandardWriteBuilder withOverwrite(@Nullable Map<String, String> staticPartition) {
		if (staticPartition == null || staticPartition.isEmpty()) {
			return withOverwrite();
		}
		for (String key : staticPartition.keySet()) {
			if (!target().table().partitionKeys().contains(key)) {
				throw new PaimonArgumentException(table(), "'" + key + "' is not a partition key of table '" + table()
						+ "'; partition keys are " + target().table().partitionKeys());
			}
		}
		overwrite(staticPartition);
		return this;
	}

	@Override
	public StandardTableWrite newWrite() {
		target().checkWritable();
		return new StandardTableWrite(target(), commitUser(), overwritePartition());
	}

	@Override
	public StandardTableCommit newCommit() {
		return new StandardTableCommit(target(), commitUser(), overwritePartition());
	}

	@Override
	public StandardCommitMessages deserializeCommitMessages(byte @Nullable [] bytes) {
		return StandardCommitMessages.deserialize(target(), bytes);
	}

}
