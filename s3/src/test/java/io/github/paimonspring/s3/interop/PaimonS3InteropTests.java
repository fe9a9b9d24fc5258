package io.github.paimonspring.s3.interop;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

import io.github.paimonspring.s3.S3Clients;
import io.github.paimonspring.s3.S3FileIO;
import io.github.paimonspring.s3.S3FileIOLoader;
import io.github.paimonspring.s3.S3Settings;
import io.github.paimonspring.support.InJvmS3;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.FileStatus;
import org.apache.paimon.fs.PluginFileIO;
import org.apache.paimon.fs.RemoteIterator;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tables written through {@link S3FileIO} are read by paimon-s3 (Hadoop S3A) and the other way round, on one
 * warehouse in S3Proxy: an append-only table (Parquet) and a primary-key table with two buckets (ORC, with updates
 * and deletes), several commits each, some data files large enough for multipart uploads on both sides. Each side
 * reads every row with Paimon's reader, lists the same objects and reads the same bytes.
 */
@EnabledForJreRange(max = JRE.JAVA_22, disabledReason = "paimon-s3 (Hadoop 3.4) cannot run on Java 23+")
class PaimonS3InteropTests {

	private static final String BUCKET = "lake";

	private static final Identifier APPEND = Identifier.create("db", "events");

	private static final Identifier KEYED = Identifier.create("db", "accounts");

	/** Rows of the large commits: a Parquet file above the 5M parts of both sides. */
	private static final int LARGE = 60_000;

	@TempDir
	Path dir;

	private InJvmS3 s3;

	private S3Clients clients;

	private Catalog ours;

	private Catalog theirs;

	@BeforeEach
	void start() throws Exception {
		this.s3 = new InJvmS3(this.dir.resolve("s3"), BUCKET);
		this.clients = new S3Clients();
		this.ours = CatalogFactory
			.createCatalog(CatalogContext.create(options(), new S3FileIOLoader("s3", this.clients), null));
		// no preferred loader: Paimon finds paimon-s3's S3Loader with Java's service loader
		this.theirs = CatalogFactory.createCatalog(CatalogContext.create(options()));
	}

	@AfterEach
	void stop() throws Exception {
		for (AutoCloseable closeable : new AutoCloseable[] { this.ours, this.theirs, this.clients, this.s3 }) {
			if (closeable != null) {
				closeable.close();
			}
		}
	}

	private Options options() {
		Options options = new Options();
		options.set("warehouse", "s3://" + BUCKET + "/wh");
		// both FileIOs read these s3.* keys (paimon-s3 as fs.s3a.*): parts of 5M, so a few MB make a multipart upload
		this.s3.catalogOptions().forEach(options::set);
		options.set("s3.multipart.size", "5M");
		// every read goes to the warehouse, not to a cache of the catalog
		options.set("cache-enabled", "false");
		return options;
	}

	@Test
	void tablesWrittenThroughS3FileIOAreReadByPaimonS3() throws Exception {
		this.ours.createDatabase("db", false);
		createTables(this.ours);
		assertFileIOs();
		Expected expected = new Expected();
		// three commits to each table, the second one large; the keyed table's later commits update and delete
		commitAppend(this.ours, expected, 0, 500, 1);
		commitAppend(this.ours, expected, 500, LARGE, 2);
		commitAppend(this.ours, expected, 500 + LARGE, 700, 3);
		commitKeyed(this.ours, expected, 0, 1_000, 1, List.of());
		commitKeyed(this.ours, expected, 500, LARGE, 2, List.of());
		commitKeyed(this.ours, expected, 100, 300, 3, List.of(7, 8, 9, 600, 999));

		assertSnapshots(3);
		assertReadsOnBothSides(expected);
		assertSameObjects(APPEND, true);
		assertSameObjects(KEYED, true);
	}

	@Test
	void tablesWrittenThroughPaimonS3AreReadByS3FileIO() throws Exception {
		this.theirs.createDatabase("db", false);
		createTables(this.theirs);
		assertFileIOs();
		Expected expected = new Expected();
		commitAppend(this.theirs, expected, 0, 500, 1);
		commitAppend(this.theirs, expected, 500, LARGE, 2);
		commitAppend(this.theirs, expected, 500 + LARGE, 700, 3);
		commitKeyed(this.theirs, expected, 0, 1_000, 1, List.of());
		commitKeyed(this.theirs, expected, 500, LARGE, 2, List.of());
		commitKeyed(this.theirs, expected, 100, 300, 3, List.of(7, 8, 9, 600, 999));

		assertSnapshots(3);
		assertReadsOnBothSides(expected);
		assertSameObjects(APPEND, true);
		assertSameObjects(KEYED, true);
	}

	@Test
	void bothSidesCommitToTheSameTablesInTurn() throws Exception {
		this.theirs.createDatabase("db", false);
		createTables(this.ours);
		assertFileIOs();
		Expected expected = new Expected();
		commitAppend(this.ours, expected, 0, 300, 1);
		commitKeyed(this.theirs, expected, 0, 400, 1, List.of());
		commitAppend(this.theirs, expected, 300, 300, 2);
		commitKeyed(this.ours, expected, 200, 400, 2, List.of(1, 2, 3));
		commitAppend(this.ours, expected, 600, 300, 3);
		commitKeyed(this.theirs, expected, 500, 100, 3, List.of(250, 450));

		assertSnapshots(3);
		assertReadsOnBothSides(expected);
		assertSameObjects(APPEND, false);
		assertSameObjects(KEYED, false);
	}

	/** The two catalogs (and their tables) use different FileIOs: ours, and paimon-s3's plugin FileIO. */
	private void assertFileIOs() throws Exception {
		FileIO oursIO = table(this.ours, APPEND).fileIO();
		FileIO theirsIO = table(this.theirs, APPEND).fileIO();
		assertThat(oursIO).isInstanceOf(S3FileIO.class);
		assertThat(theirsIO).isInstanceOf(PluginFileIO.class).isNotInstanceOf(S3FileIO.class);
		assertThat(theirsIO.getClass().getName()).startsWith("org.apache.paimon.s3.S3Loader");
		assertThat(table(this.ours, KEYED).fileIO()).isInstanceOf(S3FileIO.class);
		assertThat(table(this.theirs, KEYED).fileIO()).isInstanceOf(PluginFileIO.class);
	}

	private static void createTables(Catalog catalog) throws Exception {
		catalog.createTable(APPEND, schema().option("file.format", "parquet").build(), false);
		catalog.createTable(KEYED,
				schema().primaryKey("id").option("bucket", "2").option("file.format", "orc").build(), false);
	}

	private static Schema.Builder schema() {
		return Schema.newBuilder()
			.column("id", DataTypes.INT().notNull())
			.column("name", DataTypes.STRING())
			.column("amount", DataTypes.BIGINT())
			.column("price", DataTypes.DOUBLE())
			.column("active", DataTypes.BOOLEAN())
			.column("balance", DataTypes.DECIMAL(12, 2))
			.column("updated", DataTypes.TIMESTAMP(6))
			.column("tag", DataTypes.BYTES())
			.column("payload", DataTypes.STRING());
	}

	private static FileStoreTable table(Catalog catalog, Identifier identifier) throws Exception {
		return (FileStoreTable) catalog.getTable(identifier);
	}

	/** Appends {@code count} rows with ids from {@code first} in one commit. */
	private static void commitAppend(Catalog catalog, Expected expected, int first, int count, int version)
			throws Exception {
		List<GenericRow> rows = new ArrayList<>();
		for (int id = first; id < first + count; id++) {
			rows.add(row(id, version));
			expected.append.add(values(id, version));
		}
		commit(table(catalog, APPEND), rows);
	}

	/** Upserts {@code count} keys from {@code first} and deletes the given keys, in one commit. */
	private static void commitKeyed(Catalog catalog, Expected expected, int first, int count, int version,
			List<Integer> deletes) throws Exception {
		List<GenericRow> rows = new ArrayList<>();
		for (int id = first; id < first + count; id++) {
			rows.add(row(id, version));
			expected.keyed.put(id, values(id, version));
		}
		for (int id : deletes) {
			GenericRow delete = row(id, version);
			delete.setRowKind(RowKind.DELETE);
			rows.add(delete);
			expected.keyed.remove(id);
		}
		commit(table(catalog, KEYED), rows);
	}

	private static void commit(Table table, List<GenericRow> rows) throws Exception {
		BatchWriteBuilder builder = table.newBatchWriteBuilder();
		try (BatchTableWrite write = builder.newWrite(); BatchTableCommit commit = builder.newCommit()) {
			for (GenericRow row : rows) {
				write.write(row);
			}
			commit.commit(write.prepareCommit());
		}
	}

	private void assertSnapshots(long commits) throws Exception {
		for (Catalog catalog : List.of(this.ours, this.theirs)) {
			assertThat(table(catalog, APPEND).snapshotManager().latestSnapshotId()).isEqualTo(commits);
			assertThat(table(catalog, KEYED).snapshotManager().latestSnapshotId()).isEqualTo(commits);
		}
	}

	private void assertReadsOnBothSides(Expected expected) throws Exception {
		List<List<Object>> append = sorted(expected.append);
		List<List<Object>> keyed = new ArrayList<>(expected.keyed.values());
		for (Catalog catalog : List.of(this.ours, this.theirs)) {
			List<List<Object>> appendRows = read(table(catalog, APPEND));
			assertThat(appendRows).hasSameSizeAs(append);
			for (int i = 0; i < append.size(); i++) {
				assertThat(appendRows.get(i)).as("append row %d", i).isEqualTo(append.get(i));
			}
			List<List<Object>> keyedRows = read(table(catalog, KEYED));
			assertThat(keyedRows).hasSameSizeAs(keyed);
			for (int i = 0; i < keyed.size(); i++) {
				assertThat(keyedRows.get(i)).as("keyed row %d", i).isEqualTo(keyed.get(i));
			}
		}
	}

	/** Every row of the table, with Paimon's reader, sorted by id. */
	private static List<List<Object>> read(Table table) throws IOException {
		ReadBuilder builder = table.newReadBuilder();
		List<Split> splits = builder.newScan().plan().splits();
		List<List<Object>> rows = new ArrayList<>();
		try (RecordReader<InternalRow> reader = builder.newRead().createReader(splits)) {
			reader.forEachRemaining((row) -> rows.add(values(row)));
		}
		return sorted(rows);
	}

	/** Both FileIOs list the same objects below the table and read the same bytes from each. */
	private void assertSameObjects(Identifier identifier, boolean multipart) throws Exception {
		FileStoreTable oursTable = table(this.ours, identifier);
		FileStoreTable theirsTable = table(this.theirs, identifier);
		Map<String, Long> oursFiles = list(oursTable.fileIO(), oursTable.location());
		Map<String, Long> theirsFiles = list(theirsTable.fileIO(), theirsTable.location());
		assertThat(oursFiles).isNotEmpty().isEqualTo(theirsFiles);
		assertThat(oursFiles.keySet()).anyMatch((name) -> name.startsWith("snapshot/"))
			.anyMatch((name) -> name.startsWith("manifest/"))
			.anyMatch((name) -> name.startsWith("bucket-"));
		if (multipart) {
			// the largest data file went up in parts on the writing side: its ETag is that of a multipart upload
			String largest = oursFiles.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
			assertThat(oursFiles.get(largest)).as(largest).isGreaterThan(5L << 20);
			S3Client client = this.clients.client(S3Settings.of(options().toMap()));
			String key = new URI(oursTable.location() + "/" + largest).getPath().substring(1);
			assertThat(client.headObject((head) -> head.bucket(BUCKET).key(key)).eTag()).as(largest).contains("-");
		}
		for (String name : oursFiles.keySet()) {
			org.apache.paimon.fs.Path file = new org.apache.paimon.fs.Path(oursTable.location(), name);
			assertThat(digest(oursTable.fileIO(), file)).as(name).isEqualTo(digest(theirsTable.fileIO(), file));
			assertThat(oursTable.fileIO().getFileSize(file)).as(name).isEqualTo(oursFiles.get(name));
			assertThat(theirsTable.fileIO().getFileSize(file)).as(name).isEqualTo(oursFiles.get(name));
		}
	}

	private static Map<String, Long> list(FileIO fileIO, org.apache.paimon.fs.Path location) throws IOException {
		String prefix = location.toString() + "/";
		Map<String, Long> files = new TreeMap<>();
		RemoteIterator<FileStatus> listing = fileIO.listFilesIterative(location, true);
		while (listing.hasNext()) {
			FileStatus status = listing.next();
			String path = status.getPath().toString();
			assertThat(path).startsWith(prefix);
			files.put(path.substring(prefix.length()), status.getLen());
		}
		return files;
	}

	private static String digest(FileIO fileIO, org.apache.paimon.fs.Path file) throws IOException {
		MessageDigest digest;
		try {
			digest = MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
		byte[] buffer = new byte[64 * 1024];
		try (InputStream in = fileIO.newInputStream(file)) {
			int read;
			while ((read = in.read(buffer)) >= 0) {
				digest.update(buffer, 0, read);
			}
		}
		return HexFormat.of().formatHex(digest.digest());
	}

	private static List<List<Object>> sorted(List<List<Object>> rows) {
		List<List<Object>> copy = new ArrayList<>(rows);
		copy.sort(Comparator.comparing((List<Object> row) -> (Integer) row.get(0)));
		return copy;
	}

	/** A row of version {@code version} of key {@code id}: the same arguments give the same row. */
	private static GenericRow row(int id, int version) {
		SplittableRandom random = new SplittableRandom(id * 31L + version);
		String name = (id % 17 == 0) ? null : "name-" + id + "-v" + version;
		Long amount = (id % 13 == 0) ? null : random.nextLong();
		double price = random.nextDouble() * 1000;
		boolean active = random.nextBoolean();
		BigDecimal balance = BigDecimal.valueOf(random.nextLong(-1_000_000_000L, 1_000_000_000L), 2);
		long micros = 1_700_000_000_000_000L + random.nextLong(1_000_000_000_000L);
		byte[] tag = new byte[id % 9];
		for (int i = 0; i < tag.length; i++) {
			tag[i] = (byte) random.nextInt(256);
		}
		return GenericRow.of(id, (name != null) ? BinaryString.fromString(name) : null, amount, price, active,
				Decimal.fromBigDecimal(balance, 12, 2), Timestamp.fromMicros(micros), tag,
				BinaryString.fromString(payload(random)));
	}

	/** 256 characters of 64 kinds: about 6 bits a byte that no codec takes away. */
	private static String payload(SplittableRandom random) {
		char[] chars = new char[256];
		for (int i = 0; i < chars.length; i++) {
			int c = random.nextInt(64);
			chars[i] = (char) ((c < 26) ? 'a' + c : (c < 52) ? 'A' + c - 26 : (c < 62) ? '0' + c - 52 : '-');
		}
		return new String(chars);
	}

	/** What {@link #row} holds, as plain Java values. */
	private static List<Object> values(int id, int version) {
		return values(row(id, version));
	}

	/** A row as plain Java values (the reader's rows reuse their buffers). */
	private static List<Object> values(InternalRow row) {
		List<Object> values = new ArrayList<>();
		values.add(row.getInt(0));
		values.add(row.isNullAt(1) ? null : row.getString(1).toString());
		values.add(row.isNullAt(2) ? null : row.getLong(2));
		values.add(row.getDouble(3));
		values.add(row.getBoolean(4));
		values.add(row.getDecimal(5, 12, 2).toBigDecimal());
		values.add(row.getTimestamp(6, 6).toLocalDateTime());
		values.add(HexFormat.of().formatHex(row.getBinary(7)));
		values.add(row.getString(8).toString());
		return values;
	}

	/** The rows each table should hold. */
	private static final class Expected {

		private final List<List<Object>> append = new ArrayList<>();

		private final Map<Integer, List<Object>> keyed = new TreeMap<>();

	}

}
