package io.github.paimonspring.arrow;

import java.util.List;

import io.github.paimonspring.arrow.vector.ArrowArrayColumnVector;
import io.github.paimonspring.arrow.vector.ArrowMapColumnVector;
import io.github.paimonspring.arrow.vector.ArrowRowColumnVector;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * Checks the {@code NOT NULL} constraints of one column, including those of nested fields (ROW
 * children, ARRAY elements, MAP keys and values), against the converted column vectors of a
 * batch. Nested values are only checked where their parent is not null. Nested paths are written
 * as {@code addr.zip}, {@code tags[]}, {@code attrs.key} and {@code attrs.value}.
 */
final class NotNullCheck {

	private final String path;

	private final DataType type;

	/** Checks of ROW children (by field position), ARRAY element (0) or MAP key (0) and value (1). */
	private final @Nullable NotNullCheck @Nullable [] children;

	private NotNullCheck(String path, DataType type, @Nullable NotNullCheck @Nullable [] children) {
		this.path = path;
		this.type = type;
		this.children = children;
	}

	/**
	 * Returns the check for a column or nested field.
	 * @param path the column path used in messages
	 * @param type the Paimon type
	 * @return the check, or {@code null} when the type has no {@code NOT NULL} constraint at any
	 * depth
	 */
	static @Nullable NotNullCheck of(String path, DataType type) {
		@Nullable NotNullCheck[] children = null;
		boolean nestedConstraint = false;
		switch (type.getTypeRoot()) {
			case ROW: {
				List<DataField> fields = ((RowType) type).getFields();
				children = new NotNullCheck[fields.size()];
				for (int i = 0; i < children.length; i++) {
					children[i] = of(path + "." + fields.get(i).name(), fields.get(i).type());
					nestedConstraint |= children[i] != null;
				}
				break;
			}
			case ARRAY: {
				children = new NotNullCheck[] { of(path + "[]", ((ArrayType) type).getElementType()) };
				nestedConstraint = children[0] != null;
				break;
			}
			case MAP: {
				MapType map = (MapType) type;
				children = new NotNullCheck[] { of(path + ".key", map.getKeyType()),
						of(path + ".value", map.getValueType()) };
				nestedConstraint = children[0] != null || children[1] != null;
				break;
			}
			default:
				break;
		}
		if (type.isNullable() && !nestedConstraint) {
			return null;
		}
		return new NotNullCheck(path, type, nestedConstraint ? children : null);
	}

	/**
	 * Checks every row of a column and throws on the first violated path.
	 * @param table the table identifier used in messages
	 * @param column the converted column vector
	 * @param numRows the number of rows in the batch
	 * @throws ArrowDataException naming the column path, the number of nulls found in that path
	 * and the first offending row
	 */
	void check(String table, ColumnVector column, int numRows) {
		Violation violation = new Violation();
		if (this.children == null) {
			for (int row = 0; row < numRows; row++) {
				if (column.isNullAt(row)) {
					violation.record(this, row);
				}
			}
		}
		else {
			for (int row = 0; row < numRows; row++) {
				visit(column, row, row, violation);
			}
		}
		DataType type = violation.type;
		if (violation.count > 0 && type != null) {
			throw new ArrowDataException(table, violation.path, ArrowTypes.sqlType(type) + " NOT NULL",
					null, violation.firstRow,
					"Column '" + violation.path + "' of table '" + table
							+ "' is NOT NULL but the Arrow batch contains " + violation.count
							+ " null value(s); first at row " + violation.firstRow);
		}
	}

	private void visit(ColumnVector vector, int index, int row, Violation violation) {
		if (vector.isNullAt(index)) {
			if (!this.type.isNullable()) {
				violation.record(this, row);
			}
			return;
		}
		if (this.children == null) {
			return;
		}
		if (vector instanceof ArrowRowColumnVector) {
			ColumnVector[] fields = ((ArrowRowColumnVector) vector).getBatch().columns;
			for (int i = 0; i < this.children.length; i++) {
				if (this.children[i] != null) {
					this.children[i].visit(fields[i], index, row, violation);
				}
			}
		}
		else if (vector instanceof ArrowArrayColumnVector) {
			ArrowArrayColumnVector array = (ArrowArrayColumnVector) vector;
			visitRange(this.children[0], array.getColumnVector(), array.start(index), array.length(index), row,
					violation);
		}
		else if (vector instanceof ArrowMapColumnVector) {
			ArrowMapColumnVector map = (ArrowMapColumnVector) vector;
			int start = map.start(index);
			int length = map.length(index);
			visitRange(this.children[0], map.keys(), start, length, row, violation);
			visitRange(this.children[1], map.values(), start, length, row, violation);
		}
	}

	private static void visitRange(@Nullable NotNullCheck check, ColumnVector vector, int start, int length, int row,
			Violation violation) {
		if (check == null) {
			return;
		}
		for (int j = start; j < start + length; j++) {
			check.visit(vector, j, row, violation);
		}
	}

	/** The nulls found in the first violated path of a column. */
	private static final class Violation {

		private @Nullable String path;

		private @Nullable DataType type;

		private int count;

		private int firstRow = -1;

		void record(NotNullCheck check, int row) {
			if (this.path == null) {
				this.path = check.path;
				this.type = check.type;
				this.firstRow = row;
			}
			if (this.path.equals(check.path)) {
				this.count++;
			}
		}

	}

}
