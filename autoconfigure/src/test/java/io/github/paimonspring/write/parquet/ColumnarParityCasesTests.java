package io.github.paimonspring.write.parquet;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.TestWarehouse;
import io.github.paimonspring.write.ArrowCommitMessages;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.table.sink.StreamTableWrite;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The six cases in which the column-by-column path once changed users' data (issue 31), written
 * through the starter's public write API with its defaults and through Paimon's own writer from the
 * same Arrow batches: the starter gives exactly Paimon's rows, row kinds, refusals and file metadata.
 */
class ColumnarParityCasesTests {

	private static final byte INSERT = 0;

	private static final byte UPDATE_BEFORE = 1;

	private static final byte UPDATE_AFTER = 2;

	@TempDir
	Path dir;

	@ParameterizedTest
	@ValueSource(strings = { "pk", "append" })
	void columnDefaultValuesFillNullsAndMissingColumnsAsPaimonsWriterDoes(String shape) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			for (String name : List.of("default.ours", "default.paimon")) {
				Schema.Builder schema = Schema.newBuilder().column("id", DataTypes.INT().notNull())
					.column("v", DataTypes.INT(), null, "42");
				if (shape.equals("pk")) {
					schema.primaryKey("id").option("bucket", "1");
				}
				warehouse.create(name, schema.build());
			}
			assertThat(ColumnarWrites.unsupportedReason(warehouse.table("default.ours")))
				.isEqualTo("column 'v' has a default value");
			List<List<VectorSchemaRoot>> rounds = List.of(
					List.of(ArrowRows.columns().intColumn("id").intColumn("v").rows(allocator, row(1, null), row(3,
							7))),
					List.of(ArrowRows.columns().intColumn("id").rows(allocator, row(2))));
			writeBoth(warehouse, rounds);
			assertThat(ParityTables.rows(warehouse, "default.ours")).containsExactlyInAnyOrder("+I(1,42,)", "+I(2,42,)",
					"+I(3,7,)");
		}
	}

	@Test
	void ignoreUpdateBeforeDropsUpdateBeforeRowsAsPaimonsWriterDoes() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			createKeyValue(warehouse, "ignore-update-before", "true");
			ArrowRows columns = ArrowRows.columns().intColumn("id").stringColumn("name").rowKinds();
			List<List<VectorSchemaRoot>> rounds = List.of(List.of(columns.rows(allocator, row(1, "a", INSERT))),
					List.of(columns.rows(allocator, row(1, "a", UPDATE_BEFORE))),
					List.of(columns.rows(allocator, row(2, "y", UPDATE_AFTER), row(2, "x", UPDATE_BEFORE))));
			writeBoth(warehouse, rounds);
			assertThat(ParityTables.rows(warehouse, "default.ours")).containsExactlyInAnyOrder("+I(1,a,)", "+U(2,y,)");
		}
	}

	@ParameterizedTest
	@ValueSource(ints = { 1, 2 })
	void laterRoundsWinWhenRoundsArePreparedBeforeTheEarlierAreCommitted(int buckets) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			createKeyValue(warehouse, "bucket", String.valueOf(buckets));
			ArrowRows columns = ArrowRows.columns().intColumn("id").stringColumn("name");
			// the middle round is empty (one bucket) or writes only a key of another bucket (two buckets)
			int other = otherBucketKey(warehouse.table("default.ours"), 1);
			List<List<VectorSchemaRoot>> rounds = List.of(List.of(columns.rows(allocator, row(1, "a"), row(1, "a2"))),
					(buckets == 1) ? List.of() : List.of(columns.rows(allocator, row(other, "o"))),
					List.of(columns.rows(allocator, row(1, "b"))));
			PaimonWriter writer = warehouse.writer();
			ArrowWriteBuilder builder = writer.newWriteBuilder("default.ours");
			List<ArrowCommitMessages> prepared = new ArrayList<>();
			try (ArrowTableWrite write = builder.newWrite(); ArrowTableCommit commit = builder.newCommit()) {
				for (List<VectorSchemaRoot> round : rounds) {
					round.forEach(write::write);
					prepared.add(write.prepareCommit());
				}
				if (buckets == 1) {
					commit.commit(prepared.get(0));
					commit.commit(prepared.get(2));
				}
				else {
					commit.commit(prepared.get(0).merge(prepared.get(1)).merge(prepared.get(2)));
				}
			}
			// Paimon's writer, used the same way: every round prepared before any is committed
			FileStoreTable paimon = warehouse.table("default.paimon");
			List<List<CommitMessage>> theirs = new ArrayList<>();
			ArrowBatchConverter converter = new ArrowBatchConverter(
					paimon.name(), paimon.rowType());
			try (StreamTableWrite write = paimon.newStreamWriteBuilder().newWrite()) {
				long identifier = 0;
				for (List<VectorSchemaRoot> round : rounds) {
					for (VectorSchemaRoot root : round) {
						ParityTables.writeRows(write, converter, root);
					}
					theirs.add(write.prepareCommit(true, ++identifier));
				}
			}
			if (buckets == 1) {
				ParityTables.commitWithPaimon(paimon, 1, theirs.get(0));
				ParityTables.commitWithPaimon(paimon, 3, theirs.get(2));
			}
			else {
				List<CommitMessage> all = new ArrayList<>();
				theirs.forEach(all::addAll);
				ParityTables.commitWithPaimon(paimon, 3, all);
			}
			rounds.forEach((round) -> round.forEach(VectorSchemaRoot::close));
			assertThat(ParityTables.rows(warehouse, "default.ours")).contains("+I(1,b,)");
			ParityTables.assertSameTables(warehouse, "default.ours", "default.paimon");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "append", "write-only-pk" })
	void strictPartitionTimestampFormatsRefuseWhatPaimonsWriterRefuses(String shape) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			Schema.Builder schema = Schema.newBuilder().column("id", DataTypes.INT().notNull())
				.column("dt", DataTypes.STRING().notNull()).partitionKeys("dt")
				.option("partition.timestamp-formatter", "yyyy-MM-dd").option("partition.timestamp-format.strict",
						"true");
			if (shape.equals("write-only-pk")) {
				schema.primaryKey("dt", "id").option("bucket", "1").option("write-only", "true");
			}
			warehouse.create("default.ours", schema.build());
			ArrowRows columns = ArrowRows.columns().intColumn("id").stringColumn("dt");
			ArrowWriteBuilder builder = warehouse.writer().newWriteBuilder("default.ours");
			try (VectorSchemaRoot good = columns.rows(allocator, row(1, "2026-12-01"));
					VectorSchemaRoot bad = columns.rows(allocator, row(2, "not-a-date"))) {
				try (ArrowTableWrite write = builder.newWrite(); ArrowTableCommit commit = builder.newCommit()) {
					write.write(good);
					commit.commit(write.prepareCommit());
				}
				try (ArrowTableWrite write = builder.newWrite()) {
					assertThatThrownBy(() -> {
						write.write(bad);
						write.prepareCommit();
					}).hasMessageContaining("not-a-date");
				}
				// Paimon's own writer refuses the same row
				FileStoreTable table = warehouse.table("default.ours");
				try (StreamTableWrite write = table.newStreamWriteBuilder().newWrite()) {
					assertThatThrownBy(() -> {
						ParityTables.writeRows(write, new ArrowBatchConverter(table.name(),
								table.rowType()), bad);
						write.prepareCommit(true, 1);
					}).hasStackTraceContaining("not-a-date");
				}
			}
			assertThat(warehouse.snapshotCount("default.ours")).isEqualTo(1);
			assertThat(ParityTables.rows(warehouse, "default.ours")).containsExactly("+I(1,2026-12-01,)");
			assertThat(warehouse.dataFiles("default.ours")).hasSize(1);
		}
	}

	@Test
	void nanosecondTimestampKeysStayApartAsInPaimonsWriter() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			for (String name : List.of("default.ours", "default.paimon")) {
				warehouse.create(name, Schema.newBuilder().column("ts", DataTypes.TIMESTAMP(6).notNull())
					.column("v", DataTypes.INT()).primaryKey("ts").option("bucket", "1").build());
			}
			ArrowRows columns = ArrowRows.columns().column("ts", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null))
				.intColumn("v");
			writeBoth(warehouse, List.of(List.of(columns.rows(allocator, row(1_000_000_123L, 1), row(1_000_000_456L,
					2)))));
			assertThat(ParityTables.rows(warehouse, "default.ours")).hasSize(2);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "append", "pk" })
	void millisecondsBeyondTheMicrosecondRangeAreRefusedNamingColumnAndRow(String shape) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			Schema.Builder schema = Schema.newBuilder().column("id", DataTypes.INT().notNull())
				.column("ts", DataTypes.TIMESTAMP(6));
			if (shape.equals("pk")) {
				schema.primaryKey("id").option("bucket", "1");
			}
			warehouse.create("default.ours", schema.build());
			ArrowRows columns = ArrowRows.columns().intColumn("id")
				.column("ts", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null));
			ArrowWriteBuilder builder = warehouse.writer().newWriteBuilder("default.ours");
			try (VectorSchemaRoot root = columns.rows(allocator, row(1, 1_000L), row(2, 9_300_000_000_000_000L));
					ArrowTableWrite write = builder.newWrite()) {
				assertThatThrownBy(() -> write.write(root)).isInstanceOf(ArrowDataException.class)
					.hasMessageContaining("'ts'")
					.hasMessageContaining("1");
			}
			assertThat(warehouse.snapshotCount("default.ours")).isZero();
			assertThat(warehouse.dataFiles("default.ours")).isEmpty();
		}
	}

	@Test
	void aCompressionPaimonsWriterRejectsIsRejectedBeforeAnyFileIsWritten() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			createKeyValue(warehouse, "file.compression", "NONE");
			assertThat(ColumnarWrites.unsupportedReason(warehouse.table("default.ours")))
					.contains("'file.compression'");
			ArrowRows columns = ArrowRows.columns().intColumn("id").stringColumn("name");
			try (VectorSchemaRoot root = columns.rows(allocator, row(1, "a"))) {
				// Paimon's writer refuses the codec, but only after it created the file it then cannot remove
				FileStoreTable paimon = warehouse.table("default.paimon");
				try (StreamTableWrite paimonWrite = paimon.newStreamWriteBuilder().newWrite()) {
					assertThatThrownBy(() -> {
						ParityTables.writeRows(paimonWrite,
								new ArrowBatchConverter(paimon.name(), paimon.rowType()), root);
						paimonWrite.prepareCommit(true, 1);
					}).hasStackTraceContaining("NONE");
				}
				assertThat(warehouse.dataFiles("default.paimon")).as("Paimon's orphan").hasSize(1);
				// the starter refuses it before anything is written
				ArrowWriteBuilder builder = warehouse.writer().newWriteBuilder("default.ours");
				assertThatThrownBy(builder::newWrite).isInstanceOf(PaimonArgumentException.class)
					.hasMessageContaining("'file.compression' = 'NONE'")
					.hasMessageContaining("default.ours");
			}
			assertThat(warehouse.snapshotCount("default.ours")).isZero();
			assertThat(warehouse.dataFiles("default.ours")).isEmpty();
		}
	}

	private static Object[] row(Object... values) {
		return values;
	}

	private static void createKeyValue(TestWarehouse warehouse, String option, String value) {
		for (String name : List.of("default.ours", "default.paimon")) {
			Schema.Builder schema = Schema.newBuilder().column("id", DataTypes.INT().notNull())
				.column("name", DataTypes.STRING()).primaryKey("id").option("bucket", "1");
			warehouse.create(name, schema.option(option, value).build());
		}
	}

	/** A key other than {@code key} that falls into another bucket. */
	private static int otherBucketKey(FileStoreTable table, int key) {
		if (table.coreOptions().bucket() == 1) {
			return key + 1;
		}
		RowKeyExtractor keys = table.createRowKeyExtractor();
		keys.setRecord(GenericRow.of(key, null));
		int bucket = keys.bucket();
		for (int other = key + 1;; other++) {
			keys.setRecord(GenericRow.of(other, null));
			if (keys.bucket() != bucket) {
				return other;
			}
		}
	}

	/**
	 * Writes the rounds through the starter's public API into {@code default.ours} (a write, prepare and
	 * commit per round) and through Paimon's writer into {@code default.paimon}, then compares both.
	 */
	private static void writeBoth(TestWarehouse warehouse, List<List<VectorSchemaRoot>> rounds) throws Exception {
		ParityTables.writeBoth(warehouse.writer(), warehouse, "default.ours", "default.paimon", rounds);
		ParityTables.assertSameTables(warehouse, "default.ours", "default.paimon");
	}

}
