package io.github.paimonspring.catalog;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * A table declared under {@code paimon.tables.<name>}: where it lives and, optionally, the schema to
 * create it with and check it against.
 *
 * @param name the bean name ({@code <name>})
 * @param identifier the table identifier, {@code database.table}, or {@code null} when not configured
 * @param createIfMissing whether to create the table (and its database) when it does not exist
 * @param columns the columns in order; empty when no schema is declared
 * @param primaryKey the primary key columns; empty for an append table
 * @param partitionKeys the partition columns
 * @param options table options such as {@code bucket}
 * @param comment the table comment, or {@code null}
 * @param schemaEvolution what writes may change in the table's schema ({@code paimon.tables.<name>.schema-evolution}),
 * or {@code null} for the writer's default; with an evolving policy, an existing table may have more
 * columns than declared and (when widening) wider types
 * @param rowKindColumn the name of the row-kind column of batches written to the table, or {@code null}
 * for the default
 * @since 0.1.0
 */
public record TableDefinition(String name, @Nullable String identifier, boolean createIfMissing, List<Column> columns,
		List<String> primaryKey, List<String> partitionKeys, Map<String, String> options, @Nullable String comment,
		@Nullable SchemaEvolutionPolicy schemaEvolution, @Nullable String rowKindColumn) {

	/**
	 * Creates a definition without its own schema evolution policy or row-kind column.
	 * @param name the bean name
	 * @param identifier the table identifier, or {@code null}
	 * @param createIfMissing whether to create the table when it does not exist
	 * @param columns the columns in order
	 * @param primaryKey the primary key columns
	 * @param partitionKeys the partition columns
	 * @param options table options
	 * @param comment the table comment, or {@code null}
	 */
	public TableDefinition(String name, @Nullable String identifier, boolean createIfMissing, List<Column> columns,
			List<String> primaryKey, List<String> partitionKeys, Map<String, String> options,
					@Nullable String comment) {
		this(name, identifier, createIfMissing, columns, primaryKey, partitionKeys, options, comment, null, null);
	}

	/**
	 * Creates a definition, copying the collections.
	 */
	public TableDefinition {
		columns = (columns != null) ? List.copyOf(columns) : List.of();
		primaryKey = (primaryKey != null) ? List.copyOf(primaryKey) : List.of();
		partitionKeys = (partitionKeys != null) ? List.copyOf(partitionKeys) : List.of();
		options = (options != null) ? Map.copyOf(options) : Map.of();
	}

	/**
	 * Returns whether a schema is declared.
	 * @return {@code true} when columns are declared
	 */
	public boolean hasSchema() {
		return !this.columns.isEmpty();
	}

	/**
	 * One declared column.
	 *
	 * @param name the column name, or {@code null} when not configured
	 * @param type the Paimon type string, for example {@code DECIMAL(10, 2) NOT NULL}, or {@code null} when
	 * not configured
	 * @param comment the column comment, or {@code null}
	 */
	public record Column(@Nullable String name, @Nullable String type, @Nullable String comment) {
	}

}
