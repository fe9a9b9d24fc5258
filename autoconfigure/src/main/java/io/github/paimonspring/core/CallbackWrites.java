package io.github.paimonspring.core;

import io.github.paimonspring.PaimonWriteException;
import io.github.paimonspring.write.AbstractCommitMessages;
import io.github.paimonspring.write.AbstractTableCommit;
import io.github.paimonspring.write.AbstractTableWrite;
import io.github.paimonspring.write.AbstractWriteBuilder;
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
	static <M extends AbstractCommitMessages<M>> WriteResult writeAndCommit(
			AbstractWriteBuilder<? extends AbstractTableWrite<M>, M, ? extends AbstractTableCommit<M>> builder,
			WriteCallback callback) {
		try (AbstractTableWrite<M> write = builder.newWrite(); AbstractTableCommit<M> commit = builder.newCommit()) {
			M messages;
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

		private final AbstractTableWrite<?> write;

		Session(AbstractTableWrite<?> write) {
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
