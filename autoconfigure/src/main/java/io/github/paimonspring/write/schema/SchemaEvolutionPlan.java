package io.github.paimonspring.write.schema;

import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.arrow.ArrowPaimonTypes;
import io.github.paimonspring.arrow.ArrowTypes;
import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * Compares an Arrow schema with a table's row type by column name and returns the schema changes a
 * policy allows to make the batch fit; refuses the batch when it needs a change the policy does not
 * allow. Columns the batch omits and types the converter accepts as they are need no change.
 */
final class SchemaEvolutionPlan {

	private SchemaEvolutionPlan() {
	}

	/**
	 * Plans the changes.
	 * @param table the table identifier used in messages
	 * @param fileStoreTable the table as it is now
	 * @param schema the batch's Arrow schema
	 * @param dictionaries the dictionaries of dictionary-encoded fields, or {@code null}
	 * @param policy what may change
	 * @param property the property that sets the policy, named in messages
	 * @param rowKindColumn the batches' row-kind column, which is never added
	 * @return the changes in column order; empty when the table takes the batch as it is
	 * @throws ArrowDataException naming the table, the column and the property when the batch needs a
	 * change the policy does not allow, or a change no policy allows (narrowing, a new scale)
	 */
	static List<SchemaChange> plan(String table, FileStoreTable fileStoreTable, Schema schema,
			@Nullable DictionaryProvider dictionaries, SchemaEvolutionPolicy policy, String property,
			String rowKindColumn) {
		RowType rowType = fileStoreTable.rowType();
		List<SchemaChange> changes = new ArrayList<>();
		for (Field field : schema.getFields()) {
			String name = field.getName();
			if (rowKindColumn.equals(name) && fileStoreTable.rowType().getFieldIndex(name) < 0) {
				continue;
			}
			int index = rowType.getFieldIndex(name);
			if (index < 0) {
				if (!policy.addsColumns()) {
					throw refused(table, name, null, field, "the table has no column '" + name + "'", policy,
							SchemaEvolutionPolicy.ADD_COLUMNS, property);
				}
				DataType type = ArrowPaimonTypes.toPaimonType(table, field, dictionaries);
				changes.add(SchemaChange.addColumn(name, type.copy(true)));
				continue;
			}
			SchemaChange widening = widening(table, fileStoreTable, rowType.getFields().get(index), field, dictionaries,
					policy, property);
			if (widening != null) {
				changes.add(widening);
			}
		}
		return changes;
	}

	private static @Nullable SchemaChange widening(String table, FileStoreTable fileStoreTable, DataField column,
			Field field, @Nullable DictionaryProvider dictionaries, SchemaEvolutionPolicy policy, String property) {
		String name = column.name();
		DataType current = column.type();
		DataType batchType;
		try {
			batchType = ArrowPaimonTypes.toPaimonType(table, field, dictionaries);
		}
		catch (ArrowDataException ex) {
			// no Paimon type of its own: the converter reports whether it fits the column
			return null;
		}
		if (batchType.copy(true).equals(current.copy(true))) {
			return null;
		}
		boolean wider = SchemaEvolutionPolicy.widens(current, batchType);
		boolean fits = fits(table, column, field, dictionaries);
		if (!policy.widensColumns()) {
			if (wider && !fits) {
				throw refused(table, name, current, field, "it is wider than the column", policy,
						SchemaEvolutionPolicy.ADD_COLUMNS_AND_WIDEN, property);
			}
			return null;
		}
		if (wider) {
			if (fileStoreTable.primaryKeys().contains(name) || fileStoreTable.partitionKeys().contains(name)) {
				throw new ArrowDataException(table, name, sql(current),
						ArrowTypes.describe(field.getType()), -1,
						"Cannot write to table '" + table + "': column '" + name + "' is " + sql(current)
								+ " and the batch has " + ArrowTypes.describe(field.getType())
								+ ", but primary-key and partition columns are never widened; send values that fit "
								+ sql(current));
			}
			return SchemaChange.updateColumnType(name, batchType.copy(current.isNullable()), true);
		}
		if (current instanceof DecimalType tableDecimal && batchType instanceof DecimalType batchDecimal) {
			boolean exact = batchDecimal.getScale() <= tableDecimal.getScale()
					&& batchDecimal.getPrecision() - batchDecimal.getScale() <= tableDecimal
							.getPrecision() - tableDecimal.getScale();
			if (exact) {
				return null;
			}
			throw narrowing(table, name, current, field, batchType, "DECIMAL columns are only widened to more "
					+ "precision with the same scale (scale " + tableDecimal.getScale() + ")");
		}
		if (fits) {
			return null;
		}
		throw narrowing(table, name, current, field, batchType,
				"the only widenings are a wider integer, FLOAT to DOUBLE, and DECIMAL to more precision with the same "
						+ "scale");
	}

	/** Whether the converter takes the field into the column as it is. */
	private static boolean fits(String table, DataField column, Field field,
			@Nullable DictionaryProvider dictionaries) {
		try {
			new ArrowBatchConverter(table, RowType.of(column.newName(field.getName())))
				.validateSchema(new Schema(List.of(field)), dictionaries);
			return true;
		}
		catch (ArrowDataException ex) {
			return false;
		}
	}

	private static String sql(DataType type) {
		return type.copy(true).asSQLString();
	}

	private static ArrowDataException refused(String table, String column, @Nullable DataType current, Field field,
			String reason, SchemaEvolutionPolicy policy, SchemaEvolutionPolicy needed, String property) {
		String expected = (current != null) ? sql(current) : null;
		String what = (current != null) ? "widen column '" + column + "' (" + expected + ")" : "add column '" + column
				+ "'";
		return new ArrowDataException(table, column, expected, ArrowTypes.describe(field.getType()), -1,
				"Arrow schema does not match table '" + table + "': column '" + column + "' of the batch ("
						+ ArrowTypes.describe(field.getType()) + ") needs a schema change because " + reason
						+ ", and the schema evolution policy is '" + policy + "'. To " + what + " on write, set "
						+ property + "=" + needed + " (over the admin API: the schemaEvolution=" + needed
						+ " query parameter, allowed by paimon.admin.allow-schema-evolution=true); nothing was "
						+ "written");
	}

	private static ArrowDataException narrowing(String table, String column, DataType current, Field field,
			DataType batchType, String rule) {
		return new ArrowDataException(table, column, sql(current), ArrowTypes.describe(field.getType()),
				-1, "Arrow schema does not match table '" + table + "': column '" + column + "' is "
						+ sql(current) + " in the table but " + sql(batchType)
						+ " in the batch; schema evolution never narrows or changes a column type (" + rule
						+ "); send values of type " + sql(current) + "; nothing was written");
	}

}
