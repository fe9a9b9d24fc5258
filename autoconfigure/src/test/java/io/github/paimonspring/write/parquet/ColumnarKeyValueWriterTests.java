package io.github.paimonspring.write.parquet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.format.parquet.ParquetUtil;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.shade.org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.paimon.shade.org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.paimon.shade.org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.paimon.shade.org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The column-by-column key-value writer writes what Paimon's merge-tree writer writes from the same
 * rows: per bucket the same level-0 files (sorted by key, the last row of each key, its row kind),
 * the same file metadata (key range, key and value statistics, sequence range, delete count) and the
 * same rows read back, for numeric and composite keys, row kinds, and sequence numbers that continue
 * the committed ones.
 */
class ColumnarKeyValueWriterTests {

	@TempDir
	Path dir;

	static Stream<List<String>> keys() {
		// a numeric key sorts as numbers; a composite key with a string as Paimon's key rows
		return Stream.of(List.of("id"), List.of("str", "id"), List.of("ts6", "dec18"));
	}

	@ParameterizedTest
	@MethodSource("keys")
	void writesTheFilesPaimonsWriterWrites(List<String> primaryKey) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable ours = create(warehouse, "default.ours", primaryKey, Map.of());
			FileStoreTable paimon = create(warehouse, "default.paimon", primaryKey, Map.of());
			List<CommitMessage> ourMessages;
			List<CommitMessage> paimonMessages;
			try (ColumnarKeyValueWriter writer = new ColumnarKeyValueWriter(ours, false, false, (p, b, f) -> {
			}); BatchTableWrite paimonWrite = paimon.newBatchWriteBuilder().newWrite()) {
				// inserts, then an overlapping batch of updates and deletes: the last row of a key wins
				writeBoth(allocator, ours, writer, paimonWrite, 0, 3_000, false);
				writeBoth(allocator, ours, writer, paimonWrite, 1_500, 3_000, true);
				ourMessages = writer.prepareCommit();
				paimonMessages = paimonWrite.prepareCommit();
			}
			assertSameBuckets(ours, ourMessages, paimon, paimonMessages);
			commit(ours, ourMessages);
			commit(paimon, paimonMessages);
			assertThat(rows(warehouse, "default.ours")).hasSizeGreaterThan(3_000)
				.containsExactlyInAnyOrderElementsOf(rows(warehouse, "default.paimon"));
		}
	}

	static Stream<Map<String, String>> fileOptions() {
		return Stream.of(Map.of("parquet.block.size", "1"),
				Map.of("parquet.block.size", "1", "parquet.writer.version", "v2"),
				Map.of("parquet.block.size", "65536", "parquet.page.size", "4096"),
				Map.of("parquet.page.size", "2048", "parquet.writer.version", "v2"),
				Map.of("parquet.page.size", "2048", "parquet.page.row.count.limit", "300"),
				Map.of("parquet.page.size", "8192", "parquet.dictionary.page.size", "4096"),
				Map.of("parquet.dictionary.page.size", "2048", "parquet.writer.version", "v2"));
	}

	@ParameterizedTest
	@MethodSource("fileOptions")
	void cutsRowGroupsAndPagesWhereParquetsWriterCutsThem(Map<String, String> options) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable ours = create(warehouse, "default.ours", List.of("str", "id"), options);
			FileStoreTable paimon = create(warehouse, "default.paimon", List.of("str", "id"), options);
			List<CommitMessage> ourMessages;
			List<CommitMessage> paimonMessages;
			try (ColumnarKeyValueWriter writer = new ColumnarKeyValueWriter(ours, false, false, (p, b, f) -> {
			}); BatchTableWrite paimonWrite = paimon.newBatchWriteBuilder().newWrite()) {
				writeBoth(allocator, ours, writer, paimonWrite, 0, 6_000, false);
				writeBoth(allocator, ours, writer, paimonWrite, 3_000, 6_000, true);
				ourMessages = writer.prepareCommit();
				paimonMessages = paimonWrite.prepareCommit();
			}
			// assertSameBuckets compares every row group and page of each file
			assertSameBuckets(ours, ourMessages, paimon, paimonMessages);
			if ("1".equals(options.get("parquet.block.size"))) {
				// Parquet's writer looks at the size first at 100 records, then again 100 records later
				CommitMessage message = ourMessages.get(0);
				List<Long> rowGroups = ParquetLayouts.rowGroups(
						ParquetLayouts.of(ours, message.partition(), message.bucket(), files(List.of(message)).get(0)));
				assertThat(rowGroups.subList(0, rowGroups.size() - 1)).isNotEmpty().containsOnly(100L);
			}
			commit(ours, ourMessages);
			commit(paimon, paimonMessages);
			assertThat(rows(warehouse, "default.ours")).containsExactlyInAnyOrderElementsOf(rows(warehouse,
					"default.paimon"));
		}
	}

	@Test
	void partitionedTablesGetPaimonsFilesPerPartitionAndBucket() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			List<FileStoreTable> tables = new ArrayList<>();
			for (String name : List.of("default.ours", "default.paimon")) {
				warehouse.create(name,
						FlatBatches.schema().partitionKeys("b").primaryKey("b", "id").option("bucket", "2").build());
				tables.add(warehouse.table(name));
			}
			List<CommitMessage> ourMessages;
			List<CommitMessage> paimonMessages;
			try (ColumnarKeyValueWriter writer = new ColumnarKeyValueWriter(tables.get(0), false, false, (p, b, f) -> {
			}); BatchTableWrite paimonWrite = tables.get(1).newBatchWriteBuilder().newWrite()) {
				writeBoth(allocator, tables.get(0), writer, paimonWrite, 0, 3_000, false);
				writeBoth(allocator, tables.get(0), writer, paimonWrite, 1_000, 3_000, true);
				ourMessages = writer.prepareCommit();
				paimonMessages = paimonWrite.prepareCommit();
			}
			assertThat(ourMessages).hasSize(2 * 2);
			Map<String, DataFileMeta> theirs = new HashMap<>();
			for (CommitMessage message : paimonMessages) {
				theirs.put(message.partition() + "/" + message.bucket(), files(List.of(message)).get(0));
			}
			for (CommitMessage message : ourMessages) {
				DataFileMeta our = files(List.of(message)).get(0);
				DataFileMeta their = theirs.remove(message.partition() + "/" + message.bucket());
				assertThat(their).as("Paimon's file of %s/%s", message.partition(), message.bucket()).isNotNull();
				assertThat(our.rowCount()).isEqualTo(their.rowCount());
				assertThat(our.minKey()).isEqualTo(their.minKey());
				assertThat(our.maxKey()).isEqualTo(their.maxKey());
				assertThat(our.keyStats()).isEqualTo(their.keyStats());
				assertThat(our.valueStats()).isEqualTo(their.valueStats());
				assertThat(our.minSequenceNumber()).isEqualTo(their.minSequenceNumber());
				assertThat(our.maxSequenceNumber()).isEqualTo(their.maxSequenceNumber());
				assertThat(our.deleteRowCount()).isEqualTo(their.deleteRowCount());
			}
			assertThat(theirs).isEmpty();
			commit(tables.get(0), ourMessages);
			commit(tables.get(1), paimonMessages);
			assertThat(rows(warehouse, "default.ours")).containsExactlyInAnyOrderElementsOf(rows(warehouse,
					"default.paimon"));
		}
	}

	@Test
	void constantColumnsKeepTheDictionaryOfTheTablesSettings() throws Exception {
		// a bucket's partition column and row kinds are constant: Parquet keeps their dictionaries. The
		// lanes give the writer Paimon's IOManager, whose spill runs are written without dictionaries, and
		// another table's writer may be opened later: neither may change how this table's files are encoded
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator();
				IOManager ioManager = IOManager.create(this.dir.resolve("spill").toString())) {
			List<FileStoreTable> tables = new ArrayList<>();
			for (String name : List.of("default.ours", "default.paimon", "default.plain")) {
				Schema.Builder schema = Schema.newBuilder()
					.column("id", DataTypes.INT().notNull())
					.column("dt", DataTypes.STRING().notNull())
					.column("name", DataTypes.STRING())
					.column("amount", DataTypes.DOUBLE())
					.partitionKeys("dt")
					.primaryKey("dt", "id")
					.option("bucket", "2");
				if (name.equals("default.plain")) {
					schema.option("parquet.enable.dictionary", "false").option("parquet.page.size", "1024");
				}
				warehouse.create(name, schema.build());
				tables.add(warehouse.table(name));
			}
			Object[][] rows = new Object[2_000][];
			for (int i = 0; i < rows.length; i++) {
				rows[i] = new Object[] { i, "2026-12-0" + (1 + i % 5), "n-" + (i * 7919 % 1000), i * 1.5 };
			}
			List<CommitMessage> ourMessages;
			List<CommitMessage> paimonMessages;
			try (ColumnarKeyValueWriter writer = new ColumnarKeyValueWriter(tables.get(0), false, false, (p, b, f) -> {
			}, ioManager); ColumnarKeyValueWriter other = new ColumnarKeyValueWriter(tables.get(2), false, false,
					(p, b, f) -> {
					}, ioManager);
					BatchTableWrite paimonWrite = tables.get(1).newBatchWriteBuilder().newWrite();
					VectorSchemaRoot root = ArrowRows.columns()
						.intColumn("id")
						.stringColumn("dt")
						.stringColumn("name")
						.column("amount", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))
						.rows(allocator, rows)) {
				VectorizedColumnBatch batch = convert(tables.get(0), root);
				write(tables.get(0), writer, batch, 0, rows.length, null);
				ColumnarRow row = new ColumnarRow(batch);
				for (int i = 0; i < rows.length; i++) {
					row.setRowId(i);
					paimonWrite.write(row);
				}
				ourMessages = writer.prepareCommit();
				paimonMessages = paimonWrite.prepareCommit();
			}
			assertThat(ourMessages).hasSize(5 * 2);
			// assertSameBuckets compares every row group and page of each file
			assertSameBuckets(tables.get(0), ourMessages, tables.get(1), paimonMessages);
			CommitMessage message = ourMessages.get(0);
			assertThat(ParquetLayouts.of(tables.get(0), message.partition(), message.bucket(),
					files(List.of(message)).get(0)))
				.anySatisfy((line) -> assertThat(line).startsWith("row group 0 [dt]: ")
					.contains("dictionary PLAIN_DICTIONARY x1, data PLAIN_DICTIONARY x1"))
				.anySatisfy((line) -> assertThat(line).startsWith("row group 0 [_VALUE_KIND]: ")
					.contains("dictionary PLAIN_DICTIONARY x1, data PLAIN_DICTIONARY x1"));
		}
	}

	@Test
	void sequenceNumbersContinueTheCommittedOnes() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable ours = create(warehouse, "default.ours", List.of("id"), Map.of());
			FileStoreTable paimon = create(warehouse, "default.paimon", List.of("id"), Map.of());
			for (int round = 0; round < 2; round++) {
				List<CommitMessage> ourMessages;
				List<CommitMessage> paimonMessages;
				try (ColumnarKeyValueWriter writer = new ColumnarKeyValueWriter(ours, false, false, (p, b, f) -> {
				}); BatchTableWrite paimonWrite = paimon.newBatchWriteBuilder().newWrite()) {
					writeBoth(allocator, ours, writer, paimonWrite, round * 1_000, 2_000, round == 1);
					ourMessages = writer.prepareCommit();
					paimonMessages = paimonWrite.prepareCommit();
				}
				assertSameBuckets(ours, ourMessages, paimon, paimonMessages);
				if (round == 1) {
					assertThat(files(ourMessages)).allSatisfy((file) -> assertThat(file.minSequenceNumber())
							.isPositive());
				}
				commit(ours, ourMessages);
				commit(paimon, paimonMessages);
			}
			assertThat(rows(warehouse, "default.ours")).containsExactlyInAnyOrderElementsOf(rows(warehouse,
					"default.paimon"));
		}
	}

	@Test
	void aFullBufferIsWrittenAsMoreSortedRunsAndReadsTheSame() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			Map<String, String> small = Map.of("write-buffer-size", "64 kb", "write-only", "true");
			FileStoreTable ours = create(warehouse, "default.ours", List.of("id"), small);
			FileStoreTable paimon = create(warehouse, "default.paimon", List.of("id"), Map.of());
			List<CommitMessage> ourMessages;
			List<CommitMessage> paimonMessages;
			try (ColumnarKeyValueWriter writer = new ColumnarKeyValueWriter(ours, false, false, (p, b, f) -> {
			}); BatchTableWrite paimonWrite = paimon.newBatchWriteBuilder().newWrite()) {
				for (int round = 0; round < 4; round++) {
					writeBoth(allocator, ours, writer, paimonWrite, round * 700, 2_000, round % 2 == 1);
				}
				ourMessages = writer.prepareCommit();
				paimonMessages = paimonWrite.prepareCommit();
			}
			List<DataFileMeta> files = files(ourMessages);
			// every write filled the buffer: a sorted run per bucket and write
			assertThat(files).hasSize(4 * 2);
			for (CommitMessage message : ourMessages) {
				List<DataFileMeta> runs = new ArrayList<>(((CommitMessageImpl) message).newFilesIncrement().newFiles());
				runs.sort(Comparator.comparingLong(DataFileMeta::minSequenceNumber));
				for (int r = 1; r < runs.size(); r++) {
					assertThat(runs.get(r).minSequenceNumber()).isGreaterThan(runs.get(r - 1).minSequenceNumber());
				}
			}
			commit(ours, ourMessages);
			commit(paimon, paimonMessages);
			assertThat(rows(warehouse, "default.ours")).containsExactlyInAnyOrderElementsOf(rows(warehouse,
					"default.paimon"));
		}
	}

	@Test
	void closingDeletesEveryFileNotHandedOver() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable table = create(warehouse, "default.ours", List.of("id"), Map.of("write-buffer-size",
					"64 kb"));
			List<CommitMessage> handedOver;
			List<List<DataFileMeta>> told = new ArrayList<>();
			try (ColumnarKeyValueWriter writer = new ColumnarKeyValueWriter(table, false, false, (p, b,
					f) -> told.add(f));
					VectorSchemaRoot root = FlatBatches.batch(allocator, 0, 6_000, true)) {
				VectorizedColumnBatch batch = convert(table, root);
				write(table, writer, batch, 0, 3_000, null);
				handedOver = writer.prepareCommit();
				write(table, writer, batch, 3_000, 6_000, null);
				// the full buffer wrote files that are never handed over
				assertThat(dataFiles(table)).hasSizeGreaterThan(files(handedOver).size());
			}
			assertThat(told.stream().mapToInt(List::size).sum()).isEqualTo(files(handedOver).size());
			assertThat(dataFiles(table)).containsExactlyInAnyOrderElementsOf(
					files(handedOver).stream().map(DataFileMeta::fileName).toList());
			commit(table, handedOver);
			assertThat(rows(warehouse, "default.ours")).hasSize(3_000);
		}
	}

	@Test
	void onlyDeduplicatingFixedBucketTablesAreWrittenColumnByColumn() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir)) {
			assertThat(ColumnarWrites.unsupportedReason(create(warehouse, "default.plain", List.of("id"), Map.of())))
				.isNull();
			Map<String, String> reasons = new HashMap<>();
			reasons.put("merge-engine=partial-update", "'merge-engine' = 'partial-update'");
			reasons.put("changelog-producer=input", "'changelog-producer'");
			reasons.put("deletion-vectors.enabled=true", "'deletion-vectors.enabled'");
			reasons.put("sequence.field=l", "sequence.field");
			reasons.put("ignore-delete=true", "ignore-delete");
			reasons.put("data-file.thin-mode=true", "thin-mode");
			reasons.put("file.format=orc", "'file.format' = 'orc'");
			reasons.put("bucket=-1", "without fixed buckets");
			int n = 0;
			for (Map.Entry<String, String> reason : reasons.entrySet()) {
				String[] option = reason.getKey().split("=");
				FileStoreTable table = create(warehouse, "default.t" + n++, List.of("id"), Map.of(option[0],
						option[1]));
				assertThat(ColumnarWrites.unsupportedReason(table)).as(reason.getKey()).contains(reason.getValue());
			}
		}
	}

	static FileStoreTable create(TestWarehouse warehouse, String name, List<String> primaryKey,
			Map<String, String> options) {
		Schema.Builder schema = FlatBatches.schema().primaryKey(primaryKey).option("bucket", "2");
		options.forEach(schema::option);
		warehouse.create(name, schema.build());
		return warehouse.table(name);
	}

	/** Writes rows {@code first..first+count} into both writers; with {@code changes}, every 5th row is a delete. */
	private static void writeBoth(BufferAllocator allocator, FileStoreTable table, ColumnarKeyValueWriter ours,
			BatchTableWrite paimon, int first, int count, boolean changes) throws Exception {
		try (VectorSchemaRoot root = FlatBatches.batch(allocator, first, count, false)) {
			VectorizedColumnBatch batch = convert(table, root);
			byte[] kinds = new byte[count];
			for (int i = 0; i < count; i++) {
				RowKind kind = !changes ? RowKind.INSERT
						: (i % 5 == 0) ? RowKind.DELETE : (i % 5 == 1) ? RowKind.UPDATE_BEFORE : RowKind.UPDATE_AFTER;
				kinds[i] = kind.toByteValue();
			}
			write(table, ours, batch, 0, count, kinds);
			ColumnarRow row = new ColumnarRow(batch);
			for (int i = 0; i < count; i++) {
				row.setRowId(i);
				row.setRowKind(RowKind.fromByteValue(kinds[i]));
				paimon.write(row);
			}
		}
	}

	/** Writes rows {@code from..to} with the buckets Paimon's key extractor gives them. */
	private static void write(FileStoreTable table, ColumnarKeyValueWriter writer, VectorizedColumnBatch batch,
			int from,
			int to, byte[] kinds) throws Exception {
		RowKeyExtractor keys = table.createRowKeyExtractor();
		ColumnarRow row = new ColumnarRow(batch);
		int[] buckets = new int[batch.getNumRows()];
		int[] rows = new int[to - from];
		for (int i = from; i < to; i++) {
			row.setRowId(i);
			keys.setRecord(row);
			buckets[i] = keys.bucket();
			rows[i - from] = i;
		}
		writer.write(batch, rows, rows.length, buckets, kinds);
	}

	static VectorizedColumnBatch convert(FileStoreTable table, VectorSchemaRoot root) {
		return new ArrowBatchConverter(table.name(), table.rowType()).convert(root, null);
	}

	static void commit(FileStoreTable table, List<CommitMessage> messages) throws Exception {
		try (BatchTableCommit commit = table.newBatchWriteBuilder().newCommit()) {
			commit.commit(messages);
		}
	}

	static List<DataFileMeta> files(List<CommitMessage> messages) {
		List<DataFileMeta> files = new ArrayList<>();
		for (CommitMessage message : messages) {
			files.addAll(((CommitMessageImpl) message).newFilesIncrement().newFiles());
		}
		return files;
	}

	/** Per partition and bucket, one file each, alike in metadata and Parquet footer. */
	private static void assertSameBuckets(FileStoreTable ours, List<CommitMessage> ourMessages, FileStoreTable paimon,
			List<CommitMessage> paimonMessages) throws IOException {
		Map<String, CommitMessage> theirs = new HashMap<>();
		paimonMessages.forEach((m) -> theirs.put(m.partition() + "/" + m.bucket(), m));
		assertThat(ourMessages).extracting((m) -> m.partition() + "/" + m.bucket())
			.containsExactlyInAnyOrderElementsOf(theirs.keySet());
		for (CommitMessage message : ourMessages) {
			CommitMessage their = theirs.get(message.partition() + "/" + message.bucket());
			List<DataFileMeta> ourFiles = ((CommitMessageImpl) message).newFilesIncrement().newFiles();
			List<DataFileMeta> theirFiles = ((CommitMessageImpl) their).newFilesIncrement().newFiles();
			assertThat(ourFiles).hasSize(1);
			assertThat(theirFiles).hasSize(1);
			DataFileMeta our = ourFiles.get(0);
			DataFileMeta them = theirFiles.get(0);
			assertThat(our.rowCount()).isEqualTo(them.rowCount());
			assertThat(our.minKey()).isEqualTo(them.minKey());
			assertThat(our.maxKey()).isEqualTo(them.maxKey());
			assertThat(our.keyStats()).isEqualTo(them.keyStats());
			assertThat(our.valueStats()).isEqualTo(them.valueStats());
			assertThat(our.valueStatsCols()).isEqualTo(them.valueStatsCols());
			assertThat(our.minSequenceNumber()).isEqualTo(them.minSequenceNumber());
			assertThat(our.maxSequenceNumber()).isEqualTo(them.maxSequenceNumber());
			assertThat(our.deleteRowCount()).isEqualTo(them.deleteRowCount());
			assertThat(our.level()).isEqualTo(them.level());
			assertThat(our.schemaId()).isEqualTo(them.schemaId());
			assertThat(our.fileSource()).isEqualTo(them.fileSource());
			assertThat(our.extraFiles()).isEqualTo(them.extraFiles());
			assertThat(((CommitMessageImpl) message).totalBuckets()).isEqualTo(((CommitMessageImpl) their)
					.totalBuckets());
			assertThat(our.fileSize()).isEqualTo(them.fileSize());
			assertThat(ParquetLayouts.of(ours, message.partition(), message.bucket(), our))
				.containsExactlyElementsOf(ParquetLayouts.of(paimon, their.partition(), their.bucket(), them));
			ParquetMetadata ourFooter = footer(ours, message, our);
			ParquetMetadata theirFooter = footer(paimon, their, them);
			assertThat(ourFooter.getFileMetaData().getSchema()).isEqualTo(theirFooter.getFileMetaData().getSchema());
			assertThat(ourFooter.getBlocks()).hasSameSizeAs(theirFooter.getBlocks());
			for (int b = 0; b < ourFooter.getBlocks().size(); b++) {
				BlockMetaData ourBlock = ourFooter.getBlocks().get(b);
				BlockMetaData theirBlock = theirFooter.getBlocks().get(b);
				for (int c = 0; c < ourBlock.getColumns().size(); c++) {
					ColumnChunkMetaData ourColumn = ourBlock.getColumns().get(c);
					ColumnChunkMetaData theirColumn = theirBlock.getColumns().get(c);
					String column = Arrays.toString(ourColumn.getPath().toArray());
					assertThat(ourColumn.getStatistics()).as(column).isEqualTo(theirColumn.getStatistics());
					assertThat(ourColumn.getCodec()).as(column).isEqualTo(theirColumn.getCodec());
					assertThat(ourColumn.getEncodings()).as(column).isEqualTo(theirColumn.getEncodings());
					assertThat(ourColumn.getValueCount()).as(column).isEqualTo(theirColumn.getValueCount());
				}
			}
		}
	}

	private static ParquetMetadata footer(FileStoreTable table, CommitMessage message, DataFileMeta file)
			throws IOException {
		org.apache.paimon.fs.Path path = table.store()
			.pathFactory()
			.createDataFilePathFactory(message.partition(), message.bucket())
			.toPath(file);
		try (ParquetFileReader reader = ParquetUtil.getParquetReader(table.fileIO(), path, file.fileSize(),
				new Options())) {
			return reader.getFooter();
		}
	}

	static List<String> dataFiles(FileStoreTable table) throws IOException {
		try (Stream<Path> files = Files.walk(Path.of(table.location().toUri().getPath()))) {
			return files.filter((path) -> path.getFileName().toString().startsWith("data-"))
				.map((path) -> path.getFileName().toString())
				.toList();
		}
	}

	/** Every row of a table as text, every column rendered by its type. */
	static List<String> rows(TestWarehouse warehouse, String name) {
		List<DataField> fields = warehouse.table(name).rowType().getFields();
		List<InternalRow.FieldGetter> getters = new ArrayList<>();
		for (int i = 0; i < fields.size(); i++) {
			getters.add(InternalRow.createFieldGetter(fields.get(i).type(), i));
		}
		return warehouse.read(name, (row) -> {
			StringBuilder text = new StringBuilder(row.getRowKind().shortString()).append('|');
			for (InternalRow.FieldGetter getter : getters) {
				Object value = getter.getFieldOrNull(row);
				text.append((value instanceof byte[] bytes) ? Arrays.toString(bytes)
						: String.valueOf(value)).append('|');
			}
			return text.toString();
		});
	}

}
