package io.github.paimonspring.kafka.record;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.github.paimonspring.arrow.ArrowTypes;
import io.github.paimonspring.kafka.BadRecordException;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.paimon.schema.Schema.Builder;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.jspecify.annotations.Nullable;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sequences of generated records (valid and bad ones mixed, as {@link JsonRecordsPropertyTests} makes
 * them) written as a consumer does — each converted record's row appended to the partition's
 * {@link JsonColumns}, bad records skipped, drained into batches at arbitrary points — must give exactly
 * the batches that the reference reading's rows ({@link TreeJsonRecords}) give when written value by
 * value with {@link ArrowColumns}: same fields (the row-kind column only when a row is not an insert),
 * row counts, nulls and values; a bad record in the middle of a batch leaves nothing of itself behind.
 */
class JsonColumnsPropertyTests {

	private static ConverterFixture fixture;

	private static RecordConverter converter;

	private static BufferAllocator allocator;

	private static long offset;

	@BeforeContainer
	static void openTable() throws Exception {
		Builder schema = org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.BIGINT().notNull())
			.column("b", DataTypes.BOOLEAN())
			.column("t", DataTypes.TINYINT())
			.column("s", DataTypes.SMALLINT())
			.column("i", DataTypes.INT())
			.column("l", DataTypes.BIGINT())
			.column("f", DataTypes.FLOAT())
			.column("d", DataTypes.DOUBLE())
			.column("dec", DataTypes.DECIMAL(10, 2))
			.column("big", DataTypes.DECIMAL(30, 5))
			.column("str", DataTypes.STRING())
			.column("bin", DataTypes.BYTES())
			.column("dt", DataTypes.DATE())
			.column("tm", DataTypes.TIME())
			.column("ts", DataTypes.TIMESTAMP(3))
			.column("ts6", DataTypes.TIMESTAMP(6))
			.column("ltz", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(3))
			.column("arr", DataTypes.ARRAY(DataTypes.INT()))
			.column("m", DataTypes.MAP(DataTypes.STRING(), DataTypes.DECIMAL(5, 1)))
			.column("r", DataTypes.ROW(DataTypes.FIELD(0, "a", DataTypes.INT().notNull()),
					DataTypes.FIELD(1, "z", DataTypes.ARRAY(DataTypes.STRING().notNull()))))
			.primaryKey("id")
			.option("bucket", "1");
		fixture = new ConverterFixture(schema.build());
		converter = fixture.converter((settings) -> settings.setIgnoreUnknownFields(true));
		allocator = new RootAllocator();
	}

	@AfterContainer
	static void closeTable() {
		if (allocator != null) {
			allocator.close();
		}
		if (fixture != null) {
			fixture.close();
		}
	}

	@Provide
	Arbitrary<List<String>> records() {
		return new JsonRecordsPropertyTests().values().list().ofMinSize(1).ofMaxSize(60);
	}

	@Property(tries = 300, seed = "3303")
	void batchesWrittenFromTheRowsEqualTheReferenceBatches(@ForAll("records") List<String> values,
			@ForAll @IntRange(min = 1, max = 25) int drainEvery) {
		TableShape shape = converter.shape();
		List<VectorSchemaRoot> actual = new ArrayList<>();
		List<VectorSchemaRoot> expected = new ArrayList<>();
		List<RecordRow> reference = new ArrayList<>();
		try (JsonColumns columns = new JsonColumns(shape, allocator)) {
			for (int i = 0; i < values.size(); i++) {
				byte[] value = values.get(i).getBytes(StandardCharsets.UTF_8);
				RecordRow row = referenceRow(shape, value);
				RowValues converted = convert(value);
				assertThat(converted != null).as("record %s is good", values.get(i)).isEqualTo(row != null);
				if (row != null && converted != null) {
					columns.append(converted);
					reference.add(row);
				}
				if ((i + 1) % drainEvery == 0 && columns.rows() > 0) {
					actual.add(columns.drain());
					expected.add(referenceBatch(reference, allocator));
					reference.clear();
				}
			}
			if (columns.rows() > 0) {
				actual.add(columns.drain());
				expected.add(referenceBatch(reference, allocator));
			}
			assertThat(actual).hasSameSizeAs(expected);
			for (int i = 0; i < actual.size(); i++) {
				assertSameBatch(actual.get(i), expected.get(i));
			}
		}
		finally {
			actual.forEach(VectorSchemaRoot::close);
			expected.forEach(VectorSchemaRoot::close);
		}
	}

	private static @Nullable RecordRow referenceRow(TableShape shape, byte[] value) {
		try {
			return TreeJsonRecords.read(shape, "_row_kind", true, null, value);
		}
		catch (BadRecordException ex) {
			return null;
		}
	}

	private static @Nullable RowValues convert(byte[] value) {
		try {
			RecordConverter.Converted converted = converter
				.convert(new ConsumerRecord<>("fuzz", 0, offset++, null, value));
			return (converted != null) ? converted.row() : null;
		}
		catch (BadRecordException ex) {
			return null;
		}
	}

	private static void assertSameBatch(VectorSchemaRoot actual, VectorSchemaRoot expected) {
		assertThat(actual.getSchema()).isEqualTo(expected.getSchema());
		assertThat(actual.getRowCount()).isEqualTo(expected.getRowCount());
		for (FieldVector vector : actual.getFieldVectors()) {
			// the buffers' structure (the data check refuses decimals of full precision; maps are taken for lists)
			if (!(vector instanceof MapVector)) {
				ValueVectorUtility.validate(vector);
			}
		}
		for (int column = 0; column < actual.getFieldVectors().size(); column++) {
			FieldVector got = actual.getVector(column);
			FieldVector want = expected.getVector(column);
			for (int row = 0; row < actual.getRowCount(); row++) {
				assertThat(got.isNull(row)).as("null of %s row %d", got.getName(), row).isEqualTo(want.isNull(row));
				assertThat(Objects.deepEquals(got.getObject(row), want.getObject(row)))
					.as("%s row %d: %s, expected %s", got.getName(), row, got.getObject(row), want.getObject(row))
					.isTrue();
			}
		}
	}

	/** The rows written value by value, as the pipeline built its batches before {@link JsonColumns}. */
	static VectorSchemaRoot referenceBatch(List<RecordRow> rows, BufferAllocator allocator) {
		TableShape shape = rows.get(0).shape();
		boolean kinds = rows.stream().anyMatch((row) -> row.kind() != 0);
		List<Field> fields = new ArrayList<>(ArrowTypes.toArrowSchema(shape.rowType()).getFields());
		if (kinds) {
			fields.add(new Field(shape.rowKindColumn(), FieldType.notNullable(new ArrowType.Int(8, true)), null));
		}
		VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
		List<DataField> columns = shape.rowType().getFields();
		for (FieldVector vector : root.getFieldVectors()) {
			vector.allocateNew();
		}
		for (int column = 0; column < columns.size(); column++) {
			for (int i = 0; i < rows.size(); i++) {
				ArrowColumns.write(root.getVector(column), i, rows.get(i).values()[column], columns.get(column).type());
			}
		}
		if (kinds) {
			TinyIntVector vector = (TinyIntVector) root.getVector(columns.size());
			for (int i = 0; i < rows.size(); i++) {
				vector.setSafe(i, rows.get(i).kind());
			}
		}
		root.setRowCount(rows.size());
		return root;
	}

}
