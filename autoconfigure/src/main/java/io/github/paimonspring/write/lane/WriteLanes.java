package io.github.paimonspring.write.lane;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.PaimonWriteException;
import io.github.paimonspring.write.parquet.ColumnarAppendWriter;
import io.github.paimonspring.write.parquet.ColumnarKeyValueWriter;
import io.github.paimonspring.write.parquet.ColumnarWrites;
import org.apache.paimon.CoreOptions;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.index.BucketAssigner;
import org.apache.paimon.index.HashBucketAssigner;
import org.apache.paimon.index.SimpleHashBucketAssigner;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataFilePathFactory;
import org.apache.paimon.memory.MemoryPoolFactory;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Paimon writers ("lanes") of one {@link LaneWriter} and how rows are spread over them, chosen
 * from the table's bucket mode and the parallelism: lanes own buckets ({@code bucket % lanes}), take
 * row ranges (bucket-unaware append tables), or there is a single writer (dynamic buckets,
 * parallelism 1). Each writer sorts in a write buffer from {@link WriteBufferPools}, kept for later
 * writes.
 */
public final class WriteLanes {

	private final String rowKindColumn;

	/** The table the lanes write, for the files of a prepare that failed. */
	private final FileStoreTable writeTable;

	private final RowKindRules rowKindRules;

	private static final long MAX_WRITE_BUFFER = 256L * 1024 * 1024;

	private static final long MIN_WRITE_BUFFER = 8L * 1024 * 1024;

	private static final Logger logger = LoggerFactory.getLogger(WriteLanes.class);

	private static final Set<String> DYNAMIC_BUCKET_WARNED = ConcurrentHashMap.newKeySet();

	/** How rows are spread over the lanes. */
	enum Routing {

		/** One Paimon writer (dynamic-bucket, postpone or parallelism 1). */
		SINGLE,
		/** Lanes own buckets: {@code bucket % lanes}. */
		BY_BUCKET,
		/** Lanes take contiguous row ranges (bucket-unaware append tables). */
		BY_RANGE

	}

	private final List<WriteLane> lanes = new ArrayList<>();

	/** The lanes' write-buffer pools, given back for later writes when the lanes close. */
	private final List<WriteBufferPools.Pool> bufferPools = new ArrayList<>();

	private final Routing routing;

	private final IOManager ioManager;

	/** Whether the lanes write column by column ({@link ColumnarAppendWriter}, {@link ColumnarKeyValueWriter}). */
	private final boolean columnar;

	/** Whether the router's buckets follow a plan rather than the table's bucket count. */
	private final boolean plannedBuckets;

	private @Nullable BucketAssigner bucketAssigner;

	/**
	 * Creates the writers.
	 * @param table the table identifier used in messages
	 * @param writeTable the table to create Paimon writers from
	 * @param commitUser the commit user
	 * @param ignorePreviousFiles whether writers start without the existing files (overwrite)
	 * @param spillDirectory where writers spill sort buffers
	 * @param parallelism the maximum number of lanes
	 * @param router creates a bucket router per lane, or {@code null} to route by the table's own
	 * bucket mode
	 * @param plannedBuckets whether the router's buckets follow a plan rather than the table's bucket
	 * count: the bucket count of existing files is not checked
	 * @param rowKindColumn the name of the batches' row-kind column
	 * @param columnarWrites whether lanes may write column by column where the table allows it
	 */
	public WriteLanes(String table, FileStoreTable writeTable, String commitUser, boolean ignorePreviousFiles,
			Path spillDirectory, int parallelism, @Nullable Supplier<BucketRouter> router,
			boolean plannedBuckets, String rowKindColumn, boolean columnarWrites) {
		this.rowKindColumn = rowKindColumn;
		this.writeTable = writeTable;
		this.rowKindRules = RowKindRules.of(table, writeTable, rowKindColumn);
		BucketMode mode = writeTable.bucketMode();
		int count = Math.max(1, parallelism);
		String refused = ColumnarWrites.refusedCompression(writeTable);
		if (refused != null) {
			throw new PaimonArgumentException(table,
					"Cannot write table '" + table + "': " + refused + "; nothing was written");
		}
		this.columnar = columnar(table, writeTable, columnarWrites);
		this.plannedBuckets = plannedBuckets;
		if (router != null) {
			this.routing = Routing.BY_BUCKET;
		}
		else if (mode == BucketMode.HASH_FIXED && (count > 1 || this.columnar)) {
			// column-by-column key-value lanes buffer rows per bucket: one lane is routed too
			this.routing = Routing.BY_BUCKET;
			count = Math.min(count, Math.max(1, writeTable.coreOptions().bucket()));
		}
		else if (mode == BucketMode.BUCKET_UNAWARE && writeTable.primaryKeys().isEmpty() && count > 1) {
			this.routing = Routing.BY_RANGE;
		}
		else {
			this.routing = Routing.SINGLE;
			count = 1;
		}
		this.ioManager = IOManager.create(spillDirectory.toString());
		try {
			for (int i = 0; i < count; i++) {
				this.lanes.add(lane(table, writeTable, commitUser, ignorePreviousFiles, router));
			}
		}
		catch (RuntimeException ex) {
			close(table);
			throw new PaimonWriteException(table,
					"Cannot create a writer for table '" + table + "': " + ex.getMessage(),
					ex);
		}
		if (mode == BucketMode.HASH_DYNAMIC && router == null) {
			this.bucketAssigner = dynamicBucketAssigner(table, writeTable, commitUser, ignorePreviousFiles);
		}
	}

	/**
	 * Deletes the data files of messages that never left the writer: the lanes that prepared their commit
	 * while another lane failed. No one can commit them, so no snapshot references them.
	 * @param table the table's name, for the log
	 * @param messages the messages of the lanes that succeeded
	 */
	void discard(String table, List<CommitMessage> messages) {
		FileIO fileIO = this.writeTable.fileIO();
		for (CommitMessage message : messages) {
			CommitMessageImpl impl = (CommitMessageImpl) message;
			DataFilePathFactory paths = this.writeTable.store()
				.pathFactory()
				.createDataFilePathFactory(impl.partition(), impl.bucket());
			List<DataFileMeta> files = new ArrayList<>(impl.newFilesIncrement().newFiles());
			files.addAll(impl.newFilesIncrement().changelogFiles());
			files.addAll(impl.compactIncrement().compactAfter());
			files.addAll(impl.compactIncrement().changelogFiles());
			for (DataFileMeta file : files) {
				fileIO.deleteQuietly(paths.toPath(file));
			}
			if (!files.isEmpty()) {
				logger.debug("Deleted {} file(s) of a lane of table '{}' whose prepare was abandoned", files.size(),
						table);
			}
		}
	}

	private static boolean columnar(String table, FileStoreTable writeTable, boolean allowed) {
		String reason = allowed ? ColumnarWrites.unsupportedReason(writeTable)
				: "column-by-column writes are off (paimon.write.columnar=false)";
		if (logger.isDebugEnabled()) {
			logger.debug((reason == null) ? "Table '{}' is written column by column"
					: "Table '{}' is written row by row by Paimon's writer: {}", table, reason);
		}
		return reason == null;
	}

	private WriteLane lane(String table, FileStoreTable writeTable, String commitUser, boolean ignorePreviousFiles,
			@Nullable Supplier<BucketRouter> router) {
		// the Paimon writer of a column-by-column append lane takes the rows of the partitions beyond
		// write-max-writers-to-spill: it buffers every writer from the start, as Paimon's writer does once it has
		// forced its buffers (ColumnarAppendWriter); 0 forces them when it creates its first writer
		FileStoreTable paimonTable = (this.columnar && writeTable.primaryKeys().isEmpty())
				? writeTable.copy(Map.of(CoreOptions.WRITE_MAX_WRITERS_TO_SPILL.key(), "0")) : writeTable;
		TableWriteImpl<?> write = paimonTable.newWrite(commitUser);
		write.withIOManager(this.ioManager);
		WriteBufferPools.Pool pool = WriteBufferPools.SHARED.take(writeTable.coreOptions().writeBufferSize(),
				writeTable.coreOptions().pageSize());
		this.bufferPools.add(pool);
		write.withMemoryPoolFactory(new MemoryPoolFactory(pool));
		if (ignorePreviousFiles) {
			write.withIgnorePreviousFiles(true);
		}
		if (this.plannedBuckets) {
			write.getWrite().withIgnoreNumBucketCheck(true);
		}
		if (router != null) {
			return new WriteLane(table, writeTable, write, null, router.get(), this.rowKindColumn, null,
					keyValues(writeTable, write, ignorePreviousFiles));
		}
		if (this.routing != Routing.BY_BUCKET && writeTable.bucketMode() != BucketMode.HASH_DYNAMIC) {
			return new WriteLane(table, writeTable, write, null, null, this.rowKindColumn,
					this.columnar ? new ColumnarAppendWriter(writeTable) : null, null);
		}
		RowKeyExtractor keys = writeTable.createRowKeyExtractor();
		BucketRouter byKey = null;
		if (this.routing == Routing.BY_BUCKET) {
			byKey = (row) -> {
				keys.setRecord(row);
				return keys.bucket();
			};
		}
		return new WriteLane(table, writeTable, write, keys, byKey, this.rowKindColumn, null,
				keyValues(writeTable, write, ignorePreviousFiles));
	}

	/** The lane's column-by-column key-value writer, if the table is written so. */
	private @Nullable ColumnarKeyValueWriter keyValues(FileStoreTable writeTable, TableWriteImpl<?> write,
			boolean ignorePreviousFiles) {
		if (!this.columnar || this.routing != Routing.BY_BUCKET || writeTable.primaryKeys().isEmpty()) {
			return null;
		}
		// the buckets' new files go to Paimon's writer too, which compacts them as it would its own (a
		// write-only table does not compact)
		ColumnarKeyValueWriter.NewFiles newFiles = writeTable.coreOptions().writeOnly() ? (partition, bucket,
				files) -> {
		} : (partition, bucket, files) -> write.getWrite().notifyNewFiles(Long.MAX_VALUE, partition, bucket, files);
		return new ColumnarKeyValueWriter(writeTable, ignorePreviousFiles, this.plannedBuckets, newFiles,
				this.ioManager);
	}

	private static BucketAssigner dynamicBucketAssigner(String table, FileStoreTable writeTable, String commitUser,
			boolean ignorePreviousFiles) {
		if (DYNAMIC_BUCKET_WARNED.add(table)) {
			logger.warn("Table '{}' uses dynamic buckets (bucket=-1): only ONE writer process may write it; several "
					+ "instances writing it concurrently create duplicate keys. Use bucket=N or bucket=-2 for several "
							+ "writers.",
					table);
		}
		long targetRows = writeTable.coreOptions().dynamicBucketTargetRowNum();
		Integer maxBuckets = writeTable.coreOptions().dynamicBucketMaxBuckets();
		int max = (maxBuckets != null) ? maxBuckets : -1;
		return ignorePreviousFiles ? new SimpleHashBucketAssigner(1, 0, targetRows, max)
				: new HashBucketAssigner(writeTable.snapshotManager(), commitUser,
						writeTable.store().newIndexFileHandler(),
						1, 1, 0, targetRows, max);
	}

	/**
	 * Returns the table with each Paimon writer's {@code write-buffer-size} sized to the heap:
	 * {@code max-heap / 4 / parallelism}, between 8 MB and Paimon's default 256 MB. A table that sets
	 * {@code write-buffer-size} itself is returned unchanged.
	 * @param table the table
	 * @param parallelism the number of writers that will share the heap
	 * @return the table to create writers from
	 */
	public static FileStoreTable sizedForHeap(FileStoreTable table, int parallelism) {
		if (table.options().containsKey("write-buffer-size")) {
			return table;
		}
		long perWriter = Runtime.getRuntime().maxMemory() / 4 / Math.max(1, parallelism);
		long size = Math.max(MIN_WRITE_BUFFER, Math.min(MAX_WRITE_BUFFER, perWriter));
		if (size == MAX_WRITE_BUFFER) {
			return table;
		}
		return table.copy(Map.of("write-buffer-size", size + " b"));
	}

	RowKindRules rowKindRules() {
		return this.rowKindRules;
	}

	List<WriteLane> lanes() {
		return this.lanes;
	}

	Routing routing() {
		return this.routing;
	}

	@Nullable BucketAssigner bucketAssigner() {
		return this.bucketAssigner;
	}

	/**
	 * Closes the writers and the spill manager; the first failure to close a writer is thrown after
	 * all were tried.
	 * @param table the table identifier used in messages
	 */
	void close(String table) {
		PaimonWriteException failure = null;
		for (WriteLane lane : this.lanes) {
			if (lane.columnar != null) {
				lane.columnar.close();
			}
			if (lane.keyValues != null) {
				lane.keyValues.close();
			}
			try {
				lane.write.close();
			}
			catch (Exception ex) {
				if (failure == null) {
					failure = new PaimonWriteException(table, "Closing the writer of table '" + table + "' failed", ex);
				}
			}
		}
		this.bufferPools.forEach(WriteBufferPools.SHARED::giveBack);
		this.bufferPools.clear();
		try {
			this.ioManager.close();
		}
		catch (Exception ex) {
			// best effort
		}
		if (failure != null) {
			throw failure;
		}
	}

}
