package io.github.paimonspring.admin.transaction;

import java.util.OptionalLong;
import java.util.Set;

import io.github.paimonspring.write.CommitResult;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.jspecify.annotations.Nullable;

/**
 * One of the two write paths (standard, or postpone fixed-bucket) for one table, commit user and
 * mode, seen the same way by the admin service: open a writer, prepare, commit, abort.
 */
public interface WritePath extends AutoCloseable {

	/** The mode name used in the API: {@code standard} or {@code postpone-fixed-bucket}. */
	String mode();

	/** The newest snapshot of this commit user if it already committed {@code identifier}. */
	OptionalLong committedSnapshot(long identifier);

	/** Opens a writer. */
	Writer open();

	@Override
	void close();

	/** An open writer of this path. */
	interface Writer extends AutoCloseable {

		long write(VectorSchemaRoot root, DictionaryProvider dictionaries);

		/**
		 * Writes a batch while the caller reads the next one when it can (no dictionary-encoded columns):
		 * the root's buffers are taken over and the root is left without rows; otherwise like
		 * {@link #write}. {@link #drain()} waits for the batch in flight.
		 */
		default long writeAhead(VectorSchemaRoot root, DictionaryProvider dictionaries) {
			return write(root, dictionaries);
		}

		/** Waits for the batch {@link #writeAhead} left in flight, and throws its failure. */
		default void drain() {
		}

		/** Flushes and closes the writer; the result owns the written files. */
		Prepared prepare();

		/** Discards everything not prepared. */
		@Override
		void close();

	}

	/** Prepared commit messages with their committer. */
	interface Prepared {

		/** Commits: one-shot without an identifier, filtered when asked (or in overwrite mode). */
		CommitResult commit(@Nullable Long identifier, boolean filter);

		/** Deletes the files, never ones a snapshot references. */
		int abort();

		/** The files a snapshot of the table already references. */
		Set<String> committedFiles();

		/** All files of the messages. */
		Set<String> fileNames();

		byte[] serialize();

	}

}
