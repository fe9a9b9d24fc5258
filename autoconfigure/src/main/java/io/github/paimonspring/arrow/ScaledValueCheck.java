package io.github.paimonspring.arrow;

import java.util.List;

import io.github.paimonspring.arrow.vector.ArrowArrayColumnVector;
import io.github.paimonspring.arrow.vector.ArrowMapColumnVector;
import io.github.paimonspring.arrow.vector.ArrowRowColumnVector;
import io.github.paimonspring.arrow.vector.ScaledValues;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeChecks;
import org.apache.paimon.types.DataTypeFamily;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * Checks that the timestamps, times and dates of one column, including nested ones (ROW children,
 * ARRAY elements, MAP keys and values), fit the number Paimon stores for them once scaled from their
 * Arrow unit ({@link ScaledValues}): a value that does not would make Paimon's writer fail half-way
 * ({@code long overflow}) or be stored as another value. Only values that are read are checked: not
 * null, and nested values only where their parent is not null.
 */
final class ScaledValueCheck {

	private final String path;

	private final DataType type;

	private final int precision;

	/** Checks of ROW children (by field position), ARRAY element (0) or MAP key (0) and value (1). */
	private final @Nullable ScaledValueCheck @Nullable [] children;

	private ScaledValueCheck(String path, DataType type, @Nullable ScaledValueCheck @Nullable [] children) {
		this.path = path;
		this.type = type;
		this.precision = type.is(DataTypeFamily.TIMESTAMP) ? DataTypeChecks.getPrecision(type) : 0;
		this.children = children;
	}

	/**
	 * Returns the check for a column or nested field.
	 * @param path the column path used in messages
	 * @param type the Paimon type
	 * @return the check, or {@code null} when the type holds no timestamp, time or date at any depth
	 */
	static @Nullable ScaledValueCheck of(String path, DataType type) {
		if (isScaled(type)) {
			return new ScaledValueCheck(path, type, null);
		}
		@Nullable ScaledValueCheck[] children;
		switch (type.getTypeRoot()) {
			case ROW: {
				List<DataField> fields = ((RowType) type).getFields();
				children = new ScaledValueCheck[fields.size()];
				for (int i = 0; i < children.length; i++) {
					children[i] = of(path + "." + fields.get(i).name(), fields.get(i).type());
				}
				break;
			}
			case ARRAY:
				children = new ScaledValueCheck[] { of(path + "[]", ((ArrayType) type).getElementType()) };
				break;
			case MAP: {
				MapType map = (MapType) type;
				children = new ScaledValueCheck[] { of(path + ".key", map.getKeyType()),
						of(path + ".value", map.getValueType()) };
				break;
			}
			default:
				return null;
		}
		for (ScaledValueCheck child : children) {
			if (child != null) {
				return new ScaledValueCheck(path, type, children);
			}
		}
		return null;
	}

	private static boolean isScaled(DataType type) {
		DataTypeRoot root = type.getTypeRoot();
		return root == DataTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE || root == DataTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE
				|| root == DataTypeRoot.TIME_WITHOUT_TIME_ZONE || root == DataTypeRoot.DATE;
	}

	/**
	 * Checks every row of a column and throws on the first value that overflows.
	 * @param table the table identifier used in messages
	 * @param column the converted column vector
	 * @param numRows the number of rows in the batch
	 * @throws ArrowDataException naming the column path, the row, the value and what it overflows
	 */
	void check(String table, ColumnVector column, int numRows) {
		if (this.children == null) {
			if (column instanceof ScaledValues values) {
				int row = values.firstOverflow(0, numRows, this.precision);
				if (row >= 0) {
					throw overflow(table, values, row, row);
				}
			}
			return;
		}
		for (int row = 0; row < numRows; row++) {
			visit(table, column, row, row);
		}
	}

	private void visit(String table, ColumnVector vector, int index, int row) {
		if (this.children == null) {
			if (vector instanceof ScaledValues values && values.firstOverflow(index, index + 1, this.precision) >= 0) {
				throw overflow(table, values, index, row);
			}
			return;
		}
		if (vector.isNullAt(index)) {
			return;
		}
		if (vector instanceof ArrowRowColumnVector) {
			ColumnVector[] fields = ((ArrowRowColumnVector) vector).getBatch().columns;
			for (int i = 0; i < this.children.length; i++) {
				if (this.children[i] != null) {
					this.children[i].visit(table, fields[i], index, row);
				}
			}
		}
		else if (vector instanceof ArrowArrayColumnVector) {
			ArrowArrayColumnVector array = (ArrowArrayColumnVector) vector;
			visitRange(table, this.children[0], array.getColumnVector(), array.start(index), array.length(index), row);
		}
		else if (vector instanceof ArrowMapColumnVector) {
			ArrowMapColumnVector map = (ArrowMapColumnVector) vector;
			visitRange(table, this.children[0], map.keys(), map.start(index), map.length(index), row);
			visitRange(table, this.children[1], map.values(), map.start(index), map.length(index), row);
		}
	}

	private static void visitRange(String table, @Nullable ScaledValueCheck check, ColumnVector vector, int start,
			int length, int row) {
		if (check == null) {
			return;
		}
		for (int j = start; j < start + length; j++) {
			check.visit(table, vector, j, row);
		}
	}

	private ArrowDataException overflow(String table, ScaledValues values, int index, int row) {
		String arrowType = ArrowTypes.describe(values.arrowType());
		String sqlType = ArrowTypes.sqlType(this.type);
		return new ArrowDataException(table, this.path, sqlType, arrowType, row,
				"Column '" + this.path + "' of table '" + table + "' is " + sqlType + " but row " + row
						+ " of the Arrow batch holds " + values.arrowValue(index) + " (" + arrowType
						+ "), which overflows the " + values.storedAs(this.precision) + " Paimon stores for it");
	}

}
