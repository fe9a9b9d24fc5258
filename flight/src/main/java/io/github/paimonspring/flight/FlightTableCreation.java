package io.github.paimonspring.flight;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.arrow.ArrowTypes;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.catalog.TableNotFoundException;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataType;

/**
 * Creates the table of a bulk ingest that asks for it: an append table (no primary key, no partitions, Paimon's
 * defaults) with one nullable column per Arrow field, of the type schema evolution would give a new column (the row
 * kind column is no column). Tables that need keys, partitions or options are created ahead, by the catalog's own
 * tools or {@code paimon.tables}.
 */
final class FlightTableCreation {

	private FlightTableCreation() {
	}

	/**
	 * Whether a table exists.
	 * @param tables the tables
	 * @param identifier {@code database.table}
	 * @return {@code true} if the catalog has it
	 */
	static boolean exists(PaimonTables tables, String identifier) {
		try {
			tables.getTable(identifier);
			return true;
		}
		catch (TableNotFoundException ex) {
			return false;
		}
	}

	/**
	 * Creates a table from Arrow fields.
	 * @param tables the tables
	 * @param identifier {@code database.table}
	 * @param fields the fields of the ingest's schema
	 * @return {@code false} if another call created it first
	 */
	static boolean create(PaimonTables tables, String identifier, List<Field> fields) {
		String rowKind = tables.rowKindColumn(identifier);
		Map<String, DataType> columns = new LinkedHashMap<>();
		for (Field field : fields) {
			if (!field.getName().equals(rowKind)) {
				columns.put(field.getName(), ArrowTypes.toPaimonType(identifier, field));
			}
		}
		return create(tables, identifier, columns);
	}

	/**
	 * Creates a table with columns of Paimon types.
	 * @param tables the tables
	 * @param identifier {@code database.table}
	 * @param columns the columns and their types, in order
	 * @return {@code false} if another call created it first
	 */
	static boolean create(PaimonTables tables, String identifier, Map<String, DataType> columns) {
		Identifier id = tables.identifier(identifier);
		if (columns.isEmpty()) {
			throw new PaimonArgumentException(identifier, "Cannot create table '" + identifier
					+ "' from an Arrow schema without columns");
		}
		Schema.Builder schema = Schema.newBuilder();
		columns.forEach(schema::column);
		try {
			tables.catalog().createTable(id, schema.build(), false);
			return true;
		}
		catch (Catalog.TableAlreadyExistException ex) {
			return false;
		}
		catch (Catalog.DatabaseNotExistException ex) {
			throw new TableNotFoundException(identifier, "Cannot create table '" + identifier + "': database '"
					+ id.getDatabaseName() + "' does not exist; create it in the catalog first");
		}
	}

}
