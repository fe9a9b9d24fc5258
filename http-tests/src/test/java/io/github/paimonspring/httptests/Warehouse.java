package io.github.paimonspring.httptests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

import org.apache.paimon.Snapshot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.ReadBuilder;

/**
 * The server's warehouse opened from the test process with Paimon's own catalog and reader: to
 * create fixture tables before the server starts and to read tables back afterwards.
 */
public final class Warehouse implements AutoCloseable {

	private final Path root;

	private final Catalog catalog;

	/**
	 * Opens a catalog from options (for example a JDBC catalog with an S3 warehouse); the file helpers
	 * ({@link #tableDir}, {@link #dataFiles}, {@link #snapshotCount}) need a local warehouse.
	 */
	public Warehouse(java.util.Map<String, String> catalogOptions) {
		this.root = null;
		Options options = new Options();
		catalogOptions.forEach(options::set);
		options.set("cache-enabled", "false");
		this.catalog = CatalogFactory.createCatalog(CatalogContext.create(options));
	}

	public Warehouse(Path root) {
		this.root = root;
		Options options = new Options();
		options.set("warehouse", root.toString());
		options.set("cache-enabled", "false");
		this.catalog = CatalogFactory.createCatalog(CatalogContext.create(options));
	}

	public void create(String table, Schema schema) {
		try {
			Identifier id = Identifier.fromString(table);
			this.catalog.createDatabase(id.getDatabaseName(), true);
			this.catalog.createTable(id, schema, false);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Writes and commits rows with Paimon's own batch write API (for fixtures). */
	public void insert(String table, GenericRow... rows) {
		try {
			Table t = this.catalog.getTable(Identifier.fromString(table));
			BatchWriteBuilder builder = t.newBatchWriteBuilder();
			try (BatchTableWrite write = builder.newWrite(); BatchTableCommit commit = builder.newCommit()) {
				for (GenericRow row : rows) {
					write.write(row);
				}
				commit.commit(write.prepareCommit());
			}
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** A Paimon row; {@code String} values become {@link BinaryString}s. */
	public static GenericRow row(Object... values) {
		Object[] converted = new Object[values.length];
		for (int i = 0; i < values.length; i++) {
			converted[i] = (values[i] instanceof String text) ? BinaryString.fromString(text) : values[i];
		}
		return GenericRow.of(converted);
	}

	public <T> List<T> read(String table, Function<InternalRow, T> mapper) {
		try {
			Table t = this.catalog.getTable(Identifier.fromString(table));
			ReadBuilder read = t.newReadBuilder();
			List<T> result = new ArrayList<>();
			try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
				reader.forEachRemaining((row) -> result.add(mapper.apply(row)));
			}
			return result;
		}
		catch (Catalog.TableNotExistException ex) {
			throw new IllegalStateException(ex);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** (id, name) rows as sorted "id:name" strings. */
	public List<String> idNames(String table) {
		return read(table, (r) -> r.getInt(0) + ":" + (r.isNullAt(1) ? null : r.getString(1).toString())).stream()
			.sorted()
			.toList();
	}

	/** The total record count of the table's latest snapshot (0 without snapshots), without reading data. */
	public long latestSnapshotRecordCount(String table) {
		try {
			Table t = this.catalog.getTable(Identifier.fromString(table));
			Snapshot snapshot = ((FileStoreTable) t).snapshotManager().latestSnapshot();
			return (snapshot != null) ? snapshot.totalRecordCount() : 0;
		}
		catch (Catalog.TableNotExistException ex) {
			throw new IllegalStateException(ex);
		}
	}

	public Path tableDir(String table) {
		Identifier id = Identifier.fromString(table);
		return this.root.resolve(id.getDatabaseName() + ".db").resolve(id.getObjectName());
	}

	public long snapshotCount(String table) {
		Path dir = tableDir(table).resolve("snapshot");
		if (!Files.isDirectory(dir)) {
			return 0;
		}
		try (Stream<Path> files = Files.list(dir)) {
			return files.filter((p) -> p.getFileName().toString().startsWith("snapshot-")).count();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Every data file under the table's partition/bucket directories. */
	public List<String> dataFiles(String table) {
		Path dir = tableDir(table);
		if (!Files.isDirectory(dir)) {
			return List.of();
		}
		try (Stream<Path> files = Files.walk(dir)) {
			return files.filter(Files::isRegularFile)
				.map((p) -> dir.relativize(p).toString())
				.filter((p) -> p.contains("bucket-"))
				.sorted()
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() throws Exception {
		this.catalog.close();
	}

}
