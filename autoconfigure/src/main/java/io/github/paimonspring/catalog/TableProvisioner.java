package io.github.paimonspring.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.Table;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes a declared table available: creates it when it is missing and allowed to be created, and
 * checks an existing table against the declared schema.
 */
final class TableProvisioner {

	private static final Logger logger = LoggerFactory.getLogger(TableProvisioner.class);

	private TableProvisioner() {
	}

	static Identifier identifier(TableDefinition definition) {
		String value = definition.identifier();
		String property = "paimon.tables." + definition.name() + ".identifier";
		if (value == null || value.isBlank()) {
			throw new TableDefinitionException(definition.name(), property + " must be set to 'database.table'", null);
		}
		String[] parts = value.split("\\.", -1);
		if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
			throw new TableDefinitionException(definition.name(),
					property + " must be 'database.table', got '" + value + "'", null);
		}
		return Identifier.create(parts[0], parts[1]);
	}

	static Table provision(Catalog catalog, TableDefinition definition) {
		Identifier identifier = identifier(definition);
		String table = identifier.getFullName();
		Schema declared = definition.hasSchema() ? schema(definition, table) : null;
		try {
			Table existing = catalog.getTable(identifier);
			if (declared != null) {
				compare(definition, table, declared, existing);
			}
			return existing;
		}
		catch (Catalog.TableNotExistException ex) {
			// create below
		}
		String prefix = "paimon.tables." + definition.name();
		if (!definition.createIfMissing()) {
			throw new TableNotFoundException(table, "Table '" + table + "' (" + prefix
					+ ") does not exist; create it, or set " + prefix + ".create-if-missing=true with a schema");
		}
		if (declared == null) {
			throw new TableDefinitionException(table, "Table '" + table + "' (" + prefix
					+ ") does not exist and cannot be created without columns; set " + prefix + ".schema.columns",
							null);
		}
		try {
			createDatabase(catalog, identifier.getDatabaseName());
			catalog.createTable(identifier, declared, true);
			logger.info("Created Paimon table '{}' ({})", table, prefix);
		}
		catch (Exception ex) {
			// another instance may be creating the same table right now (a shared JDBC catalog refuses the
			// second creator): its table is as good as ours if the schema matches
			Table created = awaitCreatedElsewhere(catalog, identifier);
			if (created == null) {
				throw new TableDefinitionException(table,
						"Cannot create table '" + table + "' (" + prefix + "): " + ex.getMessage(), ex);
			}
			logger.info("Table '{}' ({}) was created by another instance at the same time", table, prefix);
			compare(definition, table, declared, created);
			return created;
		}
		try {
			Table created = catalog.getTable(identifier);
			compare(definition, table, declared, created);
			return created;
		}
		catch (Catalog.TableNotExistException ex) {
			throw new TableDefinitionException(table, "Table '" + table + "' (" + prefix
					+ ") was created but cannot be read back: " + ex.getMessage(), ex);
		}
	}

	private static void createDatabase(Catalog catalog, String database) throws Exception {
		try {
			catalog.createDatabase(database, true);
		}
		catch (Exception ex) {
			// created by another instance at the same time (a duplicate key in the JDBC catalog)
			try {
				catalog.getDatabase(database);
			}
			catch (Catalog.DatabaseNotExistException missing) {
				throw ex;
			}
		}
	}

	/** Reads a table another instance is creating, for up to 10 s; {@code null} when it never appears. */
	private static @Nullable Table awaitCreatedElsewhere(Catalog catalog, Identifier identifier) {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		long pause = 20;
		while (true) {
			try {
				return catalog.getTable(identifier);
			}
			catch (Catalog.TableNotExistException ex) {
				if (System.nanoTime() > deadline) {
					return null;
				}
			}
			catch (RuntimeException ex) {
				// the schema is being written: read again
				if (System.nanoTime() > deadline) {
					return null;
				}
			}
			try {
				Thread.sleep(pause);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return null;
			}
			pause = Math.min(500, pause * 2);
		}
	}

	private static Schema schema(TableDefinition definition, String table) {
		Schema.Builder builder = Schema.newBuilder();
		List<TableDefinition.Column> columns = definition.columns();
		for (int i = 0; i < columns.size(); i++) {
			TableDefinition.Column column = columns.get(i);
			String property = "paimon.tables." + definition.name() + ".schema.columns[" + i + "]";
			if (column.name() == null || column.name().isBlank()) {
				throw new TableDefinitionException(table, property + ".name must be set", null);
			}
			DataType type;
			try {
				type = PaimonTypeParser.parse(column.type());
			}
			catch (IllegalArgumentException ex) {
				throw new TableDefinitionException(table,
						"Table '" + table + "' field '" + column.name() + "' (" + property
								+ ".type): " + ex.getMessage(), ex);
			}
			builder.column(column.name(), type, column.comment());
		}
		if (!definition.primaryKey().isEmpty()) {
			builder.primaryKey(definition.primaryKey());
		}
		if (!definition.partitionKeys().isEmpty()) {
			builder.partitionKeys(definition.partitionKeys());
		}
		builder.options(definition.options());
		if (definition.comment() != null) {
			builder.comment(definition.comment());
		}
		try {
			return builder.build();
		}
		catch (RuntimeException ex) {
			throw new TableDefinitionException(table, "Table '" + table + "' (paimon.tables." + definition.name()
					+ ") has an invalid schema: " + ex.getMessage(), ex);
		}
	}

	private static void compare(TableDefinition definition, String table, Schema declared, Table existing) {
		String prefix = "Table '" + table + "' (paimon.tables." + definition.name()
				+ ") differs from its configured schema: ";
		RowType actual = existing.rowType();
		SchemaEvolutionPolicy evolution = (definition.schemaEvolution() != null) ? definition.schemaEvolution()
				: SchemaEvolutionPolicy.NONE;
		List<String> problems = new ArrayList<>();
		List<String> declaredNames = declared.fields().stream().map(DataField::name).toList();
		for (DataField field : declared.fields()) {
			int index = actual.getFieldIndex(field.name());
			if (index < 0) {
				problems.add("field '" + field.name() + "' is configured but missing in the table");
				continue;
			}
			DataType expected = field.type();
			if (declared.primaryKeys().contains(field.name())) {
				expected = expected.copy(false);
			}
			DataType found = actual.getTypeAt(index);
			boolean widened = evolution.widensColumns() && found.isNullable() == expected.isNullable()
					&& SchemaEvolutionPolicy.widens(expected, found);
			if (!found.equals(expected) && !widened) {
				problems.add("field '" + field.name() + "' is " + found.asSQLString() + " in the table but "
						+ expected.asSQLString() + " in the configuration");
			}
		}
		for (DataField field : actual.getFields()) {
			// columns added by schema evolution on write are expected when the policy adds columns
			if (!declaredNames.contains(field.name()) && !evolution.addsColumns()) {
				problems.add("field '" + field.name() + "' exists in the table but is not configured");
			}
		}
		if (!existing.primaryKeys().equals(declared.primaryKeys())) {
			problems.add("primary key is " + existing.primaryKeys() + " in the table but " + declared.primaryKeys()
					+ " in the configuration");
		}
		if (!existing.partitionKeys().equals(declared.partitionKeys())) {
			problems.add("partition keys are " + existing.partitionKeys() + " in the table but "
					+ declared.partitionKeys() + " in the configuration");
		}
		if (!problems.isEmpty()) {
			throw new TableMismatchException(table, prefix + String.join("; ", problems));
		}
	}

}
