package io.github.paimonspring.bench;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.types.DataTypes;

/**
 * The benchmark data set: rows of (int, bigint, string, double, decimal(18,4), timestamp(6)), the same
 * values as Paimon {@link GenericRow}s and as Arrow batches.
 */
final class BenchmarkData {

	static final long BASE_MICROS = 1_767_225_600_000_000L; // 2026-01-01T00:00:00Z

	private BenchmarkData() {
	}

	static org.apache.paimon.schema.Schema schema(boolean primaryKey, String bucket) {
		org.apache.paimon.schema.Schema.Builder builder = org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT().notNull())
			.column("seq", DataTypes.BIGINT())
			.column("name", DataTypes.STRING())
			.column("score", DataTypes.DOUBLE())
			.column("amount", DataTypes.DECIMAL(18, 4))
			.column("ts", DataTypes.TIMESTAMP(6));
		if (primaryKey) {
			builder.primaryKey("id");
		}
		builder.option("bucket", bucket);
		return builder.build();
	}

	static Schema arrowSchema() {
		return new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)), null),
				new Field("seq", FieldType.nullable(new ArrowType.Int(64, true)), null),
				new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
				new Field("score", FieldType.nullable(new ArrowType.FloatingPoint(
						FloatingPointPrecision.DOUBLE)), null),
				new Field("amount", FieldType.nullable(new ArrowType.Decimal(18, 4, 128)), null),
				new Field("ts", FieldType.nullable(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)), null)));
	}

	static String name(int i) {
		return "customer-" + (i % 10_000);
	}

	static long unscaled(int i) {
		return (i * 7919L) % 100_000_000L;
	}

	static List<InternalRow> rows(int count) {
		List<InternalRow> rows = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			rows.add(GenericRow.of(i, (long) i * 3, BinaryString.fromString(name(i)), i * 0.5,
					Decimal.fromUnscaledLong(unscaled(i), 18, 4), Timestamp.fromMicros(BASE_MICROS + i * 1000L)));
		}
		return rows;
	}

	static List<VectorSchemaRoot> batches(BufferAllocator allocator, int count, int batchSize) {
		List<VectorSchemaRoot> batches = new ArrayList<>();
		for (int start = 0; start < count; start += batchSize) {
			int size = Math.min(batchSize, count - start);
			VectorSchemaRoot root = VectorSchemaRoot.create(arrowSchema(), allocator);
			root.allocateNew();
			IntVector id = (IntVector) root.getVector(0);
			BigIntVector seq = (BigIntVector) root.getVector(1);
			VarCharVector name = (VarCharVector) root.getVector(2);
			Float8Vector score = (Float8Vector) root.getVector(3);
			DecimalVector amount = (DecimalVector) root.getVector(4);
			TimeStampMicroVector ts = (TimeStampMicroVector) root.getVector(5);
			for (int r = 0; r < size; r++) {
				int i = start + r;
				id.setSafe(r, i);
				seq.setSafe(r, (long) i * 3);
				name.setSafe(r, name(i).getBytes(StandardCharsets.UTF_8));
				score.setSafe(r, i * 0.5);
				amount.setSafe(r, BigDecimal.valueOf(unscaled(i), 4));
				ts.setSafe(r, BASE_MICROS + i * 1000L);
			}
			root.setRowCount(size);
			batches.add(root);
		}
		return batches;
	}

}
