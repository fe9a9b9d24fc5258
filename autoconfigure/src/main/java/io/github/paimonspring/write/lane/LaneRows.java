package io.github.paimonspring.write.lane;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.paimonspring.PaimonException;
import io.github.paimonspring.PaimonWriteException;
import io.github.paimonspring.write.parquet.ColumnarAppendWriter;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.index.BucketAssigner;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.types.RowKind;
import org.jspecify.annotations.Nullable;

/**
 * How the rows of one validated batch go to the lanes of a {@link LaneWriter}: one writer, row
 * ranges, or buckets owned by lanes ({@code bucket % lanes}, routed first, in parallel). The lanes'
 * rows must point at the batch already. Not thread-safe: one batch at a time.
 */
final class LaneRows {

	/** Rows a column-by-column lane takes at a time. */
	static final int CHUNK = 4096;

	private final String table;

	private final List<WriteLane> lanes;

	private final WriteLanes.Routing routing;

	private final @Nullable BucketAssigner bucketAssigner;

	/** The row kinds of the batch being written, or {@code null} when all rows are inserts. */
	private byte @Nullable [] kinds;

	private int[] buckets = new int[0];

	LaneRows(String table, WriteLanes lanes) {
		this.table = table;
		this.lanes = lanes.lanes();
		this.routing = lanes.routing();
		this.bucketAssigner = lanes.bucketAssigner();
	}

	private String table() {
		return this.table;
	}

	/** A part that {@link WriteLanes} gives every lane of this routing; {@code what} names it. */
	private <T> T required(@Nullable T part, String what) {
		if (part == null) {
			throw new IllegalStateException("The write lanes of table '" + this.table + "' have no " + what);
		}
		return part;
	}

	/**
	 * Routes a batch's rows (bucket-owning lanes) and returns the write of its rows over
	 * {@code parallel} lanes; a routing error is thrown now, before anything is written.
	 * @param rows the batch's rows
	 * @param parallel how many lanes write it
	 * @param kinds the row kinds, or {@code null} when all rows are inserts
	 * @return the write
	 */
	Callable<Void> prepare(int rows, int parallel, byte @Nullable [] kinds) {
		this.kinds = kinds;
		int[] bucketOf = (this.routing == WriteLanes.Routing.BY_BUCKET) ? route(rows, parallel) : null;
		return () -> {
			if (this.routing == WriteLanes.Routing.SINGLE) {
				writeSingle(this.lanes.get(0), rows);
			}
			else if (this.routing == WriteLanes.Routing.BY_RANGE) {
				writeRanges(rows, parallel);
			}
			else {
				writeBuckets(required(bucketOf, "bucket of every row"), rows, parallel);
			}
			return null;
		};
	}

	private void writeSingle(WriteLane lane, int rows) throws Exception {
		if (lane.columnar != null) {
			lane.columnar.write(lane.row.batch(), 0, rows, overflow(lane));
			return;
		}
		if (this.bucketAssigner == null) {
			for (int i = 0; i < rows; i++) {
				select(lane.row, i);
				lane.write.write(lane.row);
			}
			return;
		}
		RowKeyExtractor keys = required(lane.keys, "key extractor");
		for (int i = 0; i < rows; i++) {
			select(lane.row, i);
			keys.setRecord(lane.row);
			BinaryRow partition = keys.partition();
			int bucket = this.bucketAssigner.assign(partition, keys.trimmedPrimaryKey().hashCode());
			lane.write.write(lane.row, bucket);
		}
	}

	private void writeRanges(int rows, int parallel) throws Exception {
		if (this.lanes.get(0).columnar != null) {
			writeChunks(rows, parallel);
			return;
		}
		WriteExecutor.runAll(overRanges(rows, parallel, (lane, i) -> {
			select(lane.row, i);
			lane.write.write(lane.row);
		}));
	}

	/**
	 * Column-by-column lanes take the batch in chunks of {@link #CHUNK} rows, each the next one left, so
	 * that they finish together whatever each chunk costs; a failed lane stops the others taking more.
	 */
	private void writeChunks(int rows, int parallel) throws Exception {
		AtomicInteger next = new AtomicInteger();
		List<Callable<Void>> tasks = new ArrayList<>();
		for (int k = 0; k < parallel; k++) {
			WriteLane lane = this.lanes.get(k);
			ColumnarAppendWriter columnar = required(lane.columnar, "column-by-column writer");
			tasks.add(() -> {
				try {
					for (int from = next.getAndAdd(CHUNK); from < rows; from = next.getAndAdd(CHUNK)) {
						columnar.write(lane.row.batch(), from, Math.min(rows, from + CHUNK), overflow(lane));
					}
				}
				catch (Exception | Error ex) {
					next.set(rows);
					throw ex;
				}
				return null;
			});
		}
		WriteExecutor.runAll(tasks);
	}

	/**
	 * Column-by-column key-value lanes take all rows of their buckets at once: each reading lane gathers
	 * the rows of the lanes it feeds ({@code bucket % lanes % parallel}) in batch order.
	 */
	private void writeBucketsColumnByColumn(int[] bucketOf, int rows, int parallel) throws Exception {
		int lanes = this.lanes.size();
		byte[] rowKinds = this.kinds;
		List<Callable<Void>> writing = new ArrayList<>();
		for (int k = 0; k < parallel; k++) {
			WriteLane reader = this.lanes.get(k);
			int owner = k;
			writing.add(() -> {
				int[] positions = new int[rows];
				for (int laneIndex = owner; laneIndex < lanes; laneIndex += parallel) {
					int count = 0;
					for (int i = 0; i < rows; i++) {
						if (bucketOf[i] % lanes == laneIndex) {
							positions[count++] = i;
						}
					}
					if (count > 0) {
						required(this.lanes.get(laneIndex).keyValues, "column-by-column key-value writer")
							.write(reader.row.batch(), positions, count, bucketOf, rowKinds);
					}
				}
				return null;
			});
		}
		WriteExecutor.runAll(writing);
	}

	/** Rows the lane's column-by-column writer does not take go to its Paimon writer. */
	private ColumnarAppendWriter.Overflow overflow(WriteLane lane) {
		return (i) -> {
			lane.row.setRowId(i);
			lane.row.setRowKind(RowKind.INSERT);
			lane.write.write(lane.row);
		};
	}

	/** What a lane does with one row of its range. */
	@FunctionalInterface
	private interface RowTask {

		void run(WriteLane lane, int row) throws Exception;

	}

	/**
	 * One task per lane: lane {@code k} runs {@code task} on the {@code k}-th of {@code parallel} contiguous ranges.
	 */
	private List<Callable<Void>> overRanges(int rows, int parallel, RowTask task) {
		List<Callable<Void>> tasks = new ArrayList<>();
		for (int k = 0; k < parallel; k++) {
			WriteLane lane = this.lanes.get(k);
			int from = (int) ((long) rows * k / parallel);
			int to = (int) ((long) rows * (k + 1) / parallel);
			tasks.add(() -> {
				for (int i = from; i < to; i++) {
					task.run(lane, i);
				}
				return null;
			});
		}
		return tasks;
	}

	/** Points a lane's row at row {@code i} of the batch, with its row kind. */
	private void select(ColumnarRow row, int i) {
		row.setRowId(i);
		byte[] rowKinds = this.kinds;
		row.setRowKind((rowKinds != null) ? RowKind.fromByteValue(rowKinds[i]) : RowKind.INSERT);
	}

	/** Computes the bucket of every row, in parallel when the batch is large. */
	private int[] route(int rows, int parallel) {
		if (this.buckets.length < rows) {
			this.buckets = new int[rows];
		}
		int[] bucketOf = this.buckets;
		List<Callable<Void>> hashing = overRanges(rows, parallel, (lane, i) -> {
			lane.row.setRowId(i);
			bucketOf[i] = required(lane.router, "bucket router").bucket(lane.row);
		});
		try {
			WriteExecutor.runAll(hashing);
		}
		catch (PaimonException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw new PaimonWriteException(table(), "Routing rows of table '" + table() + "' to buckets failed: "
					+ ex.getMessage(), ex);
		}
		return bucketOf;
	}

	/** Each lane writes the buckets it owns ({@code bucket % lanes}). */
	private void writeBuckets(int[] bucketOf, int rows, int parallel) throws Exception {
		int lanes = this.lanes.size();
		if (this.lanes.get(0).keyValues != null) {
			writeBucketsColumnByColumn(bucketOf, rows, parallel);
			return;
		}
		List<Callable<Void>> writing = new ArrayList<>();
		for (int k = 0; k < parallel; k++) {
			WriteLane reader = this.lanes.get(k);
			int owner = k;
			writing.add(() -> {
				for (int i = 0; i < rows; i++) {
					int bucket = bucketOf[i];
					int laneIndex = bucket % lanes;
					if (laneIndex % parallel == owner) {
						select(reader.row, i);
						this.lanes.get(laneIndex).write.write(reader.row, bucket);
					}
				}
				return null;
			});
		}
		WriteExecutor.runAll(writing);
	}

}
