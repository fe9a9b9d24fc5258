package io.github.paimonspring.postpone;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.TestWarehouse;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.BucketPlan;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every row written through the fixed-bucket path of a {@code bucket = -2} table lands in the bucket
 * Paimon's own writer puts it in, in a twin {@code bucket = 4} table written natively, for each key
 * shape and {@code bucket-function.type}.
 */
class BucketHashParityTests {

	private static final int ROWS = 2_000;

	@TempDir
	Path dir;

	enum Key {

		INT, SHORT_STRING, LONG_STRING, BIGINT_STRING

	}

	static Stream<Arguments> cases() {
		List<Arguments> cases = new ArrayList<>();
		for (String function : List.of("default", "mod", "hive")) {
			for (Key key : Key.values()) {
				if (function.equals("mod") && key != Key.INT) {
					continue; // mod takes exactly one INT or BIGINT key
				}
				cases.add(Arguments.of(function, key));
			}
		}
		return cases.stream();
	}

	@ParameterizedTest(name = "{0} bucket function, {1} key")
	@MethodSource("cases")
	void fixedBucketPathMatchesPaimonsOwnBuckets(String function, Key key) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			createTable(warehouse, "default.postpone", key, function, "-2");
			createTable(warehouse, "default.twin", key, function, "4");
			PaimonWriter writer = warehouse.writer();
			ArrowWriteBuilder builder = writer.newWriteBuilder("default.postpone").withCommitUser("parity")
				.withFixedBucketPlan(BucketPlan.unpartitioned(4));
			try (ArrowTableWrite write = builder.newWrite(); VectorSchemaRoot batch = batch(allocator, key)) {
				write.write(batch);
				builder.newCommit().commit(write.prepareCommit());
			}
			BatchWriteBuilder nativeBuilder = warehouse.table("default.twin").newBatchWriteBuilder();
			try (BatchTableWrite write = nativeBuilder.newWrite(); BatchTableCommit commit = nativeBuilder
					.newCommit()) {
				for (int i = 0; i < ROWS; i++) {
					write.write(row(key, i));
				}
				commit.commit(write.prepareCommit());
			}
			Map<String, Integer> expected = keyBuckets(warehouse.table("default.twin"));
			Map<String, Integer> actual = keyBuckets(warehouse.table("default.postpone"));
			assertThat(expected).hasSize(ROWS);
			assertThat(expected.values()).as("keys spread over several buckets").hasSizeGreaterThan(1).containsAnyOf(0,
					1, 2, 3);
			assertThat(actual).isEqualTo(expected);
			assertThat(warehouse.table("default.postpone").store().newScan().plan().files())
				.allSatisfy((e) -> assertThat(e.totalBuckets()).isEqualTo(4));
		}
	}

	private static void createTable(TestWarehouse warehouse, String name, Key key, String function, String bucket) {
		org.apache.paimon.schema.Schema.Builder schema = org.apache.paimon.schema.Schema.newBuilder();
		switch (key) {
			case INT -> schema.column("k", DataTypes.INT()).primaryKey("k");
			case SHORT_STRING, LONG_STRING -> schema.column("k", DataTypes.STRING()).primaryKey("k");
			case BIGINT_STRING -> schema.column("k", DataTypes.BIGINT()).column("k2", DataTypes.STRING())
				.primaryKey("k", "k2");
		}
		schema.column("v", DataTypes.INT()).option("bucket", bucket).option("bucket-function.type", function);
		warehouse.create(name, schema.build());
	}

	private static String text(Key key, int i) {
		return (key == Key.SHORT_STRING) ? "s" + i : "a-long-string-key-" + i;
	}

	private static InternalRow row(Key key, int i) {
		return switch (key) {
			case INT -> GenericRow.of(i * 7 - 3000, i);
			case SHORT_STRING, LONG_STRING -> GenericRow.of(BinaryString.fromString(text(key, i)), i);
			case BIGINT_STRING -> GenericRow.of((long) i * 1_000_003L, BinaryString.fromString(text(key, i)), i);
		};
	}

	private static VectorSchemaRoot batch(BufferAllocator allocator, Key key) {
		List<Field> fields = new ArrayList<>();
		switch (key) {
			case INT -> fields.add(new Field("k", FieldType.notNullable(new ArrowType.Int(32, true)), null));
			case SHORT_STRING, LONG_STRING -> fields.add(new Field("k", FieldType.notNullable(ArrowType.Utf8.INSTANCE),
					null));
			case BIGINT_STRING -> {
				fields.add(new Field("k", FieldType.notNullable(new ArrowType.Int(64, true)), null));
				fields.add(new Field("k2", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null));
			}
		}
		fields.add(new Field("v", FieldType.nullable(new ArrowType.Int(32, true)), null));
		VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
		root.allocateNew();
		for (int i = 0; i < ROWS; i++) {
			switch (key) {
				case INT -> ((IntVector) root.getVector("k")).setSafe(i, i * 7 - 3000);
				case SHORT_STRING, LONG_STRING ->
					((VarCharVector) root.getVector("k")).setSafe(i, text(key, i).getBytes(StandardCharsets.UTF_8));
				case BIGINT_STRING -> {
					((BigIntVector) root.getVector("k")).setSafe(i, (long) i * 1_000_003L);
					((VarCharVector) root.getVector("k2")).setSafe(i, text(key, i).getBytes(StandardCharsets.UTF_8));
				}
			}
			((IntVector) root.getVector("v")).setSafe(i, i);
		}
		root.setRowCount(ROWS);
		return root;
	}

	/** Key (as text) to the bucket its row was read from, reading bucket by bucket. */
	private static Map<String, Integer> keyBuckets(FileStoreTable table) {
		Map<String, Integer> result = new HashMap<>();
		List<DataType> types = table.rowType().getFieldTypes();
		for (int bucket = 0; bucket < 4; bucket++) {
			int b = bucket;
			ReadBuilder read = table.newReadBuilder().withBucket(b);
			try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
				reader.forEachRemaining((row) -> {
					StringBuilder k = new StringBuilder();
					for (int f = 0; f < types.size() - 1; f++) {
						k.append(InternalRow.createFieldGetter(types.get(f), f).getFieldOrNull(row)).append('|');
					}
					result.put(k.toString(), b);
				});
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
		return result;
	}

}
