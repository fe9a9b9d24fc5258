package io.github.paimonspring.write;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Configures writers and committers for one table and commit user. Writers and committers take the
 * mode that is set when they are created; overwrite cannot be turned off again.
 */
public final class WriteBuilder {

	private final WriteTarget target;

	private final String commitUser;

	private @Nullable Map<String, String> overwritePartition;

	WriteBuilder(WriteTarget target, String commitUser) {
		this.target = target;
		this.commitUser = CommitUsers.validate(target.name(), commitUser);
	}

	/**
	 * Returns the table identifier.
	 * @return the identifier, {@code db.table}
	 */
	public String table() {
		return this.target.name();
	}

	/**
	 * Returns the commit user shared by the writers and committers of this builder.
	 * @return the commit user
	 */
	public String commitUser() {
		return this.commitUser;
	}

	/**
	 * Returns whether writers and committers created from now on overwrite.
	 * @return {@code true} in overwrite mode
	 */
	public boolean isOverwrite() {
		return this.overwritePartition != null;
	}

	/**
	 * Switches to dynamic-partition overwrite: a commit replaces only the partitions that receive data;
	 * an unpartitioned table is replaced as a whole.
	 * @return this builder
	 */
	public WriteBuilder withOverwrite() {
		this.overwritePartition = Map.of();
		return this;
	}

	/**
	 * Switches to static-partition overwrite: a commit replaces the given partition (a partial spec
	 * matches every partition with those values), and all written rows must belong to it.
	 * @param staticPartition partition keys and values
	 * @return this builder
	 * @throws PaimonArgumentException if a key is not a partition key
	 */
	public WriteBuilder withOverwrite(@Nullable Map<String, String> staticPartition) {
		if (staticPartition == null || staticPartition.isEmpty()) {
			return withOverwrite();
		}
		for (String key : staticPartition.keySet()) {
			if (!this.target.table().partitionKeys().contains(key)) {
				throw new PaimonArgumentException(table(), "'" + key + "' is not a partition key of table '" + table()
						+ "'; partition keys are " + this.target.table().partitionKeys());
			}
		}
		this.overwritePartition = new LinkedHashMap<>(staticPartition);
		return this;
	}

	/**
	 * Creates a writer with this builder's commit user and mode.
	 * @return a new writer; close it when done
	 * @throws UnsupportedTableException if the table cannot be written
	 */
	public TableWrite newWrite() {
		this.target.checkWritable();
		return new TableWrite(this.target, this.commitUser, copy(this.overwritePartition));
	}

	/**
	 * Creates a committer with this builder's commit user and mode.
	 * @return a new committer
	 */
	public TableCommit newCommit() {
		return new TableCommit(this.target, this.commitUser, copy(this.overwritePartition));
	}

	private static @Nullable Map<String, String> copy(@Nullable Map<String, String> map) {
		return (map != null) ? new LinkedHashMap<>(map) : null;
	}

}
