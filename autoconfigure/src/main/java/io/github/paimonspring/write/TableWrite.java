package io.github.paimonspring.write;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.arrow.ArrowFormatException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.index.BucketAssigner;
import org.apache.paimon.index.HashBucketAssigner;
import org.apache.paimon.index.SimpleHashBucketAssigner;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.table.sink.TableWriteImpl;

/**
 * Writes Arrow batches into one table and prepares them for commit. A {@code TableWrite} belongs to
 * one thread: concurrent calls are rejected. It can be reused after {@link #prepareCommit()}; the next
 * round continues the sequence numbers of the previous one. Closing it discards data that was not
 * prepared.
 */
public final class TableWrite implements AutoCloseable {

	private final WriteTarget target;

	private final String commitUser;

	private final Map<String, String> overwritePartition;

	private final TableWriteImpl<?> write;

	private final IOManager ioManager;

	private final ArrowBatchConverter converter;

	private final ColumnarRow row = new ColumnarRow();

	private final BucketAssigner bucketAssigner;

	private final RowKeyExtractor keyExtractor;

	private final AtomicBoolean busy = new AtomicBoolean();

	private volatile boolean closed;

	private volatile boolean failed;

	private long pendingRows;

	private long totalRows;

	TableWrite(WriteTarget target, String commitUser, Map<String, String> overwritePartition) {
		this.target = target;
		this.commitUser = commitUser;
		this.overwritePartition = overwritePartition;
		FileStoreTable table = target.table();
		this.converter = new ArrowBatchConverter(target.name(), table.rowType());
		this.ioManager = IOManager.create(target.spillDirectory().toString());
		try {
			this.write = table.newWrite(commitUser);
			this.write.withIOManager(this.ioManager);
			if (overwritePartition != null) {
				this.write.withIgnorePreviousFiles(true);
			}
		}
		catch (RuntimeException ex) {
			closeQuietly(this.ioManager);
			throw new PaimonWriteException(target.name(),
					"Cannot create a writer for table '" + target.name() + "': " + ex.getMessage(), ex);
		}
		if (table.bucketMode() == BucketMode.HASH_DYNAMIC) {
			long targetRows = table.coreOptions().dynamicBucketTargetRowNum();
			Integer maxBuckets = table.coreOptions().dynamicBucketMaxBuckets();
			int max = (maxBuckets != null) ? maxBuckets : -1;
			this.bucketAssigner = (overwritePartition != null) ? new SimpleHashBucketAssigner(1, 0, targetRows, max)
					: new HashBucketAssigner(table.snapshotManager(), commitUser, table.store().newIndexFileHandler(), 1,
							1, 0, targetRows, max);
			this.keyExtractor = table.createRowKeyExtractor();
		}
		else {
			this.bucketAssigner = null;
			this.keyExtractor = null;
		}
	}

	/**
	 * Returns the table identifier this writer writes to.
	 * @return the identifier, {@code db.table}
	 */
	public String table() {
		return this.target.name();
	}

	/**
	 * Returns the commit user of this writer.
	 * @return the commit user
	 */
	public String commitUser() {
		return this.commitUser;
	}

	/**
	 * Returns the number of rows written since the writer was created.
	 * @return the total row count
	 */
	public long totalRows() {
		return this.totalRows;
	}

	/**
	 * Writes one Arrow batch without dictionary-encoded columns. The whole batch is validated before
	 * any row is written; the caller keeps ownership of the Arrow data.
	 * @param root the batch
	 * @return the number of rows written
	 * @throws ArrowDataException if the batch does not match the table schema or holds a null in a
	 * {@code NOT NULL} column (nothing of the batch is written)
	 */
	public long write(VectorSchemaRoot root) {
		return write(root, null);
	}

	/**
	 * Writes one Arrow batch whose dictionary-encoded columns are resolved through
	 * {@code dictionaries}. The whole batch is validated before any row is written; the caller keeps
	 * ownership of the Arrow data.
	 * @param root the batch
	 * @param dictionaries the dictionaries of encoded columns, or {@code null}
	 * @return the number of rows written
	 * @throws ArrowDataException if the batch does not match the table (nothing of it is written)
	 */
	public long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
		if (root == null) {
			throw new PaimonArgumentException(table(), "record batch must not be null");
		}
		enter();
		try {
			return writeBatch(root, dictionaries);
		}
		finally {
			this.busy.set(false);
		}
	}

	/**
	 * Writes every batch of an Arrow stream, validating each batch before writing it. Batches read
	 * before a failure stay in this writer (not committed); discard them by closing the writer or abort
	 * them after {@link #prepareCommit()}.
	 * @param reader the stream; the caller closes it
	 * @return the number of rows written
	 * @throws ArrowDataException if a batch does not match the table
	 * @throws ArrowFormatException if the stream cannot be read
	 */
	public long write(ArrowReader reader) {
		if (reader == null) {
			throw new PaimonArgumentException(table(), "Arrow reader must not be null");
		}
		enter();
		try {
			long rows = 0;
			VectorSchemaRoot root;
			try {
				root = reader.getVectorSchemaRoot();
			}
			catch (IOException | RuntimeException ex) {
				throw new ArrowFormatException(table(),
						"Cannot read the Arrow stream schema for table '" + table() + "': " + ex.getMessage(), ex);
			}
			this.converter.validateSchema(root.getSchema(), reader);
			while (true) {
				boolean loaded;
				try {
					loaded = reader.loadNextBatch();
				}
				catch (IOException | RuntimeException ex) {
					throw new ArrowFormatException(table(),
							"Cannot read the Arrow stream for table '" + table() + "': " + ex.getMessage(), ex);
				}
				if (!loaded) {
					return rows;
				}
				rows += writeBatch(root, reader);
			}
		}
		finally {
			this.busy.set(false);
		}
	}

	private long writeBatch(VectorSchemaRoot root, DictionaryProvider dictionaries) {
		VectorizedColumnBatch batch = this.converter.convert(root, dictionaries);
		int rows = root.getRowCount();
		if (rows == 0) {
			return 0;
		}
		this.row.setVectorizedColumnBatch(batch);
		try {
			if (this.bucketAssigner == null) {
				for (int i = 0; i < rows; i++) {
					this.row.setRowId(i);
					this.write.write(this.row);
				}
			}
			else {
				for (int i = 0; i < rows; i++) {
					this.row.setRowId(i);
					this.keyExtractor.setRecord(this.row);
					BinaryRow partition = this.keyExtractor.partition();
					int bucket = this.bucketAssigner.assign(partition, this.keyExtractor.trimmedPrimaryKey().hashCode());
					this.write.write(this.row, bucket);
				}
			}
		}
		catch (ArrowDataException ex) {
			this.failed = true;
			throw ex;
		}
		catch (Exception ex) {
			this.failed = true;
			throw new PaimonWriteException(table(),
					"Writing to table '" + table() + "' failed: " + ex.getMessage() + "; close this TableWrite", ex);
		}
		this.pendingRows += rows;
		this.totalRows += rows;
		return rows;
	}

	/**
	 * Flushes everything written since the last call into data files and returns their commit messages.
	 * The writer stays usable for the next round.
	 * @return the messages to commit (empty when nothing was written)
	 */
	public CommitMessages prepareCommit() {
		enter();
		try {
			List<CommitMessage> messages;
			try {
				messages = this.write.prepareCommit(true, Long.MAX_VALUE);
				if (this.bucketAssigner != null) {
					this.bucketAssigner.prepareCommit(Long.MAX_VALUE);
				}
			}
			catch (Exception ex) {
				this.failed = true;
				throw new PaimonWriteException(table(),
						"Preparing the commit for table '" + table() + "' failed: " + ex.getMessage(), ex);
			}
			this.pendingRows = 0;
			List<CommitMessage> nonEmpty = new ArrayList<>();
			for (CommitMessage message : messages) {
				if (!((org.apache.paimon.table.sink.CommitMessageImpl) message).isEmpty()) {
					nonEmpty.add(message);
				}
			}
			return new CommitMessages(table(), this.target.location(), this.commitUser, this.overwritePartition,
					nonEmpty);
		}
		finally {
			this.busy.set(false);
		}
	}

	private void enter() {
		if (this.closed) {
			throw new PaimonStateException(table(), "TableWrite for table '" + table() + "' is closed");
		}
		if (this.failed) {
			throw new PaimonStateException(table(),
					"TableWrite for table '" + table() + "' failed earlier and must be closed; write the data again with a new writer");
		}
		if (!this.busy.compareAndSet(false, true)) {
			throw new PaimonStateException(table(), "TableWrite for table '" + table()
					+ "' is being used by another thread; a TableWrite belongs to one thread");
		}
	}

	/**
	 * Closes the writer and deletes data files that were written but not prepared. Idempotent.
	 */
	@Override
	public void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		try {
			this.write.close();
		}
		catch (Exception ex) {
			throw new PaimonWriteException(table(), "Closing the writer of table '" + table() + "' failed", ex);
		}
		finally {
			closeQuietly(this.ioManager);
		}
	}

	private static void closeQuietly(AutoCloseable closeable) {
		try {
			closeable.close();
		}
		catch (Exception ex) {
			// best effort
		}
	}

}
