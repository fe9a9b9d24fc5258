package io.github.paimonspring.write.parquet;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;

/**
 * Test data for the column-by-column writers: every flat Paimon type, each fed from an Arrow type
 * (often another width or unit than the natural one, so that every conversion is read), with
 * nulls, negative values, values before 1970 and multi-byte text.
 */
final class FlatBatches {

	/** A column: its name, Paimon type and the Arrow type that feeds it. */
	record Column(String name, DataType type, ArrowType arrow) {
	}

	static final List<Column> COLUMNS = List.of(new Column("id", DataTypes.INT().notNull(), new ArrowType.Int(32,
			true)),
			new Column("b", DataTypes.BOOLEAN(), ArrowType.Bool.INSTANCE),
			new Column("t", DataTypes.TINYINT(), new ArrowType.Int(8, true)),
			new Column("s", DataTypes.SMALLINT(), new ArrowType.Int(8, true)),
			new Column("i", DataTypes.INT(), new ArrowType.Int(16, true)),
			new Column("l", DataTypes.BIGINT(), new ArrowType.Int(64, true)),
			new Column("l32", DataTypes.BIGINT(), new ArrowType.Int(32, true)),
			new Column("f", DataTypes.FLOAT(), new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
			new Column("d", DataTypes.DOUBLE(), new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
			new Column("d4", DataTypes.DOUBLE(), new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
			new Column("c", DataTypes.CHAR(3), ArrowType.Utf8.INSTANCE),
			new Column("vc", DataTypes.VARCHAR(20), ArrowType.LargeUtf8.INSTANCE),
			new Column("str", DataTypes.STRING(), ArrowType.Utf8.INSTANCE),
			new Column("view", DataTypes.STRING(), ArrowType.Utf8View.INSTANCE),
			new Column("vbin", DataTypes.VARBINARY(8), ArrowType.Binary.INSTANCE),
			new Column("dec9", DataTypes.DECIMAL(9, 2), new ArrowType.Decimal(9, 2, 128)),
			new Column("dec18", DataTypes.DECIMAL(18, 4), new ArrowType.Decimal(18, 4, 128)),
			new Column("dec18s", DataTypes.DECIMAL(18, 4), new ArrowType.Decimal(10, 2, 128)),
			new Column("dec38", DataTypes.DECIMAL(38, 10), new ArrowType.Decimal(38, 10, 128)),
			new Column("day", DataTypes.DATE(), new ArrowType.Date(DateUnit.DAY)),
			new Column("dayms", DataTypes.DATE(), new ArrowType.Date(DateUnit.MILLISECOND)),
			new Column("time", DataTypes.TIME(3), new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
			new Column("ts0", DataTypes.TIMESTAMP(0), new ArrowType.Timestamp(TimeUnit.SECOND, null)),
			new Column("ts3", DataTypes.TIMESTAMP(3), new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
			new Column("ts3u", DataTypes.TIMESTAMP(3), new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
			new Column("ts6", DataTypes.TIMESTAMP(6), new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
			new Column("ts6ms", DataTypes.TIMESTAMP(6), new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
			new Column("ts6n", DataTypes.TIMESTAMP(6), new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
			new Column("ts9", DataTypes.TIMESTAMP(9), new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
			new Column("ltz6", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(6),
					new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")));

	private static final String[] TEXT = { "", "a", "zürich", "日本語テキスト", "customer-42", "\u0000nul", "😀 emoji" };

	private FlatBatches() {
	}

	static org.apache.paimon.schema.Schema.Builder schema() {
		org.apache.paimon.schema.Schema.Builder builder = org.apache.paimon.schema.Schema.newBuilder();
		COLUMNS.forEach((column) -> builder.column(column.name(), column.type()));
		return builder;
	}

	static Schema arrowSchema() {
		List<Field> fields = new ArrayList<>();
		for (Column column : COLUMNS) {
			fields.add(new Field(column.name(), new FieldType(column.type().isNullable(), column.arrow(), null), null));
		}
		return new Schema(fields);
	}

	/**
	 * A batch of rows {@code first..first+count}; with {@code nulls}, every nullable column has a null in
	 * every seventh row (shifted per column), without, no column has any.
	 */
	static VectorSchemaRoot batch(BufferAllocator allocator, int first, int count, boolean nulls) {
		VectorSchemaRoot root = VectorSchemaRoot.create(arrowSchema(), allocator);
		root.allocateNew();
		for (int c = 0; c < COLUMNS.size(); c++) {
			FieldVector vector = root.getVector(c);
			for (int r = 0; r < count; r++) {
				int row = first + r;
				if (nulls && COLUMNS.get(c).type().isNullable() && (row + c) % 7 == 0) {
					vector.setNull(r);
				}
				else {
					set(vector, r, row);
				}
			}
			vector.setValueCount(count);
		}
		root.setRowCount(count);
		return root;
	}

	/** A value of row {@code row} for the vector's type: spread over signs, magnitudes and 1970. */
	private static void set(FieldVector vector, int index, int row) {
		long spread = (row * 2_654_435_761L) % 1_000_003L - 500_000L;
		if (vector instanceof BitVector v) {
			v.setSafe(index, (row % 3 == 0) ? 1 : 0);
		}
		else if (vector instanceof TinyIntVector v) {
			v.setSafe(index, (byte) spread);
		}
		else if (vector instanceof SmallIntVector v) {
			v.setSafe(index, (short) spread);
		}
		else if (vector instanceof IntVector v) {
			v.setSafe(index, (vector.getName().equals("id")) ? row : (int) (spread * 4099));
		}
		else if (vector instanceof BigIntVector v) {
			v.setSafe(index, spread * 9_876_543_211L);
		}
		else if (vector instanceof Float4Vector v) {
			v.setSafe(index, spread / 7.0f);
		}
		else if (vector instanceof Float8Vector v) {
			v.setSafe(index, spread / 3.0);
		}
		else if (vector instanceof VarCharVector v) {
			v.setSafe(index, text(row, vector.getName().equals("c") ? 3 : 40));
		}
		else if (vector instanceof LargeVarCharVector v) {
			v.setSafe(index, text(row, 20));
		}
		else if (vector instanceof ViewVarCharVector v) {
			v.setSafe(index, text(row + 1, 40));
		}
		else if (vector instanceof VarBinaryVector v) {
			v.setSafe(index, new byte[] { (byte) row, (byte) (row >> 8), (byte) -1, 0 });
		}
		else if (vector instanceof DecimalVector v) {
			long bound = (v.getPrecision() >= 18) ? 99_999_999_999_999L : 9_999_999L;
			v.setSafe(index, BigDecimal.valueOf((spread * 1_234_567L) % bound, v.getScale()));
		}
		else if (vector instanceof DateDayVector v) {
			v.setSafe(index, (int) (spread / 10));
		}
		else if (vector instanceof DateMilliVector v) {
			v.setSafe(index, spread * 86_400_000L / 10 + row % 86_400_000L);
		}
		else if (vector instanceof TimeMilliVector v) {
			v.setSafe(index, (int) Math.floorMod(spread * 997, 86_400_000L));
		}
		else if (vector instanceof TimeStampVector v) {
			v.setSafe(index, timestamp(v, spread));
		}
		else {
			throw new IllegalArgumentException("No test values for " + vector.getClass());
		}
	}

	private static long timestamp(TimeStampVector vector, long spread) {
		TimeUnit unit = ((ArrowType.Timestamp) vector.getField().getType()).getUnit();
		long seconds = spread * 3_163L;
		return switch (unit) {
			case SECOND -> seconds;
			case MILLISECOND -> seconds * 1_000L + Math.floorMod(spread, 1_000L);
			case MICROSECOND -> seconds * 1_000_000L + Math.floorMod(spread * 7, 1_000_000L);
			case NANOSECOND -> seconds * 1_000_000_000L + Math.floorMod(spread * 13, 1_000_000_000L);
		};
	}

	private static byte[] text(int row, int maxLength) {
		String value = TEXT[Math.floorMod(row, TEXT.length)] + ((row % 5 == 0) ? "" : Integer.toString(row));
		while (value.codePointCount(0, value.length()) > maxLength) {
			value = value.substring(0, value.offsetByCodePoints(0, maxLength));
		}
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
