package io.github.paimonspring.kafka.record;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import io.github.paimonspring.core.PaimonOperations;
import org.apache.paimon.table.Table;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowType;

/**
 * What a pipeline needs to know of its table to convert records: its columns (as of one schema), primary
 * key, row-kind column and schema evolution policy.
 *
 * @param table the table name the pipeline writes
 * @param identifier the table's {@code database.table}
 * @param rowType the columns
 * @param primaryKeys the primary-key columns (empty for an append table)
 * @param rowKindColumn the Arrow column that gives row kinds in batches written to the table
 * @param policy what writes may change in the schema
 * @param indexes column name → position in {@code rowType}
 */
public record TableShape(String table, String identifier, RowType rowType, List<String> primaryKeys,
		String rowKindColumn,
		SchemaEvolutionPolicy policy, Map<String, Integer> indexes) {

	/**
	 * Loads the table's current shape.
	 * @param paimon the operations
	 * @param table the table name
	 * @return the shape
	 */
	public static TableShape load(PaimonOperations paimon, String table) {
		Table loaded = paimon.tables().getTable(table);
		RowType rowType = loaded.rowType();
		Map<String, Integer> indexes = new HashMap<>();
		List<DataField> fields = rowType.getFields();
		for (int i = 0; i < fields.size(); i++) {
			indexes.put(fields.get(i).name(), i);
		}
		return new TableShape(table, paimon.tables().identifier(table).getFullName(), rowType, loaded.primaryKeys(),
				paimon.tables().rowKindColumn(table), paimon.schemaEvolution().policy(table), Map.copyOf(indexes));
	}

	/**
	 * Returns the position of a column.
	 * @param column the column name
	 * @return its position, or {@code -1}
	 */
	int index(String column) {
		Integer index = this.indexes.get(column);
		return (index != null) ? index : -1;
	}

}
