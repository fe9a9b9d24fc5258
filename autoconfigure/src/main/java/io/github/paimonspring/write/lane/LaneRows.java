package io.github.paimonspring.write.lane;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.github.paimonspring.PaimonException;
import io.github.paimonspring.write.PaimonWriteException;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.index.BucketAssigner;
import org.apache.paimon.types.RowKind;
import org.jspecify.annotations.Nullable;

/**
 * How the rows of one validated batch go to the lanes of a {@link LaneWriter}: one writer, row
 * ranges, or buckets owned by lanes ({@code bucket % lanes}, routed first, in parallel). The lanes'
 * rows must point at the batch already. Not thread-safe: one batch at a time.
 */
final class LaneRows {

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
				writeBuckets(bucketOf, rows, parallel);
			}
			return null;
		};
	}

	private void writeSingle(WriteLane lane, int rows) throws Exception {
		if (this.bucketAssigner == null) {
			for (int i = 0; i < rows; i++) {
				select(lane.row, i);
				lane.write.write(lane.row);
			}
			return;
		}
		for (int i = 0; i < rows; i++) {
			select(lane.row, i);
			lane.keys.setRecord(lane.row);
			BinaryRow partition = lane.keys.partition();
			int bucket = this.bucketAssigner.assign(partition, lane.keys.trimmedPrimaryKey().hashCode());
			lane.write.write(lane.row, bucket);
		}
	}

	private void writeRanges(int rows, int parallel) throws Exception {
		WriteExecutor.runAll(overRanges(rows, parallel, (lane, i) -> {
			select(lane.row, i);
			lane.write.write(lane.row);
		}));
	}

	/** What a lane does with one row of its range. */
	@FunctionalInterface
	private interface RowTask {

		void run(WriteLane lane, int row) throws Exception;

	}

	/** One task per lane: lane {@code k} runs {@code task} on the {@code k}-th of {@code parallel} contiguous ranges. */
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
			bucketOf[i] = lane.router.bucket(lane.row);
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
