package io.github.paimonspring.write.family;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.UnsupportedTableException;
import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.catalog.CommitFence;
import io.github.paimonspring.write.lane.WriteLanes;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;

/**
 * A resolved table to write: its identifier, the Paimon table and writer settings. Shared by a
 * builder and the writers and committers it creates. Created by {@code PaimonOperations}
 * implementations; applications name tables instead.
 */
public final class WriteTarget {

	private static final List<String> TIME_TRAVEL_OPTIONS = List.of("scan.version", "scan.timestamp-millis",
			"scan.snapshot-id", "scan.tag-name", "scan.timestamp", "scan.watermark");

	private final String name;

	private final FileStoreTable table;

	private final Path spillDirectory;

	private final int parallelism;

	private final CommitFence fence;

	private final String rowKindColumn;

	private final boolean columnarWrites;

	/**
	 * Creates a target.
	 * @param name the table identifier, {@code db.table}
	 * @param table the table
	 * @param spillDirectory where writers spill sort buffers
	 * @param parallelism how many Paimon writers one table write may run in parallel
	 */
	public WriteTarget(String name, FileStoreTable table, Path spillDirectory, int parallelism) {
		this(name, table, spillDirectory, parallelism, CommitFence.NONE);
	}

	/**
	 * Creates a target whose commits first ask a fence.
	 * @param name the table identifier
	 * @param table the table
	 * @param spillDirectory where lanes spill
	 * @param parallelism the number of lanes
	 * @param fence asked before every commit
	 */
	public WriteTarget(String name, FileStoreTable table, Path spillDirectory, int parallelism, CommitFence fence) {
		this(name, table, spillDirectory, parallelism, fence, ArrowBatchConverter.ROW_KIND_COLUMN);
	}

	/**
	 * Creates a target whose commits first ask a fence and whose batches name row kinds in a column.
	 * @param name the table identifier
	 * @param table the table
	 * @param spillDirectory where lanes spill
	 * @param parallelism the number of lanes
	 * @param fence asked before every commit
	 * @param rowKindColumn the name of the batches' row-kind column (not a table column)
	 */
	public WriteTarget(String name, FileStoreTable table, Path spillDirectory, int parallelism, CommitFence fence,
			String rowKindColumn) {
		this(name, table, spillDirectory, parallelism, fence, rowKindColumn, true);
	}

	private WriteTarget(String name, FileStoreTable table, Path spillDirectory, int parallelism, CommitFence fence,
			String rowKindColumn, boolean columnarWrites) {
		this.columnarWrites = columnarWrites;
		this.rowKindColumn = rowKindColumn;
		this.name = name;
		this.table = table;
		this.spillDirectory = spillDirectory;
		this.parallelism = parallelism;
		this.fence = fence;
	}

	/**
	 * Returns the name of the batches' row-kind column.
	 * @return the column name
	 */
	public String rowKindColumn() {
		return this.rowKindColumn;
	}

	/**
	 * Returns this target with column-by-column writes allowed or not: where allowed (the default),
	 * tables whose data files the column-by-column writer produces exactly as Paimon's writer does
	 * (see {@code write.parquet.ColumnarWrites}) are written that way.
	 * @param enabled whether column-by-column writes are allowed
	 * @return the target
	 */
	public WriteTarget withColumnarWrites(boolean enabled) {
		return new WriteTarget(this.name, this.table, this.spillDirectory, this.parallelism, this.fence,
				this.rowKindColumn, enabled);
	}

	boolean columnarWrites() {
		return this.columnarWrites;
	}

	CommitFence fence() {
		return this.fence;
	}

	int parallelism() {
		return this.parallelism;
	}

	/**
	 * Returns the table identifier.
	 * @return the identifier, {@code db.table}
	 */
	public String name() {
		return this.name;
	}

	/**
	 * Returns the table.
	 * @return the table
	 */
	public FileStoreTable table() {
		return this.table;
	}

	Path spillDirectory() {
		return this.spillDirectory;
	}

	/**
	 * Returns the table's location, which tells tables of the same name apart.
	 * @return the location
	 */
	public String location() {
		return this.table.location().toString();
	}

	/**
	 * Returns the table to create writers from, with a write buffer sized to the heap.
	 */
	FileStoreTable writeTable() {
		return WriteLanes.sizedForHeap(this.table, this.parallelism);
	}

	/**
	 * Rejects tables that cannot take writes through the standard path.
	 */
	void checkWritable() {
		Map<String, String> options = this.table.options();
		for (String option : TIME_TRAVEL_OPTIONS) {
			if (options.containsKey(option)) {
				throw new UnsupportedTableException(this.name, "Cannot write to table '" + this.name
						+ "' because it has the time-travel option '" + option + "' set");
			}
		}
		if (this.table.bucketMode() == BucketMode.KEY_DYNAMIC) {
			throw new UnsupportedTableException(this.name, "Table '" + this.name
					+ "' is a dynamic-bucket (bucket=-1) primary-key table with cross-partition updates (partition "
							+ "keys "
					+ this.table.partitionKeys() + " are not all in the primary key " + this.table.primaryKeys()
					+ "); this starter does not write such tables. Include the partition keys in the primary key, "
					+ "or use a fixed bucket count (bucket=N) or postpone buckets (bucket=-2)");
		}
	}

}
