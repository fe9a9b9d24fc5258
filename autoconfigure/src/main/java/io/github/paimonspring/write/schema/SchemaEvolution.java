package io.github.paimonspring.write.schema;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

import io.github.paimonspring.PaimonWriteException;
import io.github.paimonspring.UnsupportedTableException;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import io.github.paimonspring.catalog.TableDefinition;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.write.SchemaChangeListener;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Schema evolution on write: before a batch is written, its Arrow schema is compared with the table's
 * row type by column name, and the changes the table's {@link SchemaEvolutionPolicy} allows are
 * applied through the catalog ({@code Catalog.alterTable}): new columns are added, nullable, after the
 * last column; under {@code add-columns-and-widen} a column is widened to the batch's type when that is
 * a safe widening. Nothing is ever dropped, renamed or narrowed, and a batch that needs a change the
 * policy does not allow is refused with an {@link ArrowDataException} naming the table, the column and
 * the property to change, before anything is written.
 * <p>
 * Concurrent writers that add the same column both succeed with one schema change: the second one's
 * change fails (the column exists), the table is reloaded and checked again. Writers opened on the old
 * schema keep writing it; a caller re-resolves the table after a change. The table's row-kind column
 * ({@link PaimonTables#rowKindColumn}) is never added. Thread-safe; changes of one table are serialized
 * within the instance.
 *
 * @since 0.1.0
 */
public class SchemaEvolution {

	/** The property of the default policy. */
	public static final String PROPERTY = "paimon.write.schema-evolution";

	private static final int ATTEMPTS = 5;

	private static final Logger logger = LoggerFactory.getLogger(SchemaEvolution.class);

	private final PaimonTables tables;

	private final SchemaEvolutionPolicy defaultPolicy;

	private final SchemaChangeListener listener;

	private final Map<String, ReentrantLock> locks = new ConcurrentHashMap<>();

	/**
	 * Creates the service; configured tables use their own policy when they set one.
	 * @param tables the tables to resolve and alter
	 * @param defaultPolicy the policy of tables without their own
	 * @param listener told about every applied change
	 */
	public SchemaEvolution(PaimonTables tables, SchemaEvolutionPolicy defaultPolicy, SchemaChangeListener listener) {
		this.tables = tables;
		this.defaultPolicy = defaultPolicy;
		this.listener = listener;
	}

	/**
	 * Returns the policy of a table: its {@code paimon.tables.<name>.schema-evolution} when it is a
	 * configured table that sets one, otherwise the default.
	 * @param table a configured table name or {@code database.table}
	 * @return the policy
	 */
	public SchemaEvolutionPolicy policy(String table) {
		TableDefinition definition = definition(table);
		return (definition != null && definition.schemaEvolution() != null) ? definition.schemaEvolution()
				: this.defaultPolicy;
	}

	/**
	 * Makes a table take batches of an Arrow schema: applies the changes the policy allows, or refuses.
	 * @param table a configured table name or {@code database.table}
	 * @param schema the batches' Arrow schema
	 * @param dictionaries the dictionaries of dictionary-encoded fields, or {@code null}
	 * @param override the policy of this write instead of the table's, or {@code null}
	 * @return the changes the schema needed when this call started (applied by this call or, at the same
	 * time, by another writer); empty when the table took the schema as it was. When not empty, resolve
	 * the table again to write on the new schema
	 * @throws ArrowDataException if the batch needs a change the policy does not allow (nothing changed)
	 * @throws PaimonWriteException if the catalog refuses the change
	 */
	public List<SchemaChange> evolve(String table, Schema schema, @Nullable DictionaryProvider dictionaries,
			@Nullable SchemaEvolutionPolicy override) {
		SchemaEvolutionPolicy policy = (override != null) ? override : policy(table);
		Identifier identifier = this.tables.identifier(table);
		String name = identifier.getFullName();
		String property = property(table);
		String rowKindColumn = this.tables.rowKindColumn(table);
		List<SchemaChange> needed = SchemaEvolutionPlan.plan(name, load(table, name), schema, dictionaries, policy,
				property, rowKindColumn);
		if (needed.isEmpty()) {
			return List.of();
		}
		ReentrantLock lock = this.locks.computeIfAbsent(name, (key) -> new ReentrantLock());
		lock.lock();
		try {
			RuntimeException failure = null;
			for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
				this.tables.catalog().invalidateTable(identifier);
				FileStoreTable current = load(table, name);
				List<SchemaChange> changes = SchemaEvolutionPlan.plan(name, current, schema, dictionaries, policy,
						property, rowKindColumn);
				if (changes.isEmpty()) {
					// another writer made the change
					return needed;
				}
				long schemaId = current.schema().id();
				try {
					this.tables.catalog().alterTable(identifier, changes, false);
					logger.info("Schema of table '{}' changed on write (policy {}): {}", name, policy, changes);
					for (SchemaChange change : changes) {
						notify(name, change);
					}
					return needed;
				}
				catch (Catalog.ColumnAlreadyExistException ex) {
					// added by a concurrent writer: reload and check again
					String refused = "Cannot change the schema of table '" + name + "' on write (" + changes + "): ";
					failure = new PaimonWriteException(name, refused + ex.getMessage(), ex);
				}
				catch (Catalog.TableNotExistException ex) {
					throw new TableNotFoundException(name, "Table '" + name + "' does not exist in the catalog");
				}
				catch (Catalog.ColumnNotExistException | RuntimeException ex) {
					this.tables.catalog().invalidateTable(identifier);
					if (load(table, name).schema().id() == schemaId) {
						// nobody else changed the schema: the catalog refuses this change
						throw new PaimonWriteException(name,
								"Cannot change the schema of table '" + name + "' on write ("
								+ changes + "): " + ex.getMessage(), ex);
					}
					String refused = "Cannot change the schema of table '" + name + "' on write (" + changes + "): ";
					failure = new PaimonWriteException(name, refused + ex.getMessage(), ex);
				}
			}
			throw new PaimonWriteException(name, "Cannot change the schema of table '" + name + "' on write: it kept "
					+ "changing concurrently for " + ATTEMPTS + " attempts; retry the write", failure);
		}
		finally {
			lock.unlock();
		}
	}

	/**
	 * Evolves a table for every distinct schema of some batches under the table's policy.
	 * @param table a configured table name or {@code database.table}
	 * @param batches the batches; {@code null} ones are skipped
	 * @param dictionaries the dictionaries of dictionary-encoded fields, or {@code null}
	 * @throws ArrowDataException if a schema needs a change the policy does not allow
	 */
	public void evolve(String table, @Nullable List<VectorSchemaRoot> batches,
			@Nullable DictionaryProvider dictionaries) {
		evolve(table, batches, dictionaries, null);
	}

	/**
	 * Evolves a table for every distinct schema of some batches under a policy.
	 * @param table a configured table name or {@code database.table}
	 * @param batches the batches; {@code null} ones are skipped
	 * @param dictionaries the dictionaries of dictionary-encoded fields, or {@code null}
	 * @param override the policy of this write instead of the table's, or {@code null}
	 * @throws ArrowDataException if a schema needs a change the policy does not allow
	 * @since 0.1.0
	 */
	public void evolve(String table, @Nullable List<VectorSchemaRoot> batches,
			@Nullable DictionaryProvider dictionaries, @Nullable SchemaEvolutionPolicy override) {
		if (batches == null) {
			return;
		}
		Schema last = null;
		for (VectorSchemaRoot batch : batches) {
			if (batch != null && !batch.getSchema().equals(last)) {
				last = batch.getSchema();
				evolve(table, last, dictionaries, override);
			}
		}
	}

	/**
	 * Evolves a table for the schema of an Arrow stream (read now) under the table's policy; a stream
	 * whose schema cannot be read is left to the writer to report.
	 * @param table a configured table name or {@code database.table}
	 * @param reader the stream, or {@code null}
	 * @throws ArrowDataException if the schema needs a change the policy does not allow
	 */
	public void evolve(String table, @Nullable ArrowReader reader) {
		if (reader == null) {
			return;
		}
		Schema schema;
		try {
			schema = reader.getVectorSchemaRoot().getSchema();
		}
		catch (IOException | RuntimeException ex) {
			return;
		}
		evolve(table, schema, reader, null);
	}

	private void notify(String table, SchemaChange change) {
		if (change instanceof SchemaChange.AddColumn add) {
			this.listener.changed(table, SchemaChangeListener.ADD_COLUMN, String.join(".", add.fieldNames()));
		}
		else if (change instanceof SchemaChange.UpdateColumnType update) {
			this.listener.changed(table, SchemaChangeListener.WIDEN_COLUMN, String.join(".", update.fieldNames()));
		}
	}

	private FileStoreTable load(String table, String name) {
		Table resolved = this.tables.getTable(table);
		if (!(resolved instanceof FileStoreTable fileStoreTable)) {
			throw new UnsupportedTableException(name, "Table '" + name + "' is a " + resolved.getClass().getSimpleName()
					+ "; only Paimon append and primary-key tables can be written");
		}
		return fileStoreTable;
	}

	/** The configured table of a name or of a {@code database.table} identifier, or {@code null}. */
	private @Nullable TableDefinition definition(String table) {
		if (table == null) {
			return null;
		}
		TableDefinition byName = this.tables.definitions().get(table);
		if (byName != null) {
			return byName;
		}
		for (TableDefinition definition : this.tables.definitions().values()) {
			if (table.equals(definition.identifier())) {
				return definition;
			}
		}
		return null;
	}

	/** The property that sets a table's policy, for messages. */
	private String property(String table) {
		TableDefinition definition = definition(table);
		if (definition == null) {
			return PROPERTY;
		}
		return "paimon.tables." + definition.name() + ".schema-evolution (or " + PROPERTY + ")";
	}

}
