package io.github.paimonspring.core;

import io.github.paimonspring.PaimonWriteException;
import io.github.paimonspring.write.ArrowCommitMessages;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.CommitResult;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * The write-then-commit of {@link PaimonWriter#execute} and the one-shot writes: a writer of the
 * builder's family that a {@link WriteCallback} (or a single batch) feeds, then one commit.
 */
final class CallbackWrites {

	private CallbackWrites() {
	}

	/**
	 * Writes through the callback with a writer of the builder's family, then commits; on failure the
	 * written files are discarded (the writer is closed, prepared messages aborted) and the failure is
	 * rethrown.
	 */
	static WriteResult writeAndCommit(ArrowWriteBuilder builder, WriteCallback callback) {
		try (ArrowTableWrite write = builder.newWrite(); ArrowTableCommit commit = builder.newCommit()) {
			ArrowCommitMessages messages;
			try {
				callback.doInWrite(new Session(write));
				messages = write.prepareCommit();
			}
			catch (RuntimeException ex) {
				throw ex;
			}
			catch (Exception ex) {
				throw new PaimonWriteException(builder.table(),
						"Write callback for table '" + builder.table() + "' failed: " + ex.getMessage(), ex);
			}
			CommitResult result;
			try {
				result = commit.commit(messages);
			}
			catch (RuntimeException ex) {
				try {
					commit.abort(messages);
				}
				catch (RuntimeException abortFailure) {
					ex.addSuppressed(abortFailure);
				}
				throw ex;
			}
			return new WriteResult(builder.table(), write.totalRows(), result.committed(),
					result.committed() ? result.snapshotId() : null);
		}
	}

	static final class Session implements WriteSession {

		private final ArrowTableWrite write;

		Session(ArrowTableWrite write) {
			this.write = write;
		}

		@Override
		public String table() {
			return this.write.table();
		}

		@Override
		public long write(VectorSchemaRoot root) {
			return this.write.write(root);
		}

		@Override
		public long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
			return this.write.write(root, dictionaries);
		}

		@Override
		public long write(ArrowReader reader) {
			return this.write.write(reader);
		}

	}

}
