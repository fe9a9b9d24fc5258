package io.github.paimonspring.maintenance;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

import io.github.paimonspring.PaimonCommitException;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.TestWarehouse;
import io.github.paimonspring.support.WarehouseTestBase;
import io.github.paimonspring.write.ArrowCommitMessages;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.BucketPlan;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Compaction of postpone-bucket ({@code bucket = -2}) tables on real tables, read back with Paimon's
 * reader: rows written into {@code bucket-postpone} become readable with their latest values, partitions
 * keep their real-bucket count or get the default, postponed updates win over rows already in real
 * buckets, and a conflicting concurrent commit fails the compaction without losing or doubling a row.
 */
class PostponeCompactionTests extends WarehouseTestBase {

	private TableMaintenance maintenance() {
		return maintenance(0);
	}

	private TableMaintenance maintenance(int postponeDefaultBuckets) {
		return new TableMaintenance(new PaimonTables(this.warehouse.catalog(), Map.of()), postponeDefaultBuckets);
	}

	@Test
	void standardWritesBecomeReadableWithTheirLatestValues() throws Exception {
		String table = "default.postponed";
		this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.primaryKey("id").option("bucket", "-2").option("postpone.default-bucket-num", "2").build());
		write(table, 1, "a1", 2, "b1", 3, "c1", 4, "d1");
		write(table, 2, "b2", 5, "e2");
		// one batch updating one key twice: the later row wins
		write(table, 1, "a3", 3, "c3", 1, "a3-again");
		write(table, 2, "b4");
		// a delete through Paimon's own batch API, also into bucket-postpone
		GenericRow delete = TestWarehouse.row(4, "d1");
		delete.setRowKind(RowKind.DELETE);
		this.warehouse.insert(table, delete);
		write(table, 5, "e6");

		assertThat(this.warehouse.idNames(table)).as("postponed rows are invisible").isEmpty();
		int pending = maintenance().pendingPostponeFiles(table);
		assertThat(pending).isGreaterThanOrEqualTo(6);
		assertThat(maintenance().liveFiles(table)).isZero();

		CompactionResult compaction = maintenance().compact(table, false);

		assertThat(compaction.compacted()).isTrue();
		assertThat(compaction.filesBefore()).isEqualTo(pending);
		assertThat(compaction.filesAfter()).isPositive();
		assertThat(compaction.snapshotId()).isEqualTo(this.warehouse.table(table).snapshotManager().latestSnapshotId());
		assertThat(this.warehouse.table(table).snapshotManager().latestSnapshot().commitKind())
			.isEqualTo(Snapshot.CommitKind.COMPACT);
		assertThat(this.warehouse.idNames(table)).containsExactly("1:a3-again", "2:b4", "3:c3", "5:e6");
		assertThat(maintenance().pendingPostponeFiles(table)).isZero();
		assertThat(liveEntries(table)).isNotEmpty()
			.allSatisfy((entry) -> assertThat(entry.totalBuckets()).isEqualTo(2))
			.allSatisfy((entry) -> assertThat(entry.bucket()).isBetween(0, 1));
		// nothing postponed: nothing to do
		assertThat(maintenance().compact(table, false).compacted()).isFalse();

		// later postponed updates are merged over the real buckets: the newest value wins again
		write(table, 1, "a7", 6, "f7");
		assertThat(this.warehouse.idNames(table)).containsExactly("1:a3-again", "2:b4", "3:c3", "5:e6");
		assertThat(maintenance().compact(table, false).compacted()).isTrue();
		assertThat(this.warehouse.idNames(table)).containsExactly("1:a7", "2:b4", "3:c3", "5:e6", "6:f7");
	}

	@Test
	void aPartitionWithRealBucketsKeepsItsCountAndPostponedUpdatesWin() throws Exception {
		String table = partitionedTable("default.real_then_postponed");
		List<Object> old = new ArrayList<>();
		for (int id = 0; id < 30; id++) {
			old.addAll(List.of(id, "old" + id, "d1"));
		}
		writeFixed(table, BucketPlan.of(Map.of(Map.of("dt", "d1"), 3)), old.toArray());
		writeFixed(table, BucketPlan.of(Map.of(Map.of("dt", "d1"), 3)), 0, "old0-again", "d1", 1, "old1-again", "d1");
		Map<Integer, Long> maxSequenceBefore = maxSequencePerBucket(table);
		Set<String> filesBefore = fileNames(table);
		assertThat(maxSequenceBefore).containsOnlyKeys(0, 1, 2);

		List<Object> updates = new ArrayList<>();
		for (int id = 0; id < 30; id += 3) {
			updates.addAll(List.of(id, "new" + id, "d1"));
		}
		writeStandard(table, updates.toArray());
		writeStandard(table, 3, "newer3", "d1", 40, "new40", "d1");
		assertThat(rows(table)).contains("0:old0-again:d1", "3:old3:d1").doesNotContain("40:new40:d1");

		CompactionResult compaction = maintenance(5).compact(table, false);

		assertThat(compaction.compacted()).isTrue();
		assertThat(compaction.filesBefore()).isEqualTo(2);
		Map<String, String> expected = new TreeMap<>();
		for (int id = 0; id < 30; id++) {
			expected.put(id + ":d1", id + ":" + ((id % 3 == 0) ? "new" + id : (id == 1) ? "old1-again" : "old" + id)
					+ ":d1");
		}
		expected.put("3:d1", "3:newer3:d1");
		expected.put("40:d1", "40:new40:d1");
		assertThat(rows(table)).containsExactlyInAnyOrderElementsOf(expected.values());
		// the partition kept its 3 buckets (not the default 5)
		assertThat(liveEntries(table)).allSatisfy((entry) -> assertThat(entry.totalBuckets()).isEqualTo(3));
		// the rewritten rows continue each bucket's sequence numbers above the rows already there
		for (ManifestEntry entry : liveEntries(table)) {
			if (!filesBefore.contains(entry.file().fileName())) {
				assertThat(entry.file().minSequenceNumber()).as("bucket %s", entry.bucket())
					.isGreaterThan(maxSequenceBefore.get(entry.bucket()));
			}
		}
		assertThat(fileNames(table)).containsAll(filesBefore);
	}

	@Test
	void theFixedBucketPathKeepsWritingAfterACompaction() throws Exception {
		String table = partitionedTable("default.fixed_after");
		writeFixed(table, BucketPlan.of(Map.of(Map.of("dt", "d1"), 3)), 1, "a", "d1", 2, "b", "d1", 3, "c", "d1");
		writeStandard(table, 1, "a2", "d1", 4, "d2", "d1", 7, "g2", "d2");
		// the fixed path cannot order its rows against postponed ones: it refuses the partition
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 2, "b-fixed", "d1")) {
			assertThatThrownBy(() -> this.writer.execute(this.writer.newWriteBuilder(table).withFixedBucketPlan(),
					(session) -> session.write(batch)))
				.isInstanceOf(PaimonCommitException.class)
				.hasMessageContaining("Cannot mix bucket=-2 files and fixed buckets");
		}

		assertThat(maintenance().compact(table, false).compacted()).isTrue();

		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 2, "b3", "d1", 4, "d3", "d1", 7, "g3", "d2",
				8, "h3", "d2")) {
			this.writer.execute(this.writer.newWriteBuilder(table).withFixedBucketPlan(),
					(session) -> session.write(batch));
		}
		assertThat(rows(table)).containsExactlyInAnyOrder("1:a2:d1", "2:b3:d1", "3:c:d1", "4:d3:d1", "7:g3:d2",
				"8:h3:d2");
		assertThat(bucketCounts(table)).isEqualTo(Map.of("d1", 3, "d2", 1));
		// and postponed rows after that are merged over the fixed path's rows
		writeStandard(table, 2, "b4", "d1", 8, "h4", "d2");
		assertThat(maintenance().compact(table, true).compacted()).isTrue();
		assertThat(rows(table)).containsExactlyInAnyOrder("1:a2:d1", "2:b4:d1", "3:c:d1", "4:d3:d1", "7:g3:d2",
				"8:h4:d2");
		// full: one file per bucket that holds rows
		Map<String, Integer> filesPerBucket = new HashMap<>();
		liveEntries(table)
			.forEach((entry) -> filesPerBucket.merge(partitionName(entry.partition()) + "/" + entry.bucket(), 1,
					Integer::sum));
		assertThat(filesPerBucket.values()).isNotEmpty().allSatisfy((files) -> assertThat(files).isEqualTo(1));
	}

	@Test
	void aFixedBucketWriteThatSpansAPostponeCompactionIsRefused() throws Exception {
		String table = partitionedTable("default.spanning");
		writeFixed(table, BucketPlan.of(Map.of(Map.of("dt", "d1"), 2)), 1, "a", "d1");
		writeStandard(table, 1, "postponed", "d1");
		// a fixed-bucket writer opened now, committing after the compaction moved the postponed row
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table)
			.withFixedBucketPlan(BucketPlan.of(Map.of(Map.of("dt", "d1"), 2)));
		ArrowCommitMessages messages;
		try (ArrowTableWrite write = builder.newWrite();
				VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 1, "fixed", "d1")) {
			write.write(batch);
			messages = write.prepareCommit();
		}
		assertThat(maintenance().compact(table, false).compacted()).isTrue();
		assertThatThrownBy(() -> builder.newCommit().commit(messages)).isInstanceOf(PaimonCommitException.class)
			.hasMessageContaining("postpone compaction moved rows");
		assertThat(rows(table)).containsExactly("1:postponed:d1");
	}

	@Test
	void aNewPartitionGetsTheDefaultBucketCountAndAnExistingOneKeepsItsCount() throws Exception {
		String table = partitionedTable("default.two_partitions");
		writeFixed(table, BucketPlan.of(Map.of(Map.of("dt", "d1"), 3)), 1, "a", "d1", 2, "b", "d1");
		List<Object> rows = new ArrayList<>();
		for (int id = 0; id < 40; id++) {
			rows.addAll(List.of(id, "x" + id, (id % 2 == 0) ? "d1" : "d2"));
		}
		writeStandard(table, rows.toArray());
		assertThat(maintenance().pendingPostponeFiles(table)).isPositive();

		assertThat(maintenance(4).compact(table, false).compacted()).isTrue();

		assertThat(bucketCounts(table)).isEqualTo(Map.of("d1", 3, "d2", 4));
		Set<Integer> d2Buckets = new HashSet<>();
		liveEntries(table).stream().filter((entry) -> partitionName(entry.partition()).equals("d2"))
			.forEach((entry) -> d2Buckets.add(entry.bucket()));
		assertThat(d2Buckets).hasSizeGreaterThan(1).allSatisfy((bucket) -> assertThat(bucket).isBetween(0, 3));
		// 1:a stays (the postponed id 1 is in d2); 2:b is updated
		List<String> expected = new ArrayList<>(List.of("1:a:d1"));
		for (int id = 0; id < 40; id++) {
			expected.add(id + ":x" + id + ":" + ((id % 2 == 0) ? "d1" : "d2"));
		}
		assertThat(rows(table)).containsExactlyInAnyOrderElementsOf(expected);
		assertThat(maintenance().pendingPostponeFiles(table)).isZero();
	}

	@Test
	void aConcurrentCompactionFailsTheSecondOneWithoutLosingOrDoublingRows() throws Exception {
		String table = "default.concurrent";
		this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.primaryKey("id").option("bucket", "-2").build());
		write(table, 1, "a", 2, "b");
		write(table, 1, "a2", 3, "c");
		TableMaintenance maintenance = maintenance();
		String user = "maintenance-" + UUID.randomUUID();
		FileStoreTable target = this.warehouse.table(table);
		PostponeCompaction slow = new PostponeCompaction(table, target, user, 0);
		List<CommitMessage> messages = slow.prepare(false);
		List<String> written = addedFiles(messages);
		assertThat(written).isNotEmpty().allSatisfy((file) -> assertThat(exists(table, file)).isTrue());

		// another instance compacts first, and a writer postpones one more update
		assertThat(maintenance.compact(table, false).compacted()).isTrue();
		write(table, 2, "b3");

		assertThatThrownBy(() -> maintenance.commitCompaction(table, slow.commitTable(), user, messages, slow))
			.isInstanceOf(PaimonCommitException.class)
			.hasMessageContaining("default.concurrent")
			.hasMessageContaining("repeat the compaction");
		assertThat(written).allSatisfy((file) -> assertThat(exists(table, file)).isFalse());
		assertThat(this.warehouse.idNames(table)).containsExactly("1:a2", "2:b", "3:c");
		assertThat(maintenance.pendingPostponeFiles(table)).isEqualTo(1);
		assertThat(maintenance.compact(table, false).compacted()).isTrue();
		assertThat(this.warehouse.idNames(table)).containsExactly("1:a2", "2:b3", "3:c");
	}

	@Test
	void aConcurrentOverwriteFailsTheCompactionAndKeepsTheOverwrittenRows() throws Exception {
		String table = "default.overwritten";
		this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.primaryKey("id").option("bucket", "-2").build());
		write(table, 1, "a", 2, "b");
		TableMaintenance maintenance = maintenance();
		String user = "maintenance-" + UUID.randomUUID();
		PostponeCompaction slow = new PostponeCompaction(table, this.warehouse.table(table), user, 0);
		List<CommitMessage> messages = slow.prepare(false);

		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 9, "z")) {
			this.writer.execute(this.writer.newWriteBuilder(table).withOverwrite(), (session) -> session.write(batch));
		}

		assertThatThrownBy(() -> maintenance.commitCompaction(table, slow.commitTable(), user, messages, slow))
			.isInstanceOf(PaimonCommitException.class)
			.hasMessageContaining("default.overwritten");
		assertThat(addedFiles(messages)).isNotEmpty().allSatisfy((file) -> assertThat(exists(table, file)).isFalse());
		assertThat(maintenance.compact(table, false).compacted()).isTrue();
		assertThat(this.warehouse.idNames(table)).containsExactly("9:z");
	}

	@Test
	void aConcurrentWriteIntoABucketItWritesFailsTheCompaction() throws Exception {
		String table = "default.raced";
		this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.primaryKey("id").option("bucket", "-2").build());
		write(table, 1, "a", 2, "b");
		assertThat(maintenance().compact(table, false).compacted()).isTrue();
		write(table, 1, "a2", 3, "c2");
		TableMaintenance maintenance = maintenance();
		String user = "maintenance-" + UUID.randomUUID();
		PostponeCompaction slow = new PostponeCompaction(table, this.warehouse.table(table), user, 0);
		List<CommitMessage> messages = slow.prepare(false);

		// another engine appends into the same real bucket (Paimon's conflict checks allow level-0 appends):
		// both would continue the bucket's sequence numbers from the same point
		FileStoreTable real = this.warehouse.table(table).copy(Map.of("bucket", "1"));
		BatchWriteBuilder builder = real.newBatchWriteBuilder();
		try (BatchTableWrite write = builder.newWrite(); BatchTableCommit commit = builder.newCommit()) {
			write.write(TestWarehouse.row(4, "d"));
			commit.commit(write.prepareCommit());
		}

		assertThatThrownBy(() -> maintenance.commitCompaction(table, slow.commitTable(), user, messages, slow))
			.isInstanceOf(PaimonCommitException.class)
			.hasMessageContaining("default.raced")
			.hasMessageContaining("wrote bucket 0");
		assertThat(addedFiles(messages)).isNotEmpty().allSatisfy((file) -> assertThat(exists(table, file)).isFalse());
		assertThat(this.warehouse.idNames(table)).containsExactly("1:a", "2:b", "4:d");
		assertThat(maintenance.compact(table, false).compacted()).isTrue();
		assertThat(this.warehouse.idNames(table)).containsExactly("1:a2", "2:b", "3:c2", "4:d");
	}

	@Test
	void aTableWithDeletionVectorsIsReadableAfterACompaction() throws Exception {
		String table = "default.dv";
		this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.primaryKey("id").option("bucket", "-2").option("deletion-vectors.enabled", "true").build());
		write(table, 1, "a", 2, "b");
		assertThat(maintenance().compact(table, false).compacted()).isTrue();
		assertThat(this.warehouse.idNames(table)).containsExactly("1:a", "2:b");
		write(table, 1, "a2", 3, "c2");
		assertThat(maintenance().compact(table, false).compacted()).isTrue();
		assertThat(this.warehouse.idNames(table)).containsExactly("1:a2", "2:b", "3:c2");
	}

	@Test
	void otherTablesHaveNoPendingPostponeFiles() {
		this.warehouse.simplePkTable("default.fixed");
		this.warehouse.simpleLogTable("default.log");
		assertThat(maintenance().pendingPostponeFiles("default.fixed")).isZero();
		assertThat(maintenance().pendingPostponeFiles("default.log")).isZero();
		this.warehouse.create("default.empty", Schema.newBuilder().column("id", DataTypes.INT()).primaryKey("id")
			.option("bucket", "-2").build());
		assertThat(maintenance().pendingPostponeFiles("default.empty")).isZero();
		assertThat(maintenance().compact("default.empty", true).compacted()).isFalse();
	}

	private String partitionedTable(String name) {
		this.warehouse.create(name, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
			.column("dt", DataTypes.STRING()).primaryKey("id", "dt").partitionKeys("dt").option("bucket", "-2")
			.build());
		return name;
	}

	/** Writes the standard way, into bucket-postpone files (write() would write real buckets). */
	private void write(String table, Object... idNamePairs) {
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, idNamePairs)) {
			this.writer.execute(this.writer.newWriteBuilder(table), (session) -> session.write(batch));
		}
	}

	private void writeStandard(String table, Object... triples) {
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, triples)) {
			this.writer.execute(this.writer.newWriteBuilder(table), (session) -> session.write(batch));
		}
	}

	private void writeFixed(String table, BucketPlan plan, Object... triples) {
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table).withFixedBucketPlan(plan);
		ArrowCommitMessages messages;
		try (ArrowTableWrite write = builder.newWrite();
				VectorSchemaRoot batch = Batches.idNameDt(this.allocator, triples)) {
			write.write(batch);
			messages = write.prepareCommit();
		}
		assertThat(builder.newCommit().commit(messages).committed()).isTrue();
	}

	private List<String> rows(String table) {
		return this.warehouse.read(table, (r) -> r.getInt(0) + ":" + r.getString(1) + ":" + r.getString(2));
	}

	/** The data files of the latest snapshot, postponed ones included. */
	private List<ManifestEntry> liveEntries(String table) {
		return this.warehouse.table(table).store().newScan().plan().files();
	}

	private Set<String> fileNames(String table) {
		Set<String> names = new HashSet<>();
		liveEntries(table).forEach((entry) -> names.add(entry.file().fileName()));
		return names;
	}

	private Map<Integer, Long> maxSequencePerBucket(String table) {
		Map<Integer, Long> max = new HashMap<>();
		liveEntries(table).forEach((entry) -> max.merge(entry.bucket(), entry.file().maxSequenceNumber(), Math::max));
		return max;
	}

	/** The bucket count of every partition's live files, by {@code dt}; fails if a partition has two. */
	private Map<String, Integer> bucketCounts(String table) {
		Map<String, Integer> counts = new HashMap<>();
		for (ManifestEntry entry : liveEntries(table)) {
			Integer previous = counts.put(partitionName(entry.partition()), entry.totalBuckets());
			assertThat(previous).isIn(null, entry.totalBuckets());
		}
		return counts;
	}

	private static String partitionName(BinaryRow partition) {
		return partition.getString(0).toString();
	}

	/** The files the messages add (relative to the table), which a failed commit must not leave behind. */
	private static List<String> addedFiles(List<CommitMessage> messages) {
		List<String> files = new ArrayList<>();
		for (CommitMessage message : messages) {
			((CommitMessageImpl) message).compactIncrement().compactAfter()
				.forEach((file) -> files.add("bucket-" + message.bucket() + "/" + file.fileName()));
		}
		return files;
	}

	private boolean exists(String table, String file) {
		return Files.exists(this.warehouse.tableDir(table).resolve(file));
	}

}
