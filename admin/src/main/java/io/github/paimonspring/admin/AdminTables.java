package io.github.paimonspring.admin;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.admin.model.AdminArguments;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.arrow.ArrowTypes;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.catalog.TableDefinition;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.CommitUsers;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.types.DataField;
import org.jspecify.annotations.Nullable;

/**
 * The admin API's table metadata and truncation, and the name check every admin operation on a
 * table goes through: database and table names must be plain names, Paimon's system database is
 * never served, and the table must exist.
 */
public class AdminTables {

	private static final String NAME_PATTERN = "[A-Za-z0-9_][A-Za-z0-9_-]{0,127}";

	/** Paimon's system database, never served. */
	private static final String SYSTEM_DATABASE = Catalog.SYSTEM_DATABASE_NAME;

	private final PaimonOperations writer;

	/**
	 * Creates the service.
	 * @param writer the writer whose catalog is served
	 */
	public AdminTables(PaimonOperations writer) {
		this.writer = writer;
	}

	/**
	 * Lists the tables of every database of the catalog but the system database.
	 * @return the tables
	 */
	public List<AdminModel.TableSummary> tables() {
		Catalog catalog = this.writer.tables().catalog();
		List<AdminModel.TableSummary> result = new ArrayList<>();
		for (String database : catalog.listDatabases()) {
			if (database.equalsIgnoreCase(SYSTEM_DATABASE)) {
				continue;
			}
			List<String> names;
			try {
				names = catalog.listTables(database);
			}
			catch (Catalog.DatabaseNotExistException ex) {
				continue;
			}
			for (String name : names) {
				Identifier identifier = Identifier.create(database, name);
				try {
					Table table = catalog.getTable(identifier);
					result.add(new AdminModel.TableSummary(beanName(identifier), identifier.getFullName(),
							table.primaryKeys(), table.partitionKeys(), bucket(table), latestSnapshot(table)));
				}
				catch (Catalog.TableNotExistException ex) {
					// dropped meanwhile
				}
			}
		}
		return result;
	}

	/**
	 * Describes one table with Paimon and Arrow types.
	 * @param database the database
	 * @param table the table
	 * @return the description
	 */
	public AdminModel.TableDetails table(String database, String table) {
		String identifier = identifier(database, table);
		Table resolved = this.writer.tables().getTable(identifier);
		List<AdminModel.FieldInfo> fields = new ArrayList<>();
		for (DataField field : resolved.rowType().getFields()) {
			fields.add(new AdminModel.FieldInfo(field.name(), field.type().asSQLString(),
					ArrowTypes.describe(ArrowTypes.toArrowField(field.name(), field.type()).getType()),
					field.type().isNullable()));
		}
		// the stored options, not those of this instance's writable copy (its file prefix)
		Map<String, String> options = new TreeMap<>(resolved.options());
		options.keySet().removeIf((key) -> key.equals("data-file.prefix") || key.equals("changelog-file.prefix"));
		try {
			options.putAll(this.writer.tables().catalog().getTable(Identifier.fromString(identifier)).options());
		}
		catch (Catalog.TableNotExistException ex) {
			// dropped meanwhile: the copy's options without the prefixes
		}
		boolean kinds = !resolved.primaryKeys().isEmpty() && !resolved.options().containsKey("rowkind.field");
		return new AdminModel.TableDetails(beanName(Identifier.fromString(identifier)), identifier, fields,
				resolved.primaryKeys(), resolved.partitionKeys(), bucket(resolved), options, latestSnapshot(resolved),
				kinds ? this.writer.tables().rowKindColumn(identifier) : null,
				this.writer.schemaEvolution().policy(identifier).value(),
				(resolved instanceof FileStoreTable fileStoreTable) ? fileStoreTable.schema().id() : 0);
	}

	/**
	 * Truncates a table or some of its partitions.
	 * @param database the database
	 * @param table the table
	 * @param request identifier, commit user and partitions (all optional)
	 * @return the outcome
	 */
	public AdminModel.TruncateResponse truncate(String database, String table,
			AdminModel.@Nullable TruncateRequest request) {
		String identifier = identifier(database, table);
		AdminModel.TruncateRequest body = (request != null) ? request : new AdminModel.TruncateRequest(null, null,
				null);
		String user = (body.commitUser() != null) ? AdminArguments.checkKey(identifier, "commitUser", body.commitUser())
				: CommitUsers.random();
		try (ArrowTableCommit commit = this.writer.newWriteBuilder(identifier).withCommitUser(user).newCommit()) {
			CommitResult result;
			if (body.partitions() != null && !body.partitions().isEmpty()) {
				AdminArguments.checkIdentifier(identifier, body.identifier());
				result = (body.identifier() != null)
						? commit.truncatePartitions(body.identifier(), body.partitions())
						: commit.truncatePartitions(body.partitions());
			}
			else if (body.identifier() != null) {
				result = commit.truncateTable(body.identifier());
			}
			else {
				result = commit.truncateTable();
			}
			return new AdminModel.TruncateResponse(result.committed(), result.snapshotId());
		}
	}

	/**
	 * Checks a database and table name and returns the identifier of the existing table.
	 * @param database the database
	 * @param table the table
	 * @return {@code database.table}
	 * @throws PaimonArgumentException if a name is not a plain name (400)
	 * @throws TableNotFoundException for the system database or a table that does not exist (404)
	 */
	public String identifier(String database, String table) {
		for (String[] segment : new String[][] { { "database", database }, { "table", table } }) {
			if (segment[1] == null || !segment[1].matches(NAME_PATTERN)) {
				throw new PaimonArgumentException(null, "Invalid " + segment[0] + " name '" + segment[1]
						+ "': use letters, digits, '_' and '-' (at most 128, not starting with '-')");
			}
		}
		if (database.equalsIgnoreCase(SYSTEM_DATABASE)) {
			throw new TableNotFoundException(database + "." + table,
					"The system database '" + SYSTEM_DATABASE + "' is not served by the admin API");
		}
		String identifier = database + "." + table;
		try {
			this.writer.tables().catalog().getTable(Identifier.create(database, table));
		}
		catch (Catalog.TableNotExistException ex) {
			throw new TableNotFoundException(identifier, "Table '" + identifier + "' does not exist in the catalog");
		}
		return identifier;
	}

	/**
	 * Returns the latest snapshot of a table.
	 * @param identifier {@code database.table}
	 * @return the snapshot id, or {@code null}
	 */
	public @Nullable Long latestSnapshot(String identifier) {
		return latestSnapshot(this.writer.tables().getTable(identifier));
	}

	private String beanName(Identifier identifier) {
		PaimonTables tables = this.writer.tables();
		for (Map.Entry<String, TableDefinition> entry : tables.definitions().entrySet()) {
			if (identifier.getFullName().equals(entry.getValue().identifier())) {
				return entry.getKey();
			}
		}
		return identifier.getFullName();
	}

	private static int bucket(Table table) {
		return (table instanceof FileStoreTable fileStoreTable) ? fileStoreTable.coreOptions().bucket()
				: Integer.parseInt(table.options().getOrDefault("bucket", "-1"));
	}

	private static @Nullable Long latestSnapshot(Table table) {
		if (table instanceof FileStoreTable fileStoreTable) {
			return fileStoreTable.snapshotManager().latestSnapshotIdFromFileSystem();
		}
		return null;
	}

}
