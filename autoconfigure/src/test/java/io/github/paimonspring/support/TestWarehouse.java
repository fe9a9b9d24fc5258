package io.github.paimonspring.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
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
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.DataTypes;

/**
 * A real warehouse (a temporary directory, or any catalog given by options), with the upstream
 * Go-binding fixtures and helpers to read tables back with Paimon's own reader. The file helpers
 * ({@link #tableDir}, {@link #dataFiles}, {@link #snapshotCount}) need a local warehouse.
 */
public class TestWarehouse implements AutoCloseable {

	private final Path root;

	private final Catalog catalog;

	public TestWarehouse(Path root) {
		this(root, Map.of("warehouse", root.toString()));
	}

	/** A warehouse from catalog options, for example a JDBC catalog with an S3 warehouse. */
	public TestWarehouse(Map<String, String> catalogOptions) {
		this(null, catalogOptions);
	}

	private TestWarehouse(Path root, Map<String, String> catalogOptions) {
		this.root = root;
		Options options = new Options();
		catalogOptions.forEach(options::set);
		options.set("cache-enabled", "false");
		String warehouse = options.get("warehouse");
		// an S3 warehouse through paimon-spring-boot-s3's FileIO, as in the application (S3CatalogContexts is in the
		// s3 module's test jar: only the modules with S3 tests have it)
		boolean s3 = warehouse != null && (warehouse.startsWith("s3://") || warehouse.startsWith("s3a://"));
		this.catalog = CatalogFactory
			.createCatalog(s3 ? S3CatalogContexts.create(options.toMap()) : CatalogContext.create(options));
		try {
			this.catalog.createDatabase("default", true);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	public Path root() {
		return this.root;
	}

	public Catalog catalog() {
		return this.catalog;
	}

	public PaimonWriter writer() {
		return PaimonWriter.builder(new PaimonTables(this.catalog, Map.of()))
			.spillDirectory(this.root.resolve("spill"))
			.build();
	}

	public FileStoreTable table(String name) {
		try {
			return (FileStoreTable) this.catalog.getTable(Identifier.fromString(name));
		}
		catch (Catalog.TableNotExistException ex) {
			throw new IllegalStateException(ex);
		}
	}

	public void create(String name, Schema schema) {
		try {
			Identifier id = Identifier.fromString(name);
			this.catalog.createDatabase(id.getDatabaseName(), true);
			this.catalog.createTable(id, schema, false);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** {@code simple_pk_table}: PK id, bucket 1, rows 1 alice / 2 bob / 3 carol. */
	public String simplePkTable(String name) {
		create(name, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
			.primaryKey("id").option("bucket", "1").build());
		insert(name, row(1, "alice"), row(2, "bob"), row(3, "carol"));
		return name;
	}

	/** {@code simple_log_table}: append, rows 1 alice / 2 bob / 3 carol. */
	public String simpleLogTable(String name) {
		create(name, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING()).build());
		insert(name, row(1, "alice"), row(2, "bob"), row(3, "carol"));
		return name;
	}

	/** Writes rows with Paimon's own batch API (the way the upstream fixtures were made). */
	public void insert(String name, InternalRow... rows) {
		BatchWriteBuilder builder = table(name).newBatchWriteBuilder();
		try (BatchTableWrite write = builder.newWrite(); BatchTableCommit commit = builder.newCommit()) {
			for (InternalRow row : rows) {
				write.write(row);
			}
			commit.commit(write.prepareCommit());
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Reads every row with Paimon's reader and maps it (rows are reused, so map to values). */
	public <T> List<T> read(String name, Function<InternalRow, T> mapper) {
		Table table = table(name);
		ReadBuilder read = table.newReadBuilder();
		List<T> result = new ArrayList<>();
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
			reader.forEachRemaining((row) -> result.add(mapper.apply(row)));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return result;
	}

	/** Reads (id, name) rows as "id:name" strings, sorted. */
	public List<String> idNames(String name) {
		return read(name, (row) -> row.getInt(0) + ":" + (row.isNullAt(1) ? null : row.getString(1).toString()))
			.stream().sorted().toList();
	}

	/** Reads (id, name) rows as of a snapshot (time travel), sorted. */
	public List<String> idNamesAt(String name, long snapshotId) {
		Table table = table(name).copy(Map.of("scan.snapshot-id", String.valueOf(snapshotId)));
		ReadBuilder read = table.newReadBuilder();
		List<String> result = new ArrayList<>();
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
			reader.forEachRemaining((row) -> result.add(row.getInt(0) + ":" + row.getString(1)));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return result.stream().sorted().toList();
	}

	/** The total record count of the table's latest snapshot (0 without snapshots), without reading data. */
	public long latestSnapshotRecordCount(String name) {
		Snapshot snapshot = table(name).snapshotManager().latestSnapshot();
		return (snapshot != null) ? snapshot.totalRecordCount() : 0;
	}

	/**
	 * The data files of each bucket of each partition in the table's latest snapshot, as Paimon's scan
	 * plans them (files no snapshot references are not counted).
	 * @return the file counts by partition and bucket ({@code <partition row>/<bucket>})
	 */
	public Map<String, Integer> liveFilesPerBucket(String name) {
		Map<String, Integer> files = new TreeMap<>();
		for (Split split : table(name).newScan().plan().splits()) {
			if (split instanceof DataSplit data) {
				files.merge(data.partition() + "/" + data.bucket(), data.dataFiles().size(), Integer::sum);
			}
		}
		return files;
	}

	/** The data files of the table's latest snapshot (see {@link #liveFilesPerBucket}). */
	public int liveFileCount(String name) {
		return liveFilesPerBucket(name).values().stream().mapToInt(Integer::intValue).sum();
	}

	/** The retained snapshots of the table, through its snapshot manager (any warehouse). */
	public long retainedSnapshots(String name) {
		try {
			return table(name).snapshotManager().snapshotCount();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
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

	public long snapshotCount(String name) {
		Path snapshots = tableDir(name).resolve("snapshot");
		if (!Files.isDirectory(snapshots)) {
			return 0;
		}
		try (Stream<Path> files = Files.list(snapshots)) {
			return files.filter((p) -> p.getFileName().toString().startsWith("snapshot-")).count();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	public Path tableDir(String name) {
		Identifier id = Identifier.fromString(name);
		return this.root.resolve(id.getDatabaseName() + ".db").resolve(id.getObjectName());
	}

	/** Every data file (parquet/orc/avro) under the table directory, as relative paths. */
	public List<String> dataFiles(String name) {
		Path dir = tableDir(name);
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
