package io.github.paimonspring.catalog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.Table;

/**
 * The tables an application writes: those configured under {@code paimon.tables} (by bean name) and
 * any other table of the catalog (by {@code database.table}). Thread-safe.
 */
public class PaimonTables {

	private final Catalog catalog;

	private final Map<String, TableDefinition> definitions;

	private final Map<String, Boolean> provisioned = new ConcurrentHashMap<>();

	/**
	 * Creates the registry.
	 * @param catalog the catalog holding the tables
	 * @param definitions the configured tables by name
	 */
	public PaimonTables(Catalog catalog, Map<String, TableDefinition> definitions) {
		this.catalog = catalog;
		this.definitions = Collections.unmodifiableMap(new LinkedHashMap<>(definitions));
	}

	/**
	 * Returns the catalog.
	 * @return the catalog
	 */
	public Catalog catalog() {
		return this.catalog;
	}

	/**
	 * Returns the configured tables.
	 * @return the definitions by name, in configuration order
	 */
	public Map<String, TableDefinition> definitions() {
		return this.definitions;
	}

	/**
	 * Resolves a configured table name or a {@code database.table} identifier.
	 * @param nameOrIdentifier a key of {@code paimon.tables} or {@code database.table}
	 * @return the identifier
	 * @throws TableNotFoundException if it is neither
	 */
	public Identifier identifier(String nameOrIdentifier) {
		if (nameOrIdentifier == null || nameOrIdentifier.isBlank()) {
			throw new TableNotFoundException(nameOrIdentifier, "table name must not be empty");
		}
		TableDefinition definition = this.definitions.get(nameOrIdentifier);
		if (definition != null) {
			return TableProvisioner.identifier(definition);
		}
		String[] parts = nameOrIdentifier.split("\\.", -1);
		if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
			throw new TableNotFoundException(nameOrIdentifier, "Unknown table '" + nameOrIdentifier
					+ "': not a configured paimon.tables name " + this.definitions.keySet()
					+ " and not a 'database.table' identifier");
		}
		return Identifier.create(parts[0], parts[1]);
	}

	/**
	 * Loads a table, creating or checking a configured one the first time it is requested.
	 * @param nameOrIdentifier a key of {@code paimon.tables} or {@code database.table}
	 * @return the table
	 * @throws TableNotFoundException if the table does not exist
	 * @throws TableDefinitionException if a configured table cannot be created or differs from its
	 * configured schema
	 */
	public Table getTable(String nameOrIdentifier) {
		TableDefinition definition = (nameOrIdentifier != null) ? this.definitions.get(nameOrIdentifier) : null;
		if (definition != null && !this.provisioned.containsKey(nameOrIdentifier)) {
			Table table = TableProvisioner.provision(this.catalog, definition);
			this.provisioned.put(nameOrIdentifier, Boolean.TRUE);
			return table;
		}
		Identifier identifier = identifier(nameOrIdentifier);
		try {
			return this.catalog.getTable(identifier);
		}
		catch (Catalog.TableNotExistException ex) {
			throw new TableNotFoundException(identifier.getFullName(),
					"Table '" + identifier.getFullName() + "' does not exist in the catalog");
		}
	}

}
