package io.github.paimonspring.flight;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import io.github.paimonspring.admin.access.AdminOperation;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.access.AdminScope;
import io.github.paimonspring.arrow.ArrowTypes;
import io.github.paimonspring.catalog.PaimonTables;
import org.apache.arrow.flight.FlightProducer;
import org.apache.arrow.flight.sql.FlightSqlProducer;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.Table;
import org.jspecify.annotations.Nullable;

/**
 * The catalog as Flight SQL tools browse it: one catalog ({@code paimon.flight.catalog-name}), Paimon's databases as
 * schemas, its tables (type {@code TABLE}) with their Arrow schemas, and their primary keys. Lists hold the tables
 * the principal may read ({@code read} on the table), and the databases that hold one.
 */
final class FlightCatalog {

	/** The one table type. */
	static final String TABLE_TYPE = "TABLE";

	private final PaimonTables tables;

	private final String catalogName;

	private final BufferAllocator allocator;

	FlightCatalog(PaimonTables tables, String catalogName, BufferAllocator allocator) {
		this.tables = tables;
		this.catalogName = catalogName;
		this.allocator = allocator;
	}

	void catalogs(FlightProducer.ServerStreamListener listener) {
		try (VectorSchemaRoot root = VectorSchemaRoot.create(FlightSqlProducer.Schemas.GET_CATALOGS_SCHEMA,
				this.allocator)) {
			VarCharVector names = (VarCharVector) root.getVector("catalog_name");
			names.setSafe(0, utf8(this.catalogName));
			root.setRowCount(1);
			send(root, listener);
		}
	}

	void tableTypes(FlightProducer.ServerStreamListener listener) {
		try (VectorSchemaRoot root = VectorSchemaRoot.create(FlightSqlProducer.Schemas.GET_TABLE_TYPES_SCHEMA,
				this.allocator)) {
			((VarCharVector) root.getVector("table_type")).setSafe(0, utf8(TABLE_TYPE));
			root.setRowCount(1);
			send(root, listener);
		}
	}

	void schemas(AdminPrincipal principal, FlightSql.CommandGetDbSchemas command,
			FlightProducer.ServerStreamListener listener) {
		List<String> databases = new ArrayList<>();
		if (catalogMatches(command.hasCatalog() ? command.getCatalog() : null)) {
			Pattern pattern = like(command.hasDbSchemaFilterPattern() ? command.getDbSchemaFilterPattern() : null);
			for (String database : this.tables.catalog().listDatabases()) {
				if (pattern.matcher(database).matches() && !readableTables(principal, database).isEmpty()) {
					databases.add(database);
				}
			}
		}
		try (VectorSchemaRoot root = VectorSchemaRoot.create(FlightSqlProducer.Schemas.GET_SCHEMAS_SCHEMA,
				this.allocator)) {
			VarCharVector catalogs = (VarCharVector) root.getVector("catalog_name");
			VarCharVector schemas = (VarCharVector) root.getVector("db_schema_name");
			for (int i = 0; i < databases.size(); i++) {
				catalogs.setSafe(i, utf8(this.catalogName));
				schemas.setSafe(i, utf8(databases.get(i)));
			}
			root.setRowCount(databases.size());
			send(root, listener);
		}
	}

	void tables(AdminPrincipal principal, FlightSql.CommandGetTables command,
			FlightProducer.ServerStreamListener listener) {
		List<Identifier> found = new ArrayList<>();
		boolean typeMatches = command.getTableTypesCount() == 0 || command.getTableTypesList().stream()
			.anyMatch((type) -> TABLE_TYPE.equalsIgnoreCase(type));
		if (typeMatches && catalogMatches(command.hasCatalog() ? command.getCatalog() : null)) {
			Pattern databases = like(command.hasDbSchemaFilterPattern() ? command.getDbSchemaFilterPattern() : null);
			Pattern names = like(command.hasTableNameFilterPattern() ? command.getTableNameFilterPattern() : null);
			for (String database : this.tables.catalog().listDatabases()) {
				if (databases.matcher(database).matches()) {
					for (String table : readableTables(principal, database)) {
						if (names.matcher(table).matches()) {
							found.add(Identifier.create(database, table));
						}
					}
				}
			}
		}
		Schema schema = command.getIncludeSchema() ? FlightSqlProducer.Schemas.GET_TABLES_SCHEMA
				: FlightSqlProducer.Schemas.GET_TABLES_SCHEMA_NO_SCHEMA;
		try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, this.allocator)) {
			VarCharVector catalogs = (VarCharVector) root.getVector("catalog_name");
			VarCharVector schemas = (VarCharVector) root.getVector("db_schema_name");
			VarCharVector tableNames = (VarCharVector) root.getVector("table_name");
			VarCharVector types = (VarCharVector) root.getVector("table_type");
			VarBinaryVector arrowSchemas = command.getIncludeSchema() ? (VarBinaryVector) root.getVector("table_schema")
					: null;
			int row = 0;
			for (Identifier identifier : found) {
				byte[] arrowSchema = null;
				if (arrowSchemas != null) {
					Table table = table(identifier);
					if (table == null) {
						continue; // dropped meanwhile
					}
					arrowSchema = ArrowTypes.toArrowSchema(table.rowType()).serializeAsMessage();
				}
				catalogs.setSafe(row, utf8(this.catalogName));
				schemas.setSafe(row, utf8(identifier.getDatabaseName()));
				tableNames.setSafe(row, utf8(identifier.getObjectName()));
				types.setSafe(row, utf8(TABLE_TYPE));
				if (arrowSchemas != null && arrowSchema != null) {
					arrowSchemas.setSafe(row, arrowSchema);
				}
				row++;
			}
			root.setRowCount(row);
			send(root, listener);
		}
	}

	void primaryKeys(AdminPrincipal principal, FlightSql.CommandGetPrimaryKeys command, FlightAccess access,
			String identifier, FlightProducer.ServerStreamListener listener) {
		access.require(principal, AdminOperation.DESCRIBE_TABLE, AdminScope.READ, identifier, null, null);
		List<String> keys = catalogMatches(command.hasCatalog() ? command.getCatalog() : null)
				? this.tables.getTable(identifier).primaryKeys() : List.of();
		Identifier id = this.tables.identifier(identifier);
		try (VectorSchemaRoot root = VectorSchemaRoot.create(FlightSqlProducer.Schemas.GET_PRIMARY_KEYS_SCHEMA,
				this.allocator)) {
			VarCharVector catalogs = (VarCharVector) root.getVector("catalog_name");
			VarCharVector schemas = (VarCharVector) root.getVector("db_schema_name");
			VarCharVector tableNames = (VarCharVector) root.getVector("table_name");
			VarCharVector columns = (VarCharVector) root.getVector("column_name");
			IntVector sequence = (IntVector) root.getVector("key_sequence");
			VarCharVector keyNames = (VarCharVector) root.getVector("key_name");
			for (int i = 0; i < keys.size(); i++) {
				catalogs.setSafe(i, utf8(this.catalogName));
				schemas.setSafe(i, utf8(id.getDatabaseName()));
				tableNames.setSafe(i, utf8(id.getObjectName()));
				columns.setSafe(i, utf8(keys.get(i)));
				sequence.setSafe(i, i + 1);
				keyNames.setNull(i);
			}
			root.setRowCount(keys.size());
			send(root, listener);
		}
	}

	private List<String> readableTables(AdminPrincipal principal, String database) {
		try {
			return this.tables.catalog().listTables(database).stream()
				.filter((table) -> principal.allows(AdminScope.READ, database + "." + table))
				.sorted()
				.toList();
		}
		catch (Catalog.DatabaseNotExistException ex) {
			return List.of(); // dropped meanwhile
		}
	}

	private @Nullable Table table(Identifier identifier) {
		try {
			return this.tables.catalog().getTable(identifier);
		}
		catch (Catalog.TableNotExistException ex) {
			return null;
		}
	}

	String catalogName() {
		return this.catalogName;
	}

	boolean catalogMatches(@Nullable String catalog) {
		return catalog == null || catalog.isEmpty() || catalog.equals(this.catalogName);
	}

	/**
	 * A SQL {@code LIKE} pattern ({@code %} any characters, {@code _} one, {@code \} escapes) as a regular
	 * expression; no pattern matches everything.
	 */
	static Pattern like(@Nullable String pattern) {
		if (pattern == null) {
			return Pattern.compile(".*", Pattern.DOTALL);
		}
		StringBuilder regex = new StringBuilder();
		for (int i = 0; i < pattern.length(); i++) {
			char c = pattern.charAt(i);
			if (c == '\\' && i + 1 < pattern.length()) {
				regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
			}
			else if (c == '%') {
				regex.append(".*");
			}
			else if (c == '_') {
				regex.append('.');
			}
			else {
				regex.append(Pattern.quote(String.valueOf(c)));
			}
		}
		return Pattern.compile(regex.toString(), Pattern.DOTALL);
	}

	private static byte[] utf8(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	private static void send(VectorSchemaRoot root, FlightProducer.ServerStreamListener listener) {
		listener.start(root);
		listener.putNext();
		listener.completed();
	}

}
