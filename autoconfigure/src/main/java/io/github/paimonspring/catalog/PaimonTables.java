package io.github.paimonspring.catalog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.paimon.CoreOptions;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.jspecify.annotations.Nullable;

/**
 * The tables an application writes: those configured under {@code paimon.tables} (by bean name) and
 * any other table of the catalog (by {@code database.table}). With a writer id, every data and
 * changelog file written through a table from here is named with the id after the table's prefix
 * ({@code data-<writerId>-…}), so that the files of one process can be told from those of another.
 * Thread-safe.
 *
 * @since 0.1.0
 */
public class PaimonTables {

	private final Catalog catalog;

	private final Map<String, TableDefinition> definitions;

	private final Map<String, Boolean> provisioned = new ConcurrentHashMap<>();

	private final @Nullable String writerId;

	private final CommitFence fence;

	private final String rowKindColumn;

	/**
	 * Creates the registry.
	 * @param catalog the catalog holding the tables
	 * @param definitions the configured tables by name
	 */
	public PaimonTables(Catalog catalog, Map<String, TableDefinition> definitions) {
		this(builder(catalog).definitions(definitions));
	}

	/**
	 * Creates the registry of a builder.
	 * @param builder the settings
	 */
	private PaimonTables(Builder builder) {
		this.catalog = builder.catalog;
		this.definitions = Collections.unmodifiableMap(new LinkedHashMap<>(builder.definitions));
		this.writerId = builder.writerId;
		this.fence = builder.fence;
		this.rowKindColumn = builder.rowKindColumn;
	}

	/**
	 * Starts building a registry over a catalog: without configured tables, writer id or fence, with the row-kind
	 * column {@code _row_kind}, until the builder says otherwise.
	 * @param catalog the catalog holding the tables
	 * @return the builder
	 * @since 0.1.0
	 */
	public static Builder builder(Catalog catalog) {
		return new Builder(catalog);
	}

	/**
	 * Returns the name of the Arrow column that gives each row's kind in batches written to a table.
	 * @param nameOrIdentifier a key of {@code paimon.tables} or {@code database.table}
	 * @return the configured table's own name, else the default ({@code _row_kind})
	 */
	public String rowKindColumn(String nameOrIdentifier) {
		TableDefinition definition = this.definitions.get(nameOrIdentifier);
		if (definition == null) {
			for (TableDefinition candidate : this.definitions.values()) {
				if (nameOrIdentifier.equals(candidate.identifier())) {
					definition = candidate;
					break;
				}
			}
		}
		return (definition != null && definition.rowKindColumn() != null) ? definition.rowKindColumn()
				: this.rowKindColumn;
	}

	/**
	 * Returns the fence every commit through these tables asks first.
	 * @return the fence
	 */
	public CommitFence fence() {
		return this.fence;
	}

	/**
	 * Returns the prefix of the data files a writer writes into a table with the given prefix.
	 * @param tablePrefix the table's {@code data-file.prefix} (or {@code changelog-file.prefix})
	 * @param writerId the writer id
	 * @return {@code tablePrefix + writerId + "-"}
	 */
	public static String filePrefix(String tablePrefix, String writerId) {
		return tablePrefix + writerId + "-";
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
			return named(table);
		}
		Identifier identifier = identifier(nameOrIdentifier);
		try {
			return named(this.catalog.getTable(identifier));
		}
		catch (Catalog.TableNotExistException ex) {
			throw new TableNotFoundException(identifier.getFullName(),
					"Table '" + identifier.getFullName() + "' does not exist in the catalog");
		}
	}

	private Table named(Table table) {
		if (this.writerId == null || !(table instanceof FileStoreTable fileStoreTable)) {
			return table;
		}
		CoreOptions options = fileStoreTable.coreOptions();
		return fileStoreTable.copy(Map.of(CoreOptions.DATA_FILE_PREFIX.key(), filePrefix(options.dataFilePrefix(),
				this.writerId),
				CoreOptions.CHANGELOG_FILE_PREFIX.key(), filePrefix(options.changelogFilePrefix(), this.writerId)));
	}


	/**
	 * Builds a {@link PaimonTables}: {@code PaimonTables.builder(catalog).definitions(tables).build()}. Every
	 * setting but the catalog has a default (see {@link PaimonTables#builder}).
	 *
	 * @since 0.1.0
	 */
	public static final class Builder {

		private final Catalog catalog;

		private Map<String, TableDefinition> definitions = Map.of();

		private @Nullable String writerId;

		private CommitFence fence = CommitFence.NONE;

		private String rowKindColumn = "_row_kind";

		private Builder(Catalog catalog) {
			this.catalog = catalog;
		}

		/**
		 * The configured tables.
		 * @param definitions the tables by name ({@code paimon.tables} keys)
		 * @return this builder
		 */
		public Builder definitions(Map<String, TableDefinition> definitions) {
			this.definitions = definitions;
			return this;
		}

		/**
		 * The id put into the names of the data files written through these tables, so that those of a dead
		 * writer can be told apart.
		 * @param writerId lower-case letters and digits, or {@code null} for none
		 * @return this builder
		 * @throws IllegalArgumentException if it has other characters
		 */
		public Builder writerId(@Nullable String writerId) {
			if (writerId != null && !writerId.matches("[a-z0-9]+")) {
				throw new IllegalArgumentException("A writer id must be lower-case letters and digits, got '"
						+ writerId + "'");
			}
			this.writerId = writerId;
			return this;
		}

		/**
		 * The fence every commit through these tables asks first.
		 * @param fence the fence; the default {@link CommitFence#NONE} never refuses
		 * @return this builder
		 */
		public Builder fence(CommitFence fence) {
			this.fence = fence;
			return this;
		}

		/**
		 * The name of the row-kind column of the tables that do not configure their own.
		 * @param rowKindColumn the column name; the default is {@code _row_kind}
		 * @return this builder
		 * @throws IllegalArgumentException if it is empty
		 */
		public Builder rowKindColumn(String rowKindColumn) {
			if (rowKindColumn == null || rowKindColumn.isBlank()) {
				throw new IllegalArgumentException("The row-kind column name must not be empty");
			}
			this.rowKindColumn = rowKindColumn;
			return this;
		}

		/**
		 * Builds the registry.
		 * @return a new registry
		 */
		public PaimonTables build() {
			return new PaimonTables(this);
		}

	}

}
