package io.github.paimonspring.write.family;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.UnsupportedTableException;
import io.github.paimonspring.write.ArrowWriteBuilder;
import org.jspecify.annotations.Nullable;

/**
 * The builder step of a write family, written once for every family: configures writers and committers
 * for one table and commit user; not API: applications use {@link ArrowWriteBuilder}, which picks the
 * family. Writers and committers take the mode that is set when they are
 * created; overwrite cannot be turned off again. A builder, its writers, their messages and its
 * committers belong to one family: the type parameters keep families apart at compile time.
 *
 * @param <W> the family's writer
 * @param <M> the family's commit messages
 * @param <C> the family's committer
 */
public abstract class AbstractWriteBuilder<W extends AbstractTableWrite<M>, M extends AbstractCommitMessages<M>,
		C extends AbstractTableCommit<M>> {

	private final WriteTarget target;

	private String commitUser;

	private @Nullable Map<String, String> overwritePartition;

	/**
	 * Creates the builder of a family.
	 * @param target the table
	 * @param commitUser the commit user, a safe file name segment ({@code CommitUsers.validate} checks the
	 * ones applications give)
	 */
	protected AbstractWriteBuilder(WriteTarget target, String commitUser) {
		this.target = target;
		this.commitUser = commitUser;
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
	 * Creates a writer with this builder's commit user and mode.
	 * @return a new writer; close it when done
	 * @throws UnsupportedTableException if the table cannot be written by this family
	 */
	public abstract W newWrite();

	/**
	 * Creates a committer with this builder's commit user and mode.
	 * @return a new committer
	 */
	public abstract C newCommit();

	/**
	 * Reads this family's messages serialized by {@link AbstractCommitMessages#serialize()}, possibly in
	 * another process, for this builder's table.
	 * @param bytes the serialized messages
	 * @return the messages
	 * @throws PaimonArgumentException if the bytes are not this family's messages of this table
	 */
	public abstract M deserializeCommitMessages(byte @Nullable [] bytes);

	/**
	 * Sets the commit user of writers and committers created from now on.
	 * @param commitUser the commit user, a safe file name segment ({@code CommitUsers.validate} checks the
	 * ones applications give)
	 */
	protected final void commitUser(String commitUser) {
		this.commitUser = commitUser;
	}

	/**
	 * Sets the mode of writers and committers created from now on.
	 * @param staticPartition {@code {}} for a dynamic overwrite, or the static partition
	 */
	protected final void overwrite(Map<String, String> staticPartition) {
		this.overwritePartition = new LinkedHashMap<>(staticPartition);
	}

	/**
	 * Returns a copy of the mode for a new writer or committer.
	 * @return {@code null} for append mode, empty for dynamic overwrite, or the static partition
	 */
	protected final @Nullable Map<String, String> overwritePartition() {
		return (this.overwritePartition != null) ? new LinkedHashMap<>(this.overwritePartition) : null;
	}

	/**
	 * Returns the table of this builder.
	 * @return the target
	 */
	protected final WriteTarget target() {
		return this.target;
	}

}
