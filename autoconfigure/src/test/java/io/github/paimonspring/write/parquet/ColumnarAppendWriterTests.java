package io.github.paimonspring.write.parquet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.format.parquet.ParquetUtil;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataFilePathFactory;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.shade.org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.paimon.shade.org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.paimon.shade.org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.paimon.shade.org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The column-by-column append writer writes what Paimon's own writer writes from the same rows: the
 * same data files (schema, codec, encodings, statistics, row groups), the same file metadata
 * (statistics, sequence numbers, schema, level, source), and the same rows read back, for every flat
 * type and for the table options that change how files are written.
 */
class ColumnarAppendWriterTests {

	@TempDir
	Path dir;

	static Stream<Map<String, String>> fileOptions() {
		return Stream.of(Map.of(), Map.of("file.compression", "none"), Map.of("file.compression", "lz4"),
				Map.of("file.compression.zstd-level", "3"), Map.of("parquet.enable.dictionary", "false"),
				Map.of("parquet.enable.dictionary#str", "false"), Map.of("metadata.stats-mode", "none"),
				Map.of("metadata.stats-mode", "counts", "fields.str.stats-mode", "full"),
				Map.of("metadata.stats-mode", "truncate(4)"), Map.of("parquet.writer.version", "v2"),
				Map.of("parquet.bloom.filter.enabled#str", "true"),
				Map.of("parquet.page.size", "2048", "parquet.page.row.count.limit", "500"),
				Map.of("parquet.page.size", "2048", "parquet.writer.version", "v2"),
				Map.of("parquet.page.size", "8192", "parquet.dictionary.page.size", "4096"),
				Map.of("parquet.dictionary.page.size", "2048", "parquet.writer.version", "v2"),
				Map.of("parquet.block.size", "1"), Map.of("parquet.block.size", "65536", "parquet.page.size", "4096"),
				Map.of("file.block-size", "64 kb", "parquet.writer.version", "v2"));
	}

	static Stream<Map<String, String>> rowGroupOptions() {
		return Stream.of(Map.of("parquet.block.size", "1"),
				Map.of("parquet.block.size", "1", "parquet.writer.version", "v2"),
				Map.of("parquet.block.size", "65536"),
				Map.of("parquet.block.size", "65536", "parquet.writer.version", "v2"),
				Map.of("parquet.block.size", "1048576", "parquet.page.size", "16384"),
				Map.of("file.block-size", "300 kb", "file.compression", "none"));
	}

	@ParameterizedTest
	@MethodSource("fileOptions")
	void writesTheFilesPaimonsWriterWrites(Map<String, String> options) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable ours = create(warehouse, "default.ours", options);
			FileStoreTable paimon = create(warehouse, "default.paimon", options);
			List<CommitMessage> ourMessages = new ArrayList<>();
			List<CommitMessage> paimonMessages = new ArrayList<>();
			try (ColumnarAppendWriter writer = new ColumnarAppendWriter(ours);
					BatchTableWrite paimonWrite = paimon.newBatchWriteBuilder().newWrite()) {
				// two commits' worth: a batch without any null, then one with nulls in every nullable column
				for (int round = 0; round < 2; round++) {
					try (VectorSchemaRoot root = FlatBatches.batch(allocator, round * 3_000, 3_000, round == 1)) {
						VectorizedColumnBatch batch = convert(ours, root);
						writer.write(batch, 0, root.getRowCount());
						writeRowByRow(paimonWrite, batch, root.getRowCount());
					}
					ourMessages.addAll(writer.prepareCommit());
				}
				paimonMessages.addAll(paimonWrite.prepareCommit());
			}
			List<DataFileMeta> ourFiles = files(ourMessages);
			List<DataFileMeta> paimonFiles = files(paimonMessages);
			assertThat(ourFiles).hasSize(2);
			assertThat(paimonFiles).hasSize(1);
			// Paimon's writer prepared once: its one file holds both rounds; ours one file per round
			assertThat(ourFiles.get(0).minSequenceNumber()).isEqualTo(paimonFiles.get(0).minSequenceNumber());
			assertThat(ourFiles.get(1).maxSequenceNumber()).isEqualTo(paimonFiles.get(0).maxSequenceNumber());
			assertThat(ourFiles.get(1).minSequenceNumber()).isEqualTo(ourFiles.get(0).maxSequenceNumber() + 1);
			commit(ours, ourMessages);
			commit(paimon, paimonMessages);
			assertThat(rows(warehouse, "default.ours")).hasSize(6_000)
				.containsExactlyElementsOf(rows(warehouse, "default.paimon"));
		}
	}

	@ParameterizedTest
	@MethodSource("fileOptions")
	void eachFileMatchesPaimonsFileOfTheSameRows(Map<String, String> options) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable ours = create(warehouse, "default.ours", options);
			FileStoreTable paimon = create(warehouse, "default.paimon", options);
			List<CommitMessage> ourMessages;
			List<CommitMessage> paimonMessages;
			try (ColumnarAppendWriter writer = new ColumnarAppendWriter(ours);
					BatchTableWrite paimonWrite = paimon.newBatchWriteBuilder().newWrite();
					VectorSchemaRoot root = FlatBatches.batch(allocator, 0, 8_000, true)) {
				VectorizedColumnBatch batch = convert(ours, root);
				writer.write(batch, 0, 5_000);
				writer.write(batch, 5_000, 8_000);
				writeRowByRow(paimonWrite, batch, 8_000);
				ourMessages = writer.prepareCommit();
				paimonMessages = paimonWrite.prepareCommit();
			}
			DataFileMeta our = single(ourMessages);
			DataFileMeta their = single(paimonMessages);
			assertThat(our.rowCount()).isEqualTo(8_000);
			assertSameMeta(our, their);
			assertSameParquet(footer(ours, ourMessages, our), footer(paimon, paimonMessages, their));
			assertThat(layout(ours, ourMessages, our)).containsExactlyElementsOf(layout(paimon, paimonMessages, their));
			CommitMessageImpl ourMessage = (CommitMessageImpl) ourMessages.get(0);
			CommitMessageImpl theirMessage = (CommitMessageImpl) paimonMessages.get(0);
			assertThat(ourMessage.partition()).isEqualTo(theirMessage.partition());
			assertThat(ourMessage.bucket()).isEqualTo(theirMessage.bucket());
			assertThat(ourMessage.totalBuckets()).isEqualTo(theirMessage.totalBuckets());
			assertThat(ourMessage.compactIncrement().isEmpty()).isTrue();
			commit(ours, ourMessages);
			commit(paimon, paimonMessages);
			assertThat(rows(warehouse, "default.ours")).containsExactlyElementsOf(rows(warehouse, "default.paimon"));
		}
	}

	@Test
	void rollsFilesAtTheTargetFileSizeLikePaimonsWriter() throws Exception {
		Map<String, String> options = Map.of("target-file-size", "64 kb", "parquet.page.size", "8192");
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable ours = create(warehouse, "default.ours", options);
			FileStoreTable paimon = create(warehouse, "default.paimon", options);
			List<CommitMessage> ourMessages;
			List<CommitMessage> paimonMessages;
			try (ColumnarAppendWriter writer = new ColumnarAppendWriter(ours);
					BatchTableWrite paimonWrite = paimon.newBatchWriteBuilder().newWrite();
					VectorSchemaRoot root = FlatBatches.batch(allocator, 0, 20_000, true)) {
				VectorizedColumnBatch batch = convert(ours, root);
				for (int from = 0; from < 20_000; from += 777) {
					writer.write(batch, from, Math.min(20_000, from + 777));
				}
				writeRowByRow(paimonWrite, batch, 20_000);
				ourMessages = writer.prepareCommit();
				paimonMessages = paimonWrite.prepareCommit();
			}
			List<DataFileMeta> ourFiles = files(ourMessages);
			List<DataFileMeta> paimonFiles = files(paimonMessages);
			assertThat(ourFiles).hasSizeGreaterThan(3);
			// files are cut where Paimon's writer cuts them: every 1,000 rows once the target size is reached
			assertThat(ourFiles).hasSameSizeAs(paimonFiles);
			long next = 0;
			for (int f = 0; f < ourFiles.size(); f++) {
				DataFileMeta file = ourFiles.get(f);
				assertThat(file.rowCount() % 1_000 == 0 || f == ourFiles.size() - 1).isTrue();
				assertThat(file.minSequenceNumber()).isEqualTo(next);
				next = file.maxSequenceNumber() + 1;
				assertSameMeta(file, paimonFiles.get(f));
				assertThat(layout(ours, ourMessages, file))
					.containsExactlyElementsOf(layout(paimon, paimonMessages, paimonFiles.get(f)));
			}
			assertThat(ourFiles.stream().mapToLong(DataFileMeta::rowCount).sum()).isEqualTo(20_000);
			commit(ours, ourMessages);
			commit(paimon, paimonMessages);
			assertThat(rows(warehouse, "default.ours")).containsExactlyElementsOf(rows(warehouse, "default.paimon"));
		}
	}

	@ParameterizedTest
	@MethodSource("rowGroupOptions")
	void cutsRowGroupsAndPagesWhereParquetsWriterCutsThem(Map<String, String> options) throws Exception {
		boolean tiny = "1".equals(options.get("parquet.block.size"));
		int rows = tiny ? 1_000 : 20_000;
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable ours = create(warehouse, "default.ours", options);
			FileStoreTable paimon = create(warehouse, "default.paimon", options);
			List<CommitMessage> ourMessages;
			List<CommitMessage> paimonMessages;
			try (ColumnarAppendWriter writer = new ColumnarAppendWriter(ours);
					BatchTableWrite paimonWrite = paimon.newBatchWriteBuilder().newWrite();
					VectorSchemaRoot root = FlatBatches.batch(allocator, 0, rows, true)) {
				VectorizedColumnBatch batch = convert(ours, root);
				// pieces of an odd length, so that no cut falls on the end of a piece by chance
				for (int from = 0; from < rows; from += 333) {
					writer.write(batch, from, Math.min(rows, from + 333));
				}
				writeRowByRow(paimonWrite, batch, rows);
				ourMessages = writer.prepareCommit();
				paimonMessages = paimonWrite.prepareCommit();
			}
			DataFileMeta our = single(ourMessages);
			DataFileMeta their = single(paimonMessages);
			List<String> ourLayout = layout(ours, ourMessages, our);
			List<String> theirLayout = layout(paimon, paimonMessages, their);
			assertThat(ParquetLayouts.rowGroups(theirLayout)).hasSizeGreaterThan(2);
			if (tiny) {
				// Parquet's writer looks at the size first at 100 records, then again 100 records later
				assertThat(ParquetLayouts.rowGroups(ourLayout)).hasSize(10).containsOnly(100L);
			}
			assertThat(ourLayout).containsExactlyElementsOf(theirLayout);
			assertSameMeta(our, their);
		}
	}

	/** The default row group (128 MB) holds about 1.2 million rows of these columns. */
	@Test
	@Tag("large")
	void cutsRowGroupsOfTheDefaultSizeWhereParquetsWriterCutsThem() throws Exception {
		int rows = 1_600_000;
		int piece = 20_000;
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable ours = create(warehouse, "default.ours", Map.of());
			FileStoreTable paimon = create(warehouse, "default.paimon", Map.of());
			List<CommitMessage> ourMessages;
			List<CommitMessage> paimonMessages;
			try (ColumnarAppendWriter writer = new ColumnarAppendWriter(ours);
					BatchTableWrite paimonWrite = paimon.newBatchWriteBuilder().newWrite();
					VectorSchemaRoot root = FlatBatches.batch(allocator, 0, piece, true)) {
				// the same rows again and again: enough bytes to fill a row group, in a batch of test size
				VectorizedColumnBatch batch = convert(ours, root);
				for (int first = 0; first < rows; first += piece) {
					writer.write(batch, 0, piece);
					writeRowByRow(paimonWrite, batch, piece);
				}
				ourMessages = writer.prepareCommit();
				paimonMessages = paimonWrite.prepareCommit();
			}
			DataFileMeta our = single(ourMessages);
			DataFileMeta their = single(paimonMessages);
			List<String> ourLayout = layout(ours, ourMessages, our);
			List<String> theirLayout = layout(paimon, paimonMessages, their);
			assertThat(ParquetLayouts.rowGroups(theirLayout)).hasSizeGreaterThan(1);
			assertThat(ourLayout).containsExactlyElementsOf(theirLayout);
			assertSameMeta(our, their);
		}
	}

	@Test
	void knowsWhereParquetsColumnStoreLooksAtPageSizes() {
		// without it every run is one row long: still exact, but no longer column by column
		assertThat(ColumnarParquetFile.knowsPageChecks()).isTrue();
	}

	static Stream<String> idleRounds() {
		// the partitions each round writes: T and F are the two partitions of column b
		return Stream.of("T,F,T", "T,,T", "TF,T,TF", "T,F,F,T", "F,,,F");
	}

	@ParameterizedTest
	@MethodSource("idleRounds")
	void aPartitionNotWrittenInARoundCountsSequenceNumbersAnewAsPaimonsWriter(String rounds) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			List<FileStoreTable> tables = new ArrayList<>();
			for (String name : List.of("default.ours", "default.paimon")) {
				warehouse.create(name, FlatBatches.schema().partitionKeys("b").build());
				tables.add(warehouse.table(name));
			}
			FileStoreTable ours = tables.get(0);
			List<CommitMessage> ourAll = new ArrayList<>();
			List<CommitMessage> paimonAll = new ArrayList<>();
			// the sequence number each partition's next file starts at, as Paimon's writer counts them
			Map<Character, Long> nextSequence = new HashMap<>();
			int written = 0;
			try (ColumnarAppendWriter writer = new ColumnarAppendWriter(ours);
					TableWriteImpl<?> paimonWrite = tables.get(1).newWrite("paimon-user");
					VectorSchemaRoot root = FlatBatches.batch(allocator, 0, 3_000, false)) {
				VectorizedColumnBatch batch = convert(ours, root);
				RowKeyExtractor keys = ours.createRowKeyExtractor();
				ColumnarRow row = new ColumnarRow(batch);
				String[] partitionsOfRounds = rounds.split(",", -1);
				for (int round = 0; round < partitionsOfRounds.length; round++) {
					String partitions = partitionsOfRounds[round];
					Map<Character, Long> expected = new HashMap<>();
					for (char partition : partitions.toCharArray()) {
						// each round writes other rows: a fifth of the batch, holding both partitions
						int[] positions = new int[3_000];
						int count = 0;
						BinaryRow key = null;
						for (int i = 0; i < 3_000; i++) {
							row.setRowId(i);
							keys.setRecord(row);
							if ((i / 3) % 5 == round && keys.partition().getBoolean(0) == (partition == 'T')) {
								key = keys.partition().copy();
								positions[count++] = i;
								paimonWrite.write(row);
							}
						}
						assertThat(key).isNotNull();
						writer.write(key, batch, positions, 0, count);
						written += count;
						long start = nextSequence.getOrDefault(partition, 0L);
						expected.put(partition, start);
						nextSequence.put(partition, start + count);
					}
					// a partition the round did not write is forgotten: its next file starts at 0 again
					nextSequence.keySet().removeIf((partition) -> partitions.indexOf(partition) < 0);
					List<CommitMessage> ourMessages = writer.prepareCommit();
					List<CommitMessage> paimonMessages = nonEmpty(paimonWrite.prepareCommit(true, Long.MAX_VALUE));
					assertThat(partitions(ourMessages)).as("round %s", round)
						.containsExactlyInAnyOrderElementsOf(partitions(paimonMessages));
					for (CommitMessage message : ourMessages) {
						CommitMessage their = paimonMessages.stream()
							.filter((m) -> m.partition().equals(message.partition()))
							.findFirst()
							.orElseThrow();
						DataFileMeta file = single(List.of(message));
						assertThat(file.minSequenceNumber()).as("round %s %s", round, message.partition())
							.isEqualTo(expected.get(message.partition().getBoolean(0) ? 'T' : 'F'));
						assertSameMeta(file, single(List.of(their)));
					}
					ourAll.addAll(ourMessages);
					paimonAll.addAll(paimonMessages);
				}
			}
			commit(ours, ourAll);
			commit(tables.get(1), paimonAll);
			assertThat(rows(warehouse, "default.ours")).hasSize(written)
				.containsExactlyInAnyOrderElementsOf(rows(warehouse, "default.paimon"));
		}
	}

	private static List<CommitMessage> nonEmpty(List<CommitMessage> messages) {
		return messages.stream().filter((m) -> !((CommitMessageImpl) m).isEmpty()).toList();
	}

	@Test
	void writesEachRowIntoItsPartition() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			List<FileStoreTable> tables = new ArrayList<>();
			for (String name : List.of("default.ours", "default.paimon")) {
				warehouse.create(name, FlatBatches.schema().partitionKeys("b").build());
				tables.add(warehouse.table(name));
			}
			List<CommitMessage> ourMessages;
			List<CommitMessage> paimonMessages;
			try (ColumnarAppendWriter writer = new ColumnarAppendWriter(tables.get(0));
					BatchTableWrite paimonWrite = tables.get(1).newBatchWriteBuilder().newWrite();
					VectorSchemaRoot root = FlatBatches.batch(allocator, 0, 4_000, true)) {
				VectorizedColumnBatch batch = convert(tables.get(0), root);
				ColumnarAppendWriter.Overflow none = (row) -> {
					throw new AssertionError("three partitions all have an open file");
				};
				writer.write(batch, 0, 1_500, none);
				writer.write(batch, 1_500, 4_000, none);
				writeRowByRow(paimonWrite, batch, 4_000);
				ourMessages = writer.prepareCommit();
				paimonMessages = paimonWrite.prepareCommit();
			}
			// true, false and null (the default partition)
			assertThat(ourMessages).hasSize(3);
			assertThat(partitions(ourMessages)).containsExactlyInAnyOrderElementsOf(partitions(paimonMessages));
			for (CommitMessage message : ourMessages) {
				CommitMessage their = paimonMessages.stream()
					.filter((m) -> m.partition().equals(message.partition()))
					.findFirst()
					.orElseThrow();
				assertSameMeta(single(List.of(message)), single(List.of(their)));
			}
			commit(tables.get(0), ourMessages);
			commit(tables.get(1), paimonMessages);
			assertThat(rows(warehouse, "default.ours")).hasSize(4_000)
				.containsExactlyInAnyOrderElementsOf(rows(warehouse, "default.paimon"));
		}
	}

	@Test
	void rowsOfPartitionsBeyondTheOpenFilesGoToTheOverflow() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			warehouse.create("default.ours",
					FlatBatches.schema().partitionKeys("t").option("write-max-writers-to-spill", "3").build());
			FileStoreTable table = warehouse.table("default.ours");
			List<CommitMessage> messages = new ArrayList<>();
			List<Integer> overflowed = new ArrayList<>();
			try (ColumnarAppendWriter writer = new ColumnarAppendWriter(table);
					BatchTableWrite paimonWrite = table.newBatchWriteBuilder().newWrite();
					VectorSchemaRoot root = FlatBatches.batch(allocator, 0, 3_000, true)) {
				VectorizedColumnBatch batch = convert(table, root);
				ColumnarRow row = new ColumnarRow(batch);
				writer.write(batch, 0, 3_000, (i) -> {
					overflowed.add(i);
					row.setRowId(i);
					paimonWrite.write(row);
				});
				messages.addAll(writer.prepareCommit());
				assertThat(messages).hasSize(3);
				messages.addAll(paimonWrite.prepareCommit());
			}
			// the first three partitions met are written column by column, every other row overflows
			long columnar = files(messages.subList(0, 3)).stream().mapToLong(DataFileMeta::rowCount).sum();
			assertThat(overflowed).hasSize((int) (3_000 - columnar)).doesNotHaveDuplicates();
			assertThat(overflowed.size()).isGreaterThan(2_000);
			commit(table, messages);
			assertThat(rows(warehouse, "default.ours")).hasSize(3_000);
		}
	}

	@Test
	void writesToTheTablesExternalPaths() throws Exception {
		Path external = Files.createDirectories(this.dir.resolve("external"));
		Map<String, String> options = Map.of("data-file.external-paths", external.toUri().toString(),
				"data-file.external-paths.strategy", "round-robin");
		try (TestWarehouse warehouse = new TestWarehouse(this.dir.resolve("wh"));
				BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable table = create(warehouse, "default.ours", options);
			List<CommitMessage> messages;
			try (ColumnarAppendWriter writer = new ColumnarAppendWriter(table);
					VectorSchemaRoot root = FlatBatches.batch(allocator, 0, 1_000, true)) {
				writer.write(convert(table, root), 0, 1_000);
				messages = writer.prepareCommit();
			}
			DataFileMeta file = single(messages);
			assertThat(file.externalPath()).hasValueSatisfying((path) -> assertThat(path).contains("external"));
			commit(table, messages);
			assertThat(rows(warehouse, "default.ours")).hasSize(1_000);
			try (Stream<Path> written = Files.walk(external)) {
				assertThat(written.filter((path) -> path.toString().endsWith(".parquet"))).hasSize(1);
			}
		}
	}

	@Test
	void closingDeletesEveryFileNotHandedOver() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable table = create(warehouse, "default.ours", Map.of("target-file-size", "32 kb"));
			List<CommitMessage> handedOver;
			try (ColumnarAppendWriter writer = new ColumnarAppendWriter(table);
					VectorSchemaRoot root = FlatBatches.batch(allocator, 0, 10_000, true)) {
				VectorizedColumnBatch batch = convert(table, root);
				writer.write(batch, 0, 5_000);
				handedOver = writer.prepareCommit();
				// completed (rolled) and open files that are never handed over
				writer.write(batch, 5_000, 10_000);
				assertThat(dataFiles(table)).hasSizeGreaterThan(files(handedOver).size());
			}
			assertThat(dataFiles(table)).containsExactlyInAnyOrderElementsOf(
					files(handedOver).stream().map(DataFileMeta::fileName).toList());
			commit(table, handedOver);
			assertThat(rows(warehouse, "default.ours")).hasSize(5_000);
		}
	}

	@Test
	void aValueThatDoesNotFitFailsTheWriteAndLeavesNoFile() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable table = create(warehouse, "default.ours", Map.of());
			try (ColumnarAppendWriter writer = new ColumnarAppendWriter(table);
					VectorSchemaRoot root = FlatBatches.batch(allocator, 0, 2_000, true)) {
				// dec18s is DECIMAL(18, 4) fed from Decimal(10, 2): 10^15 does not fit 14 integer digits
				((DecimalVector) root.getVector("dec18s")).setSafe(1_500, 100_000_000_000_000_000L);
				VectorizedColumnBatch batch = convert(table, root);
				assertThatThrownBy(() -> writer.write(batch, 0, 2_000)).isInstanceOf(ArrowDataException.class)
					.hasMessageContaining("dec18s")
					.hasMessageContaining("row 1500");
				assertThat(dataFiles(table)).isEmpty();
			}
			assertThat(dataFiles(table)).isEmpty();
		}
	}

	@Test
	void onlyTablesWhoseFilesItWritesExactlyAreWrittenColumnByColumn() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir)) {
			assertThat(ColumnarWrites.unsupportedReason(create(warehouse, "default.plain", Map.of()))).isNull();
			warehouse.create("default.partitioned", FlatBatches.schema().partitionKeys("t").build());
			assertThat(ColumnarWrites.unsupportedReason(warehouse.table("default.partitioned"))).isNull();
			assertThat(ColumnarWrites.unsupportedReason(create(warehouse, "default.bucketed",
					Map.of("bucket", "2", "bucket-key", "id"))))
				.contains("append table with fixed buckets");
			assertThat(ColumnarWrites.unsupportedReason(create(warehouse, "default.orc", Map.of("file.format", "orc"))))
				.contains("'file.format' = 'orc'");
			assertThat(ColumnarWrites.unsupportedReason(
					create(warehouse, "default.indexed", Map.of("file-index.bloom-filter.columns", "id"))))
				.contains("'file-index.bloom-filter.columns'");
			assertThat(ColumnarWrites.unsupportedReason(
					create(warehouse, "default.tracked", Map.of("row-tracking.enabled", "true"))))
				.contains("'row-tracking.enabled'");
			warehouse.create("default.nested", Schema.newBuilder()
				.column("id", DataTypes.INT())
				.column("tags", DataTypes.ARRAY(DataTypes.STRING()))
				.build());
			assertThat(ColumnarWrites.unsupportedReason(warehouse.table("default.nested"))).contains("'tags'");
		}
	}

	private static FileStoreTable create(TestWarehouse warehouse, String name, Map<String, String> options) {
		Schema.Builder schema = FlatBatches.schema();
		options.forEach(schema::option);
		warehouse.create(name, schema.build());
		return warehouse.table(name);
	}

	private static VectorizedColumnBatch convert(FileStoreTable table, VectorSchemaRoot root) {
		return new ArrowBatchConverter(table.name(), table.rowType()).convert(root, null);
	}

	/** Paimon's own writer, fed the same rows through Paimon's columnar row view. */
	private static void writeRowByRow(BatchTableWrite write, VectorizedColumnBatch batch, int rows) throws Exception {
		ColumnarRow row = new ColumnarRow(batch);
		for (int i = 0; i < rows; i++) {
			row.setRowId(i);
			write.write(row);
		}
	}

	private static void commit(FileStoreTable table, List<CommitMessage> messages) throws Exception {
		BatchWriteBuilder builder = table.newBatchWriteBuilder();
		try (BatchTableCommit commit = builder.newCommit()) {
			commit.commit(messages);
		}
	}

	private static List<DataFileMeta> files(List<CommitMessage> messages) {
		List<DataFileMeta> files = new ArrayList<>();
		for (CommitMessage message : messages) {
			files.addAll(((CommitMessageImpl) message).newFilesIncrement().newFiles());
		}
		return files;
	}

	private static List<String> partitions(List<CommitMessage> messages) {
		return messages.stream().map((m) -> m.partition().toString()).toList();
	}

	private static DataFileMeta single(List<CommitMessage> messages) {
		List<DataFileMeta> files = files(messages);
		assertThat(files).hasSize(1);
		return files.get(0);
	}

	private static void assertSameMeta(DataFileMeta our, DataFileMeta their) {
		assertThat(our.rowCount()).isEqualTo(their.rowCount());
		assertThat(our.valueStats()).isEqualTo(their.valueStats());
		assertThat(our.valueStatsCols()).isEqualTo(their.valueStatsCols());
		assertThat(our.keyStats()).isEqualTo(their.keyStats());
		assertThat(our.minKey()).isEqualTo(their.minKey());
		assertThat(our.maxKey()).isEqualTo(their.maxKey());
		assertThat(our.minSequenceNumber()).isEqualTo(their.minSequenceNumber());
		assertThat(our.maxSequenceNumber()).isEqualTo(their.maxSequenceNumber());
		assertThat(our.schemaId()).isEqualTo(their.schemaId());
		assertThat(our.level()).isEqualTo(their.level());
		assertThat(our.extraFiles()).isEqualTo(their.extraFiles());
		assertThat(our.deleteRowCount()).isEqualTo(their.deleteRowCount());
		assertThat(our.embeddedIndex()).isEqualTo(their.embeddedIndex());
		assertThat(our.fileSource()).isEqualTo(their.fileSource());
		assertThat(our.fileFormat()).isEqualTo(their.fileFormat());
		assertThat(our.externalPath()).isEqualTo(their.externalPath());
		assertThat(our.firstRowId()).isEqualTo(their.firstRowId());
		assertThat(our.writeCols()).isEqualTo(their.writeCols());
		assertThat(our.fileName()).startsWith("data-").endsWith(".parquet");
		assertThat(our.fileSize()).isEqualTo(their.fileSize());
	}

	private static ParquetMetadata footer(FileStoreTable table, List<CommitMessage> messages, DataFileMeta file)
			throws IOException {
		DataFilePathFactory paths = table.store()
			.pathFactory()
			.createDataFilePathFactory(messages.get(0).partition(), messages.get(0).bucket());
		org.apache.paimon.fs.Path path = paths.toPath(file);
		try (ParquetFileReader reader = ParquetUtil.getParquetReader(table.fileIO(), path, file.fileSize(),
				new Options())) {
			return reader.getFooter();
		}
	}

	private static List<String> layout(FileStoreTable table, List<CommitMessage> messages, DataFileMeta file)
			throws IOException {
		return ParquetLayouts.of(table, messages.get(0).partition(), messages.get(0).bucket(), file);
	}

	private static void assertSameParquet(ParquetMetadata our, ParquetMetadata their) {
		assertThat(our.getFileMetaData().getSchema()).isEqualTo(their.getFileMetaData().getSchema());
		assertThat(our.getFileMetaData().getKeyValueMetaData()).isEqualTo(their.getFileMetaData()
				.getKeyValueMetaData());
		assertThat(our.getFileMetaData().getCreatedBy()).isEqualTo(their.getFileMetaData().getCreatedBy());
		assertThat(our.getBlocks()).hasSameSizeAs(their.getBlocks());
		for (int b = 0; b < our.getBlocks().size(); b++) {
			BlockMetaData ourBlock = our.getBlocks().get(b);
			BlockMetaData theirBlock = their.getBlocks().get(b);
			assertThat(ourBlock.getRowCount()).isEqualTo(theirBlock.getRowCount());
			for (int c = 0; c < ourBlock.getColumns().size(); c++) {
				ColumnChunkMetaData ourColumn = ourBlock.getColumns().get(c);
				ColumnChunkMetaData theirColumn = theirBlock.getColumns().get(c);
				String column = Arrays.toString(ourColumn.getPath().toArray());
				assertThat(ourColumn.getPath()).isEqualTo(theirColumn.getPath());
				assertThat(ourColumn.getPrimitiveType()).isEqualTo(theirColumn.getPrimitiveType());
				assertThat(ourColumn.getCodec()).as(column).isEqualTo(theirColumn.getCodec());
				assertThat(ourColumn.getValueCount()).as(column).isEqualTo(theirColumn.getValueCount());
				assertThat(ourColumn.getStatistics()).as(column).isEqualTo(theirColumn.getStatistics());
				assertThat(ourColumn.getBloomFilterOffset() >= 0).as(column)
					.isEqualTo(theirColumn.getBloomFilterOffset() >= 0);
				assertThat(ourColumn.getEncodings()).as(column).isEqualTo(theirColumn.getEncodings());
			}
		}
	}

	private static List<String> dataFiles(FileStoreTable table) throws IOException {
		try (Stream<Path> files = Files.walk(Path.of(table.location().toUri().getPath()))) {
			return files.filter((path) -> path.getFileName().toString().startsWith("data-"))
				.map((path) -> path.getFileName().toString())
				.toList();
		}
	}

	/** Every row of a table as text, every column rendered by its type. */
	private static List<String> rows(TestWarehouse warehouse, String name) {
		List<DataField> fields = warehouse.table(name).rowType().getFields();
		List<InternalRow.FieldGetter> getters = new ArrayList<>();
		for (int i = 0; i < fields.size(); i++) {
			getters.add(InternalRow.createFieldGetter(fields.get(i).type(), i));
		}
		return warehouse.read(name, (row) -> {
			StringBuilder text = new StringBuilder();
			for (InternalRow.FieldGetter getter : getters) {
				Object value = getter.getFieldOrNull(row);
				text.append((value instanceof byte[] bytes) ? Arrays.toString(bytes)
						: String.valueOf(value)).append('|');
			}
			return text.toString();
		});
	}

}
