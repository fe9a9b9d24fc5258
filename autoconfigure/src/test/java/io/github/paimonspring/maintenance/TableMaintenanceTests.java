package io.github.paimonspring.maintenance;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.UnsupportedTableException;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Maintenance on real tables read back with Paimon's reader: many small commits leave few files after
 * a compaction and the configured number of snapshots after expiry, with the same rows.
 */
class TableMaintenanceTests extends WarehouseTestBase {

	private TableMaintenance maintenance() {
		return new TableMaintenance(new PaimonTables(this.warehouse.catalog(), Map.of()));
	}

	@Test
	void smallUploadsIntoAnAppendTableBecomeFewFilesAndTheConfiguredSnapshots() throws Exception {
		String table = "default.small_files";
		// write-only: the writers never expire, as with Flink's dedicated compaction; maintenance does it
		this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.option("write-only", "true").option("snapshot.num-retained.min", "1")
			.option("snapshot.num-retained.max", "3").build());
		for (int upload = 0; upload < 1200; upload++) {
			try (VectorSchemaRoot batch = Batches.idName(this.allocator, upload, "u" + upload)) {
				this.writer.write(table, batch);
			}
		}
		List<String> before = this.warehouse.idNames(table);
		assertThat(liveFiles(table)).hasSize(1200);
		assertThat(this.warehouse.snapshotCount(table)).isEqualTo(1200);

		CompactionResult compaction = maintenance().compact(table, false);
		assertThat(compaction.compacted()).isTrue();
		assertThat(compaction.filesBefore()).isEqualTo(1200);
		int expired = maintenance().expireSnapshots(table);

		assertThat(liveFiles(table)).hasSizeLessThanOrEqualTo(10);
		assertThat(this.warehouse.snapshotCount(table)).isLessThanOrEqualTo(3);
		assertThat(expired).isPositive();
		assertThat(this.warehouse.idNames(table)).containsExactlyInAnyOrderElementsOf(before).hasSize(1200);
		// further rounds only merge the outputs further, and soon find nothing to do
		int rounds = 0;
		while (maintenance().compact(table, false).compacted()) {
			assertThat(++rounds).as("compaction rounds until nothing is left").isLessThan(5);
		}
		assertThat(liveFiles(table)).hasSizeLessThanOrEqualTo(10);
		assertThat(this.warehouse.idNames(table)).containsExactlyInAnyOrderElementsOf(before);
	}

	@Test
	void upsertsIntoAFixedBucketTableBecomeOneSortedRunPerBucket() throws Exception {
		String table = "default.upserts";
		Map<Integer, String> latest = upserts(table, Map.of());
		assertThat(filesPerBucket(table).values()).allSatisfy((files) -> assertThat(files).isGreaterThan(1));

		CompactionResult compaction = maintenance().compact(table, true);
		assertThat(compaction.compacted()).isTrue();

		assertThat(filesPerBucket(table)).hasSize(2).allSatisfy((bucket, files) -> assertThat(files).isEqualTo(1));
		assertThat(this.warehouse.idNames(table)).containsExactlyInAnyOrderElementsOf(rows(latest));
	}

	@Test
	void minorCompactionBoundsTheSortedRunsOfEveryBucket() throws Exception {
		String table = "default.minor";
		Map<Integer, String> latest = upserts(table, Map.of("num-sorted-run.compaction-trigger", "4"));
		assertThat(sortedRunsPerBucket(table).values()).allSatisfy((runs) -> assertThat(runs).isGreaterThan(100));

		assertThat(maintenance().compact(table, false).compacted()).isTrue();

		// Paimon's universal compaction: at most num-sorted-run.compaction-trigger runs per bucket
		assertThat(sortedRunsPerBucket(table)).hasSize(2).allSatisfy((bucket, runs) -> assertThat(runs).isBetween(1,
				4));
		assertThat(this.warehouse.idNames(table)).containsExactlyInAnyOrderElementsOf(rows(latest));
	}

	/** 500 upserting one-row commits over 50 keys into a write-only bucket=2 table; the latest values. */
	private Map<Integer, String> upserts(String table, Map<String, String> options) {
		Schema.Builder schema = Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
			.primaryKey("id").option("bucket", "2").option("write-only", "true");
		options.forEach(schema::option);
		this.warehouse.create(table, schema.build());
		Map<Integer, String> latest = new HashMap<>();
		for (int commit = 0; commit < 500; commit++) {
			int id = commit % 50;
			String name = "v" + commit;
			latest.put(id, name);
			try (VectorSchemaRoot batch = Batches.idName(this.allocator, id, name)) {
				this.writer.write(table, batch);
			}
		}
		return latest;
	}

	private static List<String> rows(Map<Integer, String> latest) {
		return latest.entrySet().stream().map((entry) -> entry.getKey() + ":" + entry.getValue()).toList();
	}

	/** Sorted runs per bucket: every level-0 file is one, every other level one. */
	private Map<Integer, Integer> sortedRunsPerBucket(String table) {
		Map<Integer, Integer> runs = new HashMap<>();
		for (Split split : this.warehouse.table(table).newScan().plan().splits()) {
			DataSplit data = (DataSplit) split;
			long levelZero = data.dataFiles().stream().filter((file) -> file.level() == 0).count();
			long levels = data.dataFiles().stream().filter((file) -> file.level() > 0).mapToInt((file) -> file.level())
				.distinct().count();
			runs.merge(data.bucket(), (int) (levelZero + levels), Integer::sum);
		}
		return runs;
	}

	@Test
	void tablesItCannotCompactAreRefusedByName() {
		String table = "default.dynamic";
		this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).primaryKey("id")
			.option("bucket", "-1").build());
		assertThatThrownBy(() -> maintenance().compact(table, false)).isInstanceOf(UnsupportedTableException.class)
			.hasMessageContaining("default.dynamic");
		// postpone buckets are compacted (PostponeCompactionTests), except with cross-partition updates
		String crossPartition = "default.cross_partition_postponed";
		this.warehouse.create(crossPartition, Schema.newBuilder().column("id", DataTypes.INT())
			.column("dt", DataTypes.STRING()).primaryKey("id").partitionKeys("dt").option("bucket", "-2").build());
		assertThatThrownBy(() -> maintenance().compact(crossPartition, false))
			.isInstanceOf(UnsupportedTableException.class)
			.hasMessageContaining("default.cross_partition_postponed");
	}

	/** The data files the latest snapshot references. */
	private List<String> liveFiles(String table) {
		FileStoreTable fileStoreTable = this.warehouse.table(table);
		return fileStoreTable.newScan().plan().splits().stream()
			.flatMap((split) -> ((DataSplit) split).dataFiles().stream())
			.map((file) -> file.fileName())
			.toList();
	}

	private Map<Integer, Integer> filesPerBucket(String table) {
		Map<Integer, Integer> files = new HashMap<>();
		for (Split split : this.warehouse.table(table).newScan().plan().splits()) {
			DataSplit data = (DataSplit) split;
			files.merge(data.bucket(), data.dataFiles().size(), Integer::sum);
		}
		return files;
	}

}
