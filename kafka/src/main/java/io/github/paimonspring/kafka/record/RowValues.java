package io.github.paimonspring.kafka.record;

import java.util.Arrays;
import java.util.List;

import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.jspecify.annotations.Nullable;

/**
 * The values of one record's row, reused from record to record by one converter: numbers unboxed, strings
 * as slices of the record's UTF-8 bytes, nested values as the Java values {@link ArrowColumns} writes.
 * Nothing of a record reaches a batch until its row is complete and checked ({@link JsonColumns#append}),
 * so a bad record leaves no half-written row behind. Valid until the converter's next record.
 */
public final class RowValues {

	/** No value. */
	static final byte NULL = 0;

	/** A whole number: booleans (0/1), integers, compact decimals (unscaled), dates, times, timestamps. */
	static final byte LONG = 1;

	/** A FLOAT (its exact value as a double) or DOUBLE. */
	static final byte DOUBLE = 2;

	/** UTF-8 bytes: {@code length} bytes of {@code source} from {@code offset}. */
	static final byte SLICE = 3;

	/** A Java value as {@link ArrowColumns#write} takes it. */
	static final byte OBJECT = 4;

	private TableShape shape;

	private byte kind;

	private byte[] slots = new byte[0];

	private long[] longs = new long[0];

	private double[] doubles = new double[0];

	private byte[][] sources = new byte[0][];

	private int[] offsets = new int[0];

	private int[] lengths = new int[0];

	private @Nullable Object[] objects = new Object[0];

	RowValues(TableShape shape) {
		this.shape = shape;
	}

	/** Starts a row of a shape: every value null, an insert. */
	void reset(TableShape current) {
		int columns = current.rowType().getFieldCount();
		if (this.slots.length != columns) {
			this.slots = new byte[columns];
			this.longs = new long[columns];
			this.doubles = new double[columns];
			this.sources = new byte[columns][];
			this.offsets = new int[columns];
			this.lengths = new int[columns];
			this.objects = new Object[columns];
		}
		else {
			Arrays.fill(this.slots, NULL);
			Arrays.fill(this.objects, null);
			Arrays.fill(this.sources, null);
		}
		this.shape = current;
		this.kind = 0;
	}

	void setLong(int column, long value) {
		this.slots[column] = LONG;
		this.longs[column] = value;
	}

	void setDouble(int column, double value) {
		this.slots[column] = DOUBLE;
		this.doubles[column] = value;
	}

	void setSlice(int column, byte[] source, int offset, int length) {
		this.slots[column] = SLICE;
		this.sources[column] = source;
		this.offsets[column] = offset;
		this.lengths[column] = length;
	}

	/** Sets a Java value as {@link JsonValues#read} gives it ({@code null} for none). */
	void set(int column, @Nullable Object value) {
		this.slots[column] = (value != null) ? OBJECT : NULL;
		this.objects[column] = value;
	}

	void kind(byte rowKind) {
		this.kind = rowKind;
	}

	/**
	 * Returns the table's shape the values follow.
	 * @return the shape
	 */
	public TableShape shape() {
		return this.shape;
	}

	/**
	 * Returns the row kind.
	 * @return the row kind's byte value (0 insert, 1 update before, 2 update after, 3 delete)
	 */
	public byte kind() {
		return this.kind;
	}

	byte slot(int column) {
		return this.slots[column];
	}

	boolean isNull(int column) {
		return this.slots[column] == NULL;
	}

	long longAt(int column) {
		return this.longs[column];
	}

	double doubleAt(int column) {
		return this.doubles[column];
	}

	byte[] source(int column) {
		byte[] source = this.sources[column];
		if (source == null) {
			throw new IllegalStateException("Column " + column + " holds no bytes");
		}
		return source;
	}

	int offset(int column) {
		return this.offsets[column];
	}

	int length(int column) {
		return this.lengths[column];
	}

	@Nullable Object object(int column) {
		return this.objects[column];
	}

	/**
	 * Returns the row with boxed values: the Java values {@link ArrowColumns} writes (a compact DECIMAL
	 * as its unscaled {@code Long}, a string as its UTF-8 bytes).
	 * @return a copy of the row
	 */
	public RecordRow toRow() {
		List<DataField> fields = this.shape.rowType().getFields();
		@Nullable Object[] values = new Object[this.slots.length];
		for (int i = 0; i < values.length; i++) {
			values[i] = boxed(i, fields.get(i).type());
		}
		return new RecordRow(this.shape, values, this.kind);
	}

	private @Nullable Object boxed(int column, DataType type) {
		return switch (this.slots[column]) {
			case LONG -> boxedLong(this.longs[column], type);
			case DOUBLE -> (type.getTypeRoot() == DataTypeRoot.FLOAT)
					? (Object) (float) this.doubles[column] : (Object) this.doubles[column];
			case SLICE -> Arrays.copyOfRange(source(column), this.offsets[column],
					this.offsets[column] + this.lengths[column]);
			case OBJECT -> this.objects[column];
			default -> null;
		};
	}

	private static Object boxedLong(long value, DataType type) {
		return switch (type.getTypeRoot()) {
			case BOOLEAN -> value != 0;
			case TINYINT -> (byte) value;
			case SMALLINT -> (short) value;
			case INTEGER, DATE, TIME_WITHOUT_TIME_ZONE -> (int) value;
			default -> value; // BIGINT, a compact DECIMAL's unscaled value, TIMESTAMP
		};
	}

}
