package io.github.paimonspring.write.parquet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.table.sink.StreamTableWrite;
import org.apache.paimon.table.sink.TableWrite;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.RowKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A primary-key round larger than {@code write-buffer-size} is written as Paimon's merge-tree writer
 * with its spillable write buffer writes it: per bucket ONE level-0 sorted run at prepare (of each key
 * the row of the highest sequence number), rolled at the target file size, with Paimon's file
 * metadata, rows and row kinds — the buffer's fills spilled to the local spill directory, which is
 * empty again afterwards. And no file is left behind when a prepare fails half-way.
 */
class ColumnarSpillTests {

	/** A buffer that a batch of 1,000 rows of {@link FlatBatches} fills; pages small enough for Paimon's. */
	private static final Map<String, String> SMALL_BUFFER = Map.of("write-buffer-size", "64 kb", "page-size", "4 kb",
			"write-only", "true");

	@TempDir
	Path dir;

	static Stream<List<String>> keys() {
		return Stream.of(List.of("id"), List.of("str", "id"), List.of("ts6", "dec18"));
	}

	@ParameterizedTest
	@MethodSource("keys")
	void aRoundLargerThanTheBufferIsOneSortedRunPerBucketAsPaimonWritesIt(List<String> primaryKey) throws Exception {
		assertSameAsPaimon(primaryKey, SMALL_BUFFER, 2, 8);
	}

	@Test
	void theRunIsRolledAtTheTargetFileSizeAsPaimonRollsIt() throws Exception {
		Map<String, String> options = new HashMap<>(SMALL_BUFFER);
		options.put("target-file-size", "48 kb");
		List<List<DataFileMeta>> buckets = assertSameAsPaimon(List.of("id"), options, 1, 6);
		assertThat(buckets).allSatisfy((files) -> assertThat(files).hasSizeGreaterThan(1));
	}

	@Test
	void manyFillsAreMergedInStepsAndStillGiveOneRun() throws Exception {
		// more fills than one merge reads at once: the runs are merged into one on the way
		assertSameAsPaimon(List.of("str", "id"), SMALL_BUFFER, 1, KeyValueSpill.MAX_FAN_IN + 6);
	}

	/**
	 * Writes {@code batches} overlapping batches of 1,000 rows with inserts, updates and deletes in
	 * {@code rounds} rounds through both writers, compares every round's files per bucket and the rows
	 * and row kinds read back.
	 * @return the files of the last round's buckets
	 */
	private List<List<DataFileMeta>> assertSameAsPaimon(List<String> primaryKey, Map<String, String> options,
			int rounds,
			int batches) throws Exception {
		Path spill = Files.createDirectories(this.dir.resolve("spill"));
		List<List<DataFileMeta>> last = new ArrayList<>();
		try (TestWarehouse warehouse = new TestWarehouse(this.dir.resolve("warehouse"));
				BufferAllocator allocator = new RootAllocator();
				IOManager ioManager = IOManager.create(spill.toString())) {
			FileStoreTable ours = ColumnarKeyValueWriterTests.create(warehouse, "default.ours", primaryKey, options);
			FileStoreTable paimon = ColumnarKeyValueWriterTests.create(warehouse, "default.paimon", primaryKey,
					options);
			try (ColumnarKeyValueWriter writer = new ColumnarKeyValueWriter(ours, false, false, (p, b, f) -> {
			}, ioManager); StreamTableWrite paimonWrite = paimon.newStreamWriteBuilder().newWrite()) {
				paimonWrite.withIOManager(ioManager);
				for (int round = 0; round < rounds; round++) {
					for (int b = 0; b < batches; b++) {
						// nulls in every nullable column, unless a key column is one
						writeBoth(allocator, ours, writer, paimonWrite, (round * batches + b) * 400, 1_000, b,
								primaryKey.equals(List.of("id")));
					}
					assertThat(spillFiles(spill)).as("spilled runs").isNotEmpty();
					List<CommitMessage> ourMessages = writer.prepareCommit();
					List<CommitMessage> paimonMessages = paimonWrite.prepareCommit(false, round);
					assertThat(spillFiles(spill)).as("spilled runs after prepare").isEmpty();
					last = assertSameFiles(ourMessages, paimonMessages);
					ColumnarKeyValueWriterTests.commit(ours, ourMessages);
					ColumnarKeyValueWriterTests.commit(paimon, paimonMessages);
				}
			}
			assertThat(spillFiles(spill)).isEmpty();
			assertThat(ColumnarKeyValueWriterTests.rows(warehouse, "default.ours")).hasSizeGreaterThan(1_000)
				.containsExactlyInAnyOrderElementsOf(ColumnarKeyValueWriterTests.rows(warehouse, "default.paimon"));
			List<String> auditLog = auditLog(warehouse, "default.ours");
			assertThat(auditLog).anyMatch((row) -> row.startsWith("+U")).anyMatch((row) -> row.startsWith("-D"));
			assertThat(auditLog).containsExactlyInAnyOrderElementsOf(auditLog(warehouse, "default.paimon"));
		}
		return last;
	}

	@Test
	void aFileWhoseMetadataFailsIsDeleted() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable table = ColumnarKeyValueWriterTests.create(warehouse, "default.ours", List.of("id"),
					Map.of("bucket", "1"));
			try (ColumnarKeyValueWriter writer = new ColumnarKeyValueWriter(table, false, false, (p, b, f) -> {
			}); VectorSchemaRoot root = FlatBatches.batch(allocator, 0, 100, true)) {
				// a row kind byte no row kind has: the file is complete before its delete count is counted
				byte[] kinds = new byte[100];
				kinds[42] = 9;
				write(table, writer, ColumnarKeyValueWriterTests.convert(table, root), kinds);
				assertThatThrownBy(writer::prepareCommit).hasMessageContaining("row kind");
				assertThat(ColumnarKeyValueWriterTests.dataFiles(table)).isEmpty();
			}
			assertThat(ColumnarKeyValueWriterTests.dataFiles(table)).isEmpty();
		}
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void aPrepareFailingForTheSecondBucketLeavesNoFileOfTheRound(boolean spilling) throws Exception {
		Path spill = Files.createDirectories(this.dir.resolve("spill"));
		try (TestWarehouse warehouse = new TestWarehouse(this.dir.resolve("warehouse"));
				BufferAllocator allocator = new RootAllocator();
				IOManager ioManager = IOManager.create(spill.toString())) {
			FileStoreTable table = ColumnarKeyValueWriterTests.create(warehouse, "default.ours", List.of("id"),
					SMALL_BUFFER);
			AtomicInteger told = new AtomicInteger();
			ColumnarKeyValueWriter.NewFiles failing = (partition, bucket, files) -> {
				assertThat(files).isNotEmpty();
				if (told.incrementAndGet() == 2) {
					throw new IOException("the second bucket cannot be taken into account");
				}
			};
			try (ColumnarKeyValueWriter writer = new ColumnarKeyValueWriter(table, false, false, failing,
					spilling ? ioManager : null)) {
				for (int b = 0; b < 3; b++) {
					try (VectorSchemaRoot root = FlatBatches.batch(allocator, b * 500, 1_000, true)) {
						write(table, writer, ColumnarKeyValueWriterTests.convert(table, root), null);
					}
				}
				assertThat(spillFiles(spill).isEmpty()).isEqualTo(!spilling);
				assertThatThrownBy(writer::prepareCommit).hasMessageContaining("second bucket");
				assertThat(told).hasValue(2);
			}
			assertThat(ColumnarKeyValueWriterTests.dataFiles(table)).isEmpty();
			assertThat(spillFiles(spill)).isEmpty();
		}
	}

	@Test
	void aMergeFailingLeavesNeitherFilesNorSpilledRuns() throws Exception {
		Path spill = Files.createDirectories(this.dir.resolve("spill"));
		try (TestWarehouse warehouse = new TestWarehouse(this.dir.resolve("warehouse"));
				BufferAllocator allocator = new RootAllocator();
				IOManager ioManager = IOManager.create(spill.toString())) {
			Map<String, String> options = new HashMap<>(SMALL_BUFFER);
			options.put("target-file-size", "16 kb");
			FileStoreTable table = ColumnarKeyValueWriterTests.create(warehouse, "default.ours", List.of("id"),
					options);
			try (ColumnarKeyValueWriter writer = new ColumnarKeyValueWriter(table, false, false, (p, b, f) -> {
			}, ioManager)) {
				for (int b = 0; b < 3; b++) {
					try (VectorSchemaRoot root = FlatBatches.batch(allocator, b * 1_000, 1_000, true)) {
						// the last row of the round has a row kind byte no row kind has: Paimon's merge reads
						// and writes files of the other rows before it fails
						byte[] kinds = new byte[1_000];
						kinds[999] = (byte) ((b == 2) ? 9 : 0);
						write(table, writer, ColumnarKeyValueWriterTests.convert(table, root), kinds);
					}
				}
				assertThatThrownBy(writer::prepareCommit).hasMessageContaining("row kind");
			}
			assertThat(spillFiles(spill)).isEmpty();
			assertThat(ColumnarKeyValueWriterTests.dataFiles(table)).isEmpty();
		}
	}

	/** Writes rows {@code first..first+count} into both writers with inserts, updates and deletes. */
	private static void writeBoth(BufferAllocator allocator, FileStoreTable table, ColumnarKeyValueWriter ours,
			TableWrite paimon, int first, int count, int batch, boolean nulls) throws Exception {
		try (VectorSchemaRoot root = FlatBatches.batch(allocator, first, count, nulls)) {
			VectorizedColumnBatch columns = ColumnarKeyValueWriterTests.convert(table, root);
			byte[] kinds = new byte[count];
			for (int i = 0; i < count; i++) {
				RowKind kind = switch ((i + batch) % 9) {
					case 0 -> RowKind.DELETE;
					case 1 -> RowKind.UPDATE_BEFORE;
					case 2, 3 -> RowKind.UPDATE_AFTER;
					default -> RowKind.INSERT;
				};
				kinds[i] = kind.toByteValue();
			}
			write(table, ours, columns, kinds);
			ColumnarRow row = new ColumnarRow(columns);
			for (int i = 0; i < count; i++) {
				row.setRowId(i);
				row.setRowKind(RowKind.fromByteValue(kinds[i]));
				paimon.write(row);
			}
		}
	}

	/** Writes every row of a batch with the buckets Paimon's key extractor gives them. */
	private static void write(FileStoreTable table, ColumnarKeyValueWriter writer, VectorizedColumnBatch batch,
			byte[] kinds) throws Exception {
		RowKeyExtractor keys = table.createRowKeyExtractor();
		ColumnarRow row = new ColumnarRow(batch);
		int[] buckets = new int[batch.getNumRows()];
		int[] rows = new int[batch.getNumRows()];
		for (int i = 0; i < rows.length; i++) {
			row.setRowId(i);
			keys.setRecord(row);
			buckets[i] = keys.bucket();
			rows[i] = i;
		}
		writer.write(batch, rows, rows.length, buckets, kinds);
	}

	/** Per bucket the same files in the same order, alike in every metadata field; returns ours. */
	private static List<List<DataFileMeta>> assertSameFiles(List<CommitMessage> ours, List<CommitMessage> paimons) {
		Map<Integer, List<DataFileMeta>> theirs = new HashMap<>();
		paimons.forEach((m) -> theirs.put(m.bucket(), ((CommitMessageImpl) m).newFilesIncrement().newFiles()));
		assertThat(ours).extracting(CommitMessage::bucket).containsExactlyInAnyOrderElementsOf(theirs.keySet());
		List<List<DataFileMeta>> result = new ArrayList<>();
		for (CommitMessage message : ours) {
			List<DataFileMeta> ourFiles = ((CommitMessageImpl) message).newFilesIncrement().newFiles();
			List<DataFileMeta> theirFiles = theirs.get(message.bucket());
			assertThat(ourFiles).as("files of bucket %s", message.bucket()).hasSameSizeAs(theirFiles);
			for (int f = 0; f < ourFiles.size(); f++) {
				DataFileMeta our = ourFiles.get(f);
				DataFileMeta them = theirFiles.get(f);
				assertThat(our.rowCount()).isEqualTo(them.rowCount());
				assertThat(our.deleteRowCount()).isEqualTo(them.deleteRowCount());
				assertThat(our.minKey()).isEqualTo(them.minKey());
				assertThat(our.maxKey()).isEqualTo(them.maxKey());
				assertThat(our.keyStats()).isEqualTo(them.keyStats());
				assertThat(our.valueStats()).isEqualTo(them.valueStats());
				assertThat(our.valueStatsCols()).isEqualTo(them.valueStatsCols());
				assertThat(our.minSequenceNumber()).isEqualTo(them.minSequenceNumber());
				assertThat(our.maxSequenceNumber()).isEqualTo(them.maxSequenceNumber());
				assertThat(our.level()).isEqualTo(them.level());
				assertThat(our.fileSource()).isEqualTo(them.fileSource());
				assertThat(our.schemaId()).isEqualTo(them.schemaId());
				assertThat(our.fileSize()).isEqualTo(them.fileSize());
			}
			result.add(ourFiles);
		}
		return result;
	}

	/** Every row of the table's {@code $audit_log} as its row kind and key. */
	private static List<String> auditLog(TestWarehouse warehouse, String name) throws Exception {
		Table table = warehouse.catalog().getTable(Identifier.fromString(name + "$audit_log"));
		ReadBuilder read = table.newReadBuilder();
		List<String> rows = new ArrayList<>();
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
			reader.forEachRemaining((row) -> rows.add(row.getString(0) + "|" + row.getInt(1)));
		}
		return rows;
	}

	private static List<Path> spillFiles(Path spill) throws IOException {
		try (Stream<Path> files = Files.walk(spill)) {
			return files.filter(Files::isRegularFile).toList();
		}
	}

}
