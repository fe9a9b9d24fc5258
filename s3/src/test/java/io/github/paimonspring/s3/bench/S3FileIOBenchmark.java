package io.github.paimonspring.s3.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Stream;

import io.github.paimonspring.s3.S3Clients;
import io.github.paimonspring.s3.S3FileIO;
import io.github.paimonspring.s3.S3FileIOLoader;
import io.github.paimonspring.support.InJvmS3;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.PluginFileIO;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.fs.SeekableInputStream;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.DataTypes;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * {@link S3FileIO} against paimon-s3 (Hadoop S3A), both on one S3Proxy in this JVM (loopback; S3Proxy's own cost
 * is in both sides' numbers), in one run:
 * <ol>
 * <li>table writes: an append-only Parquet table of four columns of random data (about {@code bytes} of data files
 * per write), Paimon's batch writer, one commit; the sides alternate, {@code rounds} rounds;</li>
 * <li>table scans: the tables just written, read whole with Paimon's reader;</li>
 * <li>raw FileIO streams: files written with {@code newOutputStream}, read back sequentially and with seeks;</li>
 * <li>HTTP requests of a write of a few rows and its commit, counted by a forwarding proxy in front of S3Proxy;</li>
 * <li>the SDK's HTTP clients (Apache 5 and URLConnection) on raw PutObject/GetObject.</li>
 * </ol>
 * Arguments: bytes per table write, rounds, the markdown report's path, bytes of the HTTP client comparison.
 */
public final class S3FileIOBenchmark {

	private static final String BUCKET = "bench";

	private static final String OURS = "S3FileIO (SDK v2)";

	private static final String THEIRS = "paimon-s3 (S3A)";

	private static final String OURS_64M = "S3FileIO, 64 MiB parts";

	private final long bytes;

	private final int rounds;

	private final long httpBytes;

	private final Path work;

	private final StringBuilder report = new StringBuilder();

	private InJvmS3 s3;

	private S3Clients clients;

	private S3FileIOBenchmark(long bytes, int rounds, long httpBytes, Path work) {
		this.bytes = bytes;
		this.rounds = rounds;
		this.httpBytes = httpBytes;
		this.work = work;
	}

	public static void main(String[] args) throws Exception {
		long bytes = (args.length > 0 && !args[0].isBlank()) ? Long.parseLong(args[0].trim()) : 1L << 30;
		int rounds = (args.length > 1 && !args[1].isBlank()) ? Integer.parseInt(args[1].trim()) : 3;
		Path out = Path.of((args.length > 2 && !args[2].isBlank()) ? args[2].trim() : "target/s3-benchmark-results.md");
		long httpBytes = (args.length > 3 && !args[3].isBlank()) ? Long.parseLong(args[3].trim()) : 256L << 20;
		Path work = out.toAbsolutePath().getParent().resolve("s3-bench-store");
		S3FileIOBenchmark benchmark = new S3FileIOBenchmark(bytes, rounds, httpBytes, work);
		String report;
		try {
			report = benchmark.run();
		}
		catch (Throwable ex) {
			// S3Proxy's, S3A's and the SDK's pools keep non-daemon threads: end the JVM on a failure too
			ex.printStackTrace();
			deleteTree(work);
			System.exit(1);
			return;
		}
		finally {
			deleteTree(work);
		}
		Files.createDirectories(out.toAbsolutePath().getParent());
		Files.writeString(out, report);
		System.out.println();
		System.out.println(report);
		System.out.println("Written to " + out.toAbsolutePath());
		// S3A's and the SDK's pools keep non-daemon threads
		System.exit(0);
	}

	private String run() throws Exception {
		deleteTree(this.work);
		Files.createDirectories(this.work);
		long started = System.nanoTime();
		this.s3 = new InJvmS3(this.work.resolve("store"), BUCKET);
		this.clients = new S3Clients();
		try (Catalog ours = ours(this.s3.catalogOptions()); Catalog theirs = theirs(this.s3.catalogOptions())) {
			ours.createDatabase("db", true);
			header();
			List<Side> sides = List.of(new Side(OURS, ours), new Side(THEIRS, theirs));
			tables(sides);
			Map<String, String> largeParts = new LinkedHashMap<>(this.s3.catalogOptions());
			largeParts.put("s3.multipart.size", "64M");
			try (Catalog ours64 = ours(largeParts)) {
				raw(List.of(sides.get(0), sides.get(1), new Side(OURS_64M, ours64)));
			}
			requests();
			httpClients();
		}
		finally {
			this.clients.close();
			this.s3.close();
		}
		this.report.append("\nWhole run: ").append(seconds(System.nanoTime() - started))
			.append(" s; load average at the end: ")
			.append(loadAverage())
			.append(".\n");
		return this.report.toString();
	}

	private void header() {
		Runtime runtime = Runtime.getRuntime();
		line("# S3 FileIO benchmark: S3FileIO (AWS SDK v2, Apache 5 client) against paimon-s3 1.4.2 (Hadoop S3A)");
		line("");
		line("- " + Instant.now() + "; Java " + System.getProperty("java.version") + " ("
				+ System.getProperty("java.vm.name") + "), " + runtime.availableProcessors() + " CPUs, max heap "
				+ (runtime.maxMemory() >> 20) + " MB, " + System.getProperty("os.name") + " "
				+ System.getProperty("os.arch"));
		line("- Load average at the start (1, 5, 15 min; other processes on the machine count): " + loadAverage());
		line("- S3Proxy in the same JVM on 127.0.0.1, objects on the local disk (filesystem-nio2): both sides pay its "
				+ "cost (request parsing, SigV4 checks, file writes, multipart assembly), so the ratios understate the "
				+ "difference between the clients themselves.");
		line("- Both FileIOs with their defaults: S3FileIO parts of 16 MiB in memory; S3A parts of 64 MiB buffered "
				+ "on disk (fs.s3a.fast.upload.buffer=disk).");
		line("- MB = 10^6 bytes of data files (as stored); rounds alternate which side goes first.");
		line("");
	}

	// ---------------------------------------------------------------- tables

	private void tables(List<Side> sides) throws Exception {
		long perRow = calibrate();
		long rows = Math.max(10_000, this.bytes / perRow);
		System.out.printf(Locale.ROOT, "table writes: %d rows a write (~%d bytes a row of Parquet)%n", rows, perRow);
		// warm up: the code paths of both sides, a small table each
		for (Side side : sides) {
			Identifier warm = Identifier.create("db", "warm_" + side.tag());
			createTable(side.catalog(), warm);
			writeTable(side.catalog(), warm, Math.max(10_000, rows / 16), 99);
			scanTable(side.catalog(), warm);
		}
		Map<String, List<Double>> writes = new LinkedHashMap<>();
		Map<String, List<Double>> scans = new LinkedHashMap<>();
		Map<String, List<String>> files = new LinkedHashMap<>();
		for (Side side : sides) {
			writes.put(side.name(), new ArrayList<>());
			scans.put(side.name(), new ArrayList<>());
			files.put(side.name(), new ArrayList<>());
		}
		for (int round = 1; round <= this.rounds; round++) {
			List<Side> order = (round % 2 == 1) ? sides : reversed(sides);
			Map<String, Identifier> written = new LinkedHashMap<>();
			for (Side side : order) {
				Identifier table = Identifier.create("db", "t_" + side.tag() + "_" + round);
				createTable(side.catalog(), table);
				long start = System.nanoTime();
				writeTable(side.catalog(), table, rows, round);
				long nanos = System.nanoTime() - start;
				List<Long> sizes = dataFiles(table);
				long stored = sizes.stream().mapToLong(Long::longValue).sum();
				double rate = mbps(stored, nanos);
				writes.get(side.name()).add(rate);
				files.get(side.name()).add(sizes.size() + " files, " + mb(stored) + " MB");
				written.put(side.name(), table);
				System.out.printf(Locale.ROOT, "round %d write %-20s %8.1f MB/s (%s MB, %d files, %.1f s; load %s)%n",
						round, side.name(), rate, mb(stored), sizes.size(), nanos / 1e9, loadAverage());
			}
			for (Side side : order) {
				Identifier table = written.get(side.name());
				long stored = dataFiles(table).stream().mapToLong(Long::longValue).sum();
				long start = System.nanoTime();
				long rowsRead = scanTable(side.catalog(), table);
				long nanos = System.nanoTime() - start;
				if (rowsRead != rows) {
					throw new IllegalStateException(side.name() + " read " + rowsRead + " rows of " + rows);
				}
				double rate = mbps(stored, nanos);
				scans.get(side.name()).add(rate);
				System.out.printf(Locale.ROOT, "round %d scan  %-20s %8.1f MB/s (%.1f s)%n", round, side.name(), rate,
						nanos / 1e9);
			}
			for (Identifier table : written.values()) {
				deleteTree(tableDir(table));
			}
		}
		double[] local = localBaseline(rows);
		line("## (a) Table write: append-only table, Paimon's batch writer, one commit");
		line("");
		line("Four columns (BIGINT id, INT, BIGINT, STRING of 24 random characters of 64 kinds), random values, "
				+ "Parquet with zstd (Paimon's default), `write-only`, `target-file-size` 128 MB; " + rows
				+ " rows a write. The time is writer creation to the end of the commit (row generation and Parquet "
				+ "encoding included, as in an application).");
		line("");
		rateTable(writes, files);
		line(String.format(Locale.ROOT, "Baseline, no S3: the same write to a local directory (LocalFileIO), one run "
				+ "after the rounds: **%.1f MB/s** (Paimon and Parquet on this machine; the ceiling for both sides).",
				local[0]));
		line("");
		line("## (b) Table scan: the table just written, every row with Paimon's reader");
		line("");
		line("newScan().plan().splits() and newRead().createReader(splits), every field of every row touched; the "
				+ "time includes planning (snapshot, manifests) and Parquet decoding.");
		line("");
		rateTable(scans, null);
		line(String.format(Locale.ROOT, "Baseline, no S3: the same scan of the local table: **%.1f MB/s**.", local[1]));
		line("");
	}

	/** MB/s of a table write and its scan on the local disk. */
	private double[] localBaseline(long rows) throws Exception {
		Path dir = this.work.resolve("local");
		Options options = new Options();
		options.set("warehouse", dir.toUri().toString());
		try (Catalog local = CatalogFactory.createCatalog(CatalogContext.create(options))) {
			local.createDatabase("db", true);
			Identifier table = Identifier.create("db", "local");
			createTable(local, table);
			long start = System.nanoTime();
			writeTable(local, table, rows, 1);
			long writeNanos = System.nanoTime() - start;
			long stored;
			try (Stream<Path> files = Files.walk(dir.resolve("db.db").resolve("local"))) {
				stored = files.filter((p) -> p.getFileName().toString().startsWith("data-"))
					.mapToLong(S3FileIOBenchmark::size)
					.sum();
			}
			start = System.nanoTime();
			scanTable(local, table);
			long scanNanos = System.nanoTime() - start;
			double[] rates = { mbps(stored, writeNanos), mbps(stored, scanNanos) };
			System.out.printf(Locale.ROOT, "local baseline: write %.1f MB/s, scan %.1f MB/s%n", rates[0], rates[1]);
			return rates;
		}
		finally {
			deleteTree(dir);
		}
	}

	/** Bytes of Parquet a row, from a write to a local directory (also warms the writer). */
	private long calibrate() throws Exception {
		Path dir = this.work.resolve("calibrate");
		Options options = new Options();
		options.set("warehouse", dir.toUri().toString());
		try (Catalog local = CatalogFactory.createCatalog(CatalogContext.create(options))) {
			local.createDatabase("db", true);
			Identifier table = Identifier.create("db", "calibrate");
			createTable(local, table);
			long rows = 500_000;
			writeTable(local, table, rows, 0);
			long stored;
			try (Stream<Path> files = Files.walk(dir.resolve("db.db").resolve("calibrate"))) {
				stored = files.filter((p) -> p.getFileName().toString().startsWith("data-"))
					.mapToLong(S3FileIOBenchmark::size)
					.sum();
			}
			return Math.max(1, stored / rows);
		}
		finally {
			deleteTree(dir);
		}
	}

	private static void createTable(Catalog catalog, Identifier table) throws Exception {
		catalog.createTable(table, Schema.newBuilder()
			.column("id", DataTypes.BIGINT())
			.column("a", DataTypes.INT())
			.column("b", DataTypes.BIGINT())
			.column("s", DataTypes.STRING())
			.option("bucket", "-1")
			.option("file.format", "parquet")
			.option("write-only", "true")
			.option("target-file-size", "128 mb")
			.build(), false);
	}

	private static void writeTable(Catalog catalog, Identifier identifier, long rows, long seed) throws Exception {
		Table table = catalog.getTable(identifier);
		BatchWriteBuilder builder = table.newBatchWriteBuilder();
		SplittableRandom random = new SplittableRandom(seed);
		try (BatchTableWrite write = builder.newWrite(); BatchTableCommit commit = builder.newCommit()) {
			for (long id = 0; id < rows; id++) {
				write.write(randomRow(random, id));
			}
			List<CommitMessage> messages = write.prepareCommit();
			commit.commit(messages);
		}
	}

	private static final byte[] ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
		.getBytes(StandardCharsets.US_ASCII);

	private static GenericRow randomRow(SplittableRandom random, long id) {
		byte[] chars = new byte[24];
		long bits = 0;
		for (int i = 0; i < chars.length; i++) {
			if (i % 10 == 0) {
				bits = random.nextLong();
			}
			chars[i] = ALPHABET[(int) (bits & 63)];
			bits >>>= 6;
		}
		return GenericRow.of(id, random.nextInt(), random.nextLong(), BinaryString.fromBytes(chars));
	}

	private static long scanTable(Catalog catalog, Identifier identifier) throws Exception {
		Table table = catalog.getTable(identifier);
		ReadBuilder builder = table.newReadBuilder();
		List<Split> splits = builder.newScan().plan().splits();
		long count = 0;
		long checksum = 0;
		try (RecordReader<InternalRow> reader = builder.newRead().createReader(splits)) {
			RecordReader.RecordIterator<InternalRow> batch;
			while ((batch = reader.readBatch()) != null) {
				InternalRow row;
				while ((row = batch.next()) != null) {
					checksum += row.getLong(0) + row.getInt(1) + row.getLong(2) + row.getString(3).getSizeInBytes();
					count++;
				}
				batch.releaseBatch();
			}
		}
		if (checksum == 42) {
			System.out.println("(checksum)");
		}
		return count;
	}

	private Path tableDir(Identifier table) {
		return this.s3.root().resolve(BUCKET).resolve("wh").resolve("db.db").resolve(table.getObjectName());
	}

	/** The sizes of the table's data files, from the store's directory. */
	private List<Long> dataFiles(Identifier table) throws IOException {
		try (Stream<Path> files = Files.walk(tableDir(table))) {
			return files.filter((p) -> Files.isRegularFile(p) && p.getFileName().toString().startsWith("data-"))
				.map(S3FileIOBenchmark::size)
				.toList();
		}
	}

	// ---------------------------------------------------------------- raw FileIO streams

	private void raw(List<Side> sides) throws Exception {
		long total = Math.max(16L << 20, Math.min(this.bytes / 2, 512L << 20));
		int fileCount = 4;
		long fileSize = total / fileCount;
		byte[] block = new byte[1 << 20];
		new SplittableRandom(7).nextBytes(block);
		Map<String, List<Double>> writes = new LinkedHashMap<>();
		Map<String, List<Double>> reads = new LinkedHashMap<>();
		Map<String, List<Double>> seeks = new LinkedHashMap<>();
		for (Side side : sides) {
			writes.put(side.name(), new ArrayList<>());
			reads.put(side.name(), new ArrayList<>());
			seeks.put(side.name(), new ArrayList<>());
		}
		int seekReads = 64;
		int seekLength = 256 * 1024;
		for (int round = 1; round <= this.rounds; round++) {
			List<Side> order = rotated(sides, round - 1);
			for (Side side : order) {
				FileIO fileIO = side.fileIO();
				List<org.apache.paimon.fs.Path> paths = new ArrayList<>();
				for (int f = 0; f < fileCount; f++) {
					paths.add(new org.apache.paimon.fs.Path("s3://" + BUCKET + "/raw/" + side.tag() + "-" + round + "/f"
							+ f + ".bin"));
				}
				long start = System.nanoTime();
				for (org.apache.paimon.fs.Path path : paths) {
					try (PositionOutputStream out = fileIO.newOutputStream(path, false)) {
						for (long written = 0; written < fileSize; written += block.length) {
							block[0] = (byte) written;
							out.write(block, 0, (int) Math.min(block.length, fileSize - written));
						}
					}
				}
				writes.get(side.name()).add(mbps(fileSize * fileCount, System.nanoTime() - start));

				start = System.nanoTime();
				byte[] buffer = new byte[1 << 20];
				long read = 0;
				for (org.apache.paimon.fs.Path path : paths) {
					try (InputStream in = fileIO.newInputStream(path)) {
						int n;
						while ((n = in.read(buffer)) >= 0) {
							read += n;
						}
					}
				}
				if (read != fileSize * fileCount) {
					throw new IllegalStateException(side.name() + " read " + read + " of " + fileSize * fileCount);
				}
				reads.get(side.name()).add(mbps(read, System.nanoTime() - start));

				start = System.nanoTime();
				SplittableRandom random = new SplittableRandom(round);
				long seekRead = 0;
				for (org.apache.paimon.fs.Path path : paths) {
					try (SeekableInputStream in = fileIO.newInputStream(path)) {
						for (int i = 0; i < seekReads; i++) {
							in.seek(random.nextLong(fileSize - seekLength));
							seekRead += readFully(in, buffer, seekLength);
						}
					}
				}
				seeks.get(side.name()).add(mbps(seekRead, System.nanoTime() - start));
				System.out.printf(Locale.ROOT, "round %d raw %-20s write %.1f, read %.1f, seek-read %.1f MB/s%n", round,
						side.name(), last(writes, side), last(reads, side), last(seeks, side));
				deleteTree(this.s3.root().resolve(BUCKET).resolve("raw").resolve(side.tag() + "-" + round));
			}
		}
		line("## (a') and (b') Raw FileIO streams (no Paimon table code)");
		line("");
		line(fileCount + " files of " + mb(fileSize) + " MB of random bytes a round: written with "
				+ "newOutputStream(path, false) in 1 MiB writes; read whole with newInputStream in 1 MiB reads; "
				+ "then " + seekReads + " seeks to random positions a file, " + (seekLength >> 10)
				+ " KiB read after each (random order, so backward and forward seeks; MB/s of bytes read).");
		line("");
		line("The third column is S3FileIO with `s3.multipart.size` = 64M, S3A's default part size.");
		line("");
		line("| step | " + String.join(" | ", sideColumns(writes)) + " | ratio new / paimon-s3 "
				+ "| ratio new (64 MiB parts) / paimon-s3 |");
		line("|---|" + "---|".repeat(writes.size()) + "---|---|");
		rateRows("write", writes, THEIRS);
		rateRows("sequential read", reads, THEIRS);
		rateRows("seek + 256 KiB reads", seeks, THEIRS);
		line("");
	}

	private static int readFully(InputStream in, byte[] buffer, int length) throws IOException {
		int done = 0;
		while (done < length) {
			int n = in.read(buffer, 0, Math.min(buffer.length, length - done));
			if (n < 0) {
				break;
			}
			done += n;
		}
		return done;
	}

	// ---------------------------------------------------------------- requests

	/** The requests of one step and the connections the client opened for them. */
	private record Step(List<CountingHttpProxy.Request> requests, int connections) {

		static Step of(CountingHttpProxy proxy) {
			return new Step(proxy.requests(), proxy.connections());
		}

	}

	private void requests() throws Exception {
		URI endpoint = URI.create(this.s3.endpoint());
		try (CountingHttpProxy proxy = new CountingHttpProxy(endpoint.getHost(), endpoint.getPort())) {
			Map<String, String> options = new LinkedHashMap<>(this.s3.catalogOptions());
			options.put("s3.endpoint", proxy.endpoint());
			line("## (c) HTTP requests of a write of a few rows and its commit, counted at a proxy in front of "
					+ "S3Proxy");
			line("");
			line("Catalog and table creation are not counted; the table object is fetched once before. "
					+ "`write` = newWrite, 5 rows, prepareCommit (one data file); `commit` = newCommit().commit; "
					+ "the first commit of a fresh table and the second are shown apart. `scan` = a whole read of the "
					+ "table after the two commits (2 data files). Catalog cache on (Paimon's default). "
					+ "`connections` = TCP connections the client opened to the proxy during the step (a pooled "
					+ "connection is reused; an aborted response costs a new one).");
			line("");
			Map<String, Map<String, Step>> all = new LinkedHashMap<>();
			try (Catalog ours = ours(options); Catalog theirs = theirs(options)) {
				ours.createDatabase("db", true);
				for (Side side : List.of(new Side(OURS, ours), new Side(THEIRS, theirs))) {
					for (String kind : List.of("append", "pk")) {
						all.put(side.name() + " | " + kind, tableSteps(side, kind, proxy));
					}
					all.put(side.name() + " | raw", rawSteps(side, proxy));
				}
			}
			requestTables(all, "append", "Append-only table (bucket -1)",
					List.of("write 1", "commit 1", "write 2", "commit 2", "scan"));
			requestTables(all, "pk", "Primary-key table (bucket 1)",
					List.of("write 1", "commit 1", "write 2", "commit 2", "scan"));
			requestTables(all, "raw", "A file of 40 MiB: newOutputStream(path, false) in 1 MiB writes; "
					+ "newInputStream read whole; then 16 seeks to random positions with 256 KiB read after each",
					List.of("write", "read", "seeks"));
		}
	}

	private static Map<String, Step> tableSteps(Side side, String kind, CountingHttpProxy proxy) throws Exception {
		Identifier identifier = Identifier.create("db", "req_" + kind + "_" + side.tag());
		Schema.Builder schema = Schema.newBuilder()
			.column("id", DataTypes.INT().notNull())
			.column("name", DataTypes.STRING());
		if (kind.equals("pk")) {
			schema.primaryKey("id").option("bucket", "1");
		}
		side.catalog().createTable(identifier, schema.build(), false);
		Table table = side.catalog().getTable(identifier);
		Map<String, Step> steps = new LinkedHashMap<>();
		for (int commitNumber = 1; commitNumber <= 2; commitNumber++) {
			BatchWriteBuilder builder = table.newBatchWriteBuilder();
			proxy.reset();
			List<CommitMessage> messages;
			try (BatchTableWrite write = builder.newWrite()) {
				for (int i = 0; i < 5; i++) {
					int id = commitNumber * 10 + i;
					write.write(GenericRow.of(id, BinaryString.fromString("row-" + id)));
				}
				messages = write.prepareCommit();
			}
			steps.put("write " + commitNumber, Step.of(proxy));
			proxy.reset();
			try (BatchTableCommit commit = builder.newCommit()) {
				commit.commit(messages);
			}
			steps.put("commit " + commitNumber, Step.of(proxy));
		}
		proxy.reset();
		ReadBuilder read = table.newReadBuilder();
		long count = 0;
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan().splits())) {
			RecordReader.RecordIterator<InternalRow> batch;
			while ((batch = reader.readBatch()) != null) {
				while (batch.next() != null) {
					count++;
				}
				batch.releaseBatch();
			}
		}
		steps.put("scan", Step.of(proxy));
		if (count != 10) {
			throw new IllegalStateException(side.name() + " read " + count + " rows of 10");
		}
		return steps;
	}

	/** A file of several parts, a whole read of it, and reads after seeks. */
	private static Map<String, Step> rawSteps(Side side, CountingHttpProxy proxy) throws Exception {
		FileIO fileIO = side.fileIO();
		org.apache.paimon.fs.Path path = new org.apache.paimon.fs.Path("s3://" + BUCKET + "/raw/requests-" + side.tag()
				+ ".bin");
		byte[] block = new byte[1 << 20];
		new SplittableRandom(3).nextBytes(block);
		Map<String, Step> steps = new LinkedHashMap<>();
		proxy.reset();
		try (PositionOutputStream out = fileIO.newOutputStream(path, false)) {
			for (int i = 0; i < 40; i++) {
				out.write(block);
			}
		}
		steps.put("write", Step.of(proxy));
		proxy.reset();
		try (InputStream in = fileIO.newInputStream(path)) {
			in.transferTo(OutputStream.nullOutputStream());
		}
		steps.put("read", Step.of(proxy));
		proxy.reset();
		SplittableRandom random = new SplittableRandom(5);
		try (SeekableInputStream in = fileIO.newInputStream(path)) {
			for (int i = 0; i < 16; i++) {
				in.seek(random.nextLong((40L << 20) - (256 << 10)));
				readFully(in, block, 256 << 10);
			}
		}
		steps.put("seeks", Step.of(proxy));
		fileIO.deleteQuietly(path);
		return steps;
	}

	private void requestTables(Map<String, Map<String, Step>> all, String kind, String title, List<String> steps) {
		line("### " + title);
		line("");
		TreeSet<String> operations = new TreeSet<>();
		for (String side : List.of(OURS, THEIRS)) {
			all.get(side + " | " + kind).values().forEach((step) ->
					operations.addAll(CountingHttpProxy.byOperation(step.requests()).keySet()));
		}
		StringBuilder head = new StringBuilder("| request |");
		StringBuilder rule = new StringBuilder("|---|");
		for (String side : List.of(OURS, THEIRS)) {
			for (String step : steps) {
				head.append(' ').append(shortName(side)).append(' ').append(step).append(" |");
				rule.append("---:|");
			}
		}
		line(head.toString());
		line(rule.toString());
		for (String operation : operations) {
			StringBuilder row = new StringBuilder("| ").append(operation).append(" |");
			for (String side : List.of(OURS, THEIRS)) {
				for (String step : steps) {
					Integer count = CountingHttpProxy.byOperation(all.get(side + " | " + kind).get(step).requests())
						.get(operation);
					row.append(' ').append((count == null) ? "" : count.toString()).append(" |");
				}
			}
			line(row.toString());
		}
		StringBuilder totals = new StringBuilder("| **total requests** |");
		StringBuilder opened = new StringBuilder("| connections |");
		for (String side : List.of(OURS, THEIRS)) {
			for (String step : steps) {
				Step counted = all.get(side + " | " + kind).get(step);
				totals.append(" **").append(counted.requests().size()).append("** |");
				opened.append(' ').append(counted.connections()).append(" |");
			}
		}
		line(totals.toString());
		line(opened.toString());
		line("");
		line("<details><summary>The requests in order (" + kind + ")</summary>");
		line("");
		for (String side : List.of(OURS, THEIRS)) {
			for (Map.Entry<String, Step> step : all.get(side + " | " + kind).entrySet()) {
				line("**" + side + ", " + step.getKey() + "** (" + step.getValue().requests().size() + " requests, "
						+ step.getValue().connections() + " connections)");
				line("");
				line("```");
				step.getValue().requests().forEach((request) -> line(request.toString()));
				line("```");
				line("");
			}
		}
		line("</details>");
		line("");
	}

	private static String shortName(String side) {
		return side.equals(OURS) ? "new" : "paimon-s3";
	}

	// ---------------------------------------------------------------- HTTP clients

	private void httpClients() throws Exception {
		int objectSize = 16 << 20;
		int objects = (int) Math.max(1, this.httpBytes / objectSize);
		byte[] body = new byte[objectSize];
		new SplittableRandom(11).nextBytes(body);
		Map<String, Supplier<SdkHttpClient.Builder<?>>> kinds = new LinkedHashMap<>();
		kinds.put("Apache5HttpClient (apache5-client)", () -> Apache5HttpClient.builder()
			.maxConnections(96)
			.connectionTimeout(Duration.ofSeconds(5))
			.socketTimeout(Duration.ofSeconds(200)));
		kinds.put("ApacheHttpClient (apache-client, Apache 4, as in S3A)", () -> ApacheHttpClient.builder()
			.maxConnections(96)
			.connectionTimeout(Duration.ofSeconds(5))
			.socketTimeout(Duration.ofSeconds(200)));
		kinds.put("UrlConnectionHttpClient (url-connection-client)", () -> UrlConnectionHttpClient.builder()
			.connectionTimeout(Duration.ofSeconds(5))
			.socketTimeout(Duration.ofSeconds(200)));
		Map<String, List<Double>> puts = new LinkedHashMap<>();
		Map<String, List<Double>> gets = new LinkedHashMap<>();
		Map<String, List<Double>> heads = new LinkedHashMap<>();
		Map<String, S3Client> built = new LinkedHashMap<>();
		for (Map.Entry<String, Supplier<SdkHttpClient.Builder<?>>> kind : kinds.entrySet()) {
			built.put(kind.getKey(), S3Client.builder()
				.httpClientBuilder(kind.getValue().get())
				.credentialsProvider(StaticCredentialsProvider
					.create(AwsBasicCredentials.create(InJvmS3.ACCESS_KEY, InJvmS3.SECRET_KEY)))
				.region(Region.US_EAST_1)
				.forcePathStyle(true)
				.endpointOverride(URI.create(this.s3.endpoint()))
				.requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
				.responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
				.build());
			puts.put(kind.getKey(), new ArrayList<>());
			gets.put(kind.getKey(), new ArrayList<>());
			heads.put(kind.getKey(), new ArrayList<>());
		}
		int headCount = 1000;
		try {
			List<String> names = new ArrayList<>(built.keySet());
			for (int round = 0; round <= this.rounds; round++) {
				List<String> order = rotated(names, round);
				for (String name : order) {
					S3Client client = built.get(name);
					String prefix = "http/" + name.substring(0, name.indexOf(' ')) + "-" + round + "/";
					long start = System.nanoTime();
					for (int i = 0; i < objects; i++) {
						body[0] = (byte) i;
						String key = prefix + i;
						client.putObject((put) -> put.bucket(BUCKET).key(key), RequestBody.fromBytes(body));
					}
					double put = mbps((long) objects * objectSize, System.nanoTime() - start);
					start = System.nanoTime();
					byte[] buffer = new byte[1 << 20];
					long read = 0;
					for (int i = 0; i < objects; i++) {
						String key = prefix + i;
						try (ResponseInputStream<GetObjectResponse> in = client
							.getObject((get) -> get.bucket(BUCKET).key(key))) {
							int n;
							while ((n = in.read(buffer)) >= 0) {
								read += n;
							}
						}
					}
					double get = mbps(read, System.nanoTime() - start);
					start = System.nanoTime();
					for (int i = 0; i < headCount; i++) {
						String key = prefix + (i % objects);
						client.headObject((head) -> head.bucket(BUCKET).key(key));
					}
					double headRate = headCount / ((System.nanoTime() - start) / 1e9);
					deleteTree(this.s3.root().resolve(BUCKET).resolve(prefix));
					if (round == 0) {
						// warm-up
						continue;
					}
					puts.get(name).add(put);
					gets.get(name).add(get);
					heads.get(name).add(headRate);
					System.out.printf(Locale.ROOT, "round %d http %-48s put %.1f MB/s, get %.1f MB/s, head %.0f/s%n",
							round, name, put, get, headRate);
				}
			}
		}
		finally {
			built.values().forEach(S3Client::close);
		}
		line("## (d) The SDK's HTTP clients on raw requests (S3Client built here, same settings as S3Clients)");
		line("");
		line(objects + " objects of 16 MiB (" + mb((long) objects * objectSize) + " MB) a round: PutObject "
				+ "(RequestBody.fromBytes, SigV4 payload hash over http), GetObject read whole in 1 MiB reads, then "
				+ headCount + " HeadObject one after another (requests a second). One unreported warm-up round.");
		line("");
		line("| step | " + String.join(" | ", sideColumns(puts)) + " | ratio Apache 4 / Apache 5 "
				+ "| ratio URLConnection / Apache 5 |");
		line("|---|" + "---|".repeat(puts.size()) + "---|---|");
		String apache5 = names(puts).get(0);
		rateRows("PutObject MB/s", puts, apache5);
		rateRows("GetObject MB/s", gets, apache5);
		rateRows("HeadObject requests/s", heads, apache5);
		line("");
	}

	// ---------------------------------------------------------------- catalogs and formatting

	private Catalog ours(Map<String, String> s3Options) {
		Options options = options(s3Options);
		return CatalogFactory.createCatalog(CatalogContext.create(options, new S3FileIOLoader("s3", this.clients),
				null));
	}

	private static Catalog theirs(Map<String, String> s3Options) {
		return CatalogFactory.createCatalog(CatalogContext.create(options(s3Options)));
	}

	private static Options options(Map<String, String> s3Options) {
		Options options = new Options();
		options.set("warehouse", "s3://" + BUCKET + "/wh");
		s3Options.forEach(options::set);
		return options;
	}

	/** One FileIO under test with its catalog. */
	private record Side(String name, Catalog catalog) {

		String tag() {
			return switch (this.name) {
				case OURS -> "new";
				case OURS_64M -> "new64";
				default -> "s3a";
			};
		}

		FileIO fileIO() throws Exception {
			Identifier any = Identifier.create("db", "fileio_" + tag());
			try {
				this.catalog.getTable(any);
			}
			catch (Catalog.TableNotExistException ex) {
				createTable(this.catalog, any);
			}
			FileIO fileIO = ((FileStoreTable) this.catalog.getTable(any)).fileIO();
			boolean expected = !this.name.equals(THEIRS) ? fileIO instanceof S3FileIO
					: fileIO instanceof PluginFileIO && !(fileIO instanceof S3FileIO);
			if (!expected) {
				throw new IllegalStateException(this.name + " has FileIO " + fileIO.getClass().getName());
			}
			return fileIO;
		}

	}

	private void rateTable(Map<String, List<Double>> rates, Map<String, List<String>> notes) {
		line("| round | " + String.join(" | ", sideColumns(rates)) + " | ratio (new / paimon-s3) |");
		line("|---|" + "---|".repeat(rates.size()) + "---|");
		List<String> names = new ArrayList<>(rates.keySet());
		for (int round = 0; round < this.rounds; round++) {
			StringBuilder row = new StringBuilder("| " + (round + 1) + " |");
			for (String name : names) {
				row.append(String.format(Locale.ROOT, " %.1f", rates.get(name).get(round)));
				if (notes != null) {
					row.append(" (").append(notes.get(name).get(round)).append(')');
				}
				row.append(" |");
			}
			row.append(String.format(Locale.ROOT, " %.2f |",
					rates.get(names.get(0)).get(round) / rates.get(names.get(1)).get(round)));
			line(row.toString());
		}
		StringBuilder median = new StringBuilder("| **median** |");
		for (String name : names) {
			median.append(String.format(Locale.ROOT, " **%.1f** |", median(rates.get(name))));
		}
		List<Double> ratios = new ArrayList<>();
		for (int round = 0; round < this.rounds; round++) {
			ratios.add(rates.get(names.get(0)).get(round) / rates.get(names.get(1)).get(round));
		}
		median.append(String.format(Locale.ROOT, " **%.2f** (ratio of the medians; median of the rounds' ratios "
				+ "%.2f) |", median(rates.get(names.get(0))) / median(rates.get(names.get(1))), median(ratios)));
		line(median.toString());
		line("");
	}

	/** A row of rates: each column's rounds and median, then each other column's median over the baseline's. */
	private void rateRows(String step, Map<String, List<Double>> rates, String baseline) {
		StringBuilder row = new StringBuilder("| " + step + " |");
		for (Map.Entry<String, List<Double>> column : rates.entrySet()) {
			List<Double> values = column.getValue();
			row.append(String.format(Locale.ROOT, " %s (median **%.1f**) |", join(values), median(values)));
		}
		double base = median(rates.get(baseline));
		for (String name : rates.keySet()) {
			if (!name.equals(baseline)) {
				row.append(String.format(Locale.ROOT, " %.2f |", median(rates.get(name)) / base));
			}
		}
		line(row.toString());
	}

	private static List<String> names(Map<String, List<Double>> rates) {
		return new ArrayList<>(rates.keySet());
	}

	private static List<String> sideColumns(Map<String, List<Double>> rates) {
		return new ArrayList<>(rates.keySet());
	}

	private static String join(List<Double> values) {
		List<String> texts = new ArrayList<>();
		for (double value : values) {
			texts.add(String.format(Locale.ROOT, "%.1f", value));
		}
		return String.join(", ", texts);
	}

	private static double last(Map<String, List<Double>> rates, Side side) {
		List<Double> values = rates.get(side.name());
		return values.get(values.size() - 1);
	}

	/** The list rotated by {@code by}: each entry goes first in turn. */
	private static <T> List<T> rotated(List<T> list, int by) {
		List<T> copy = new ArrayList<>(list);
		Collections.rotate(copy, -(by % list.size()));
		return copy;
	}

	private static <T> List<T> reversed(List<T> list) {
		List<T> copy = new ArrayList<>(list);
		Collections.reverse(copy);
		return copy;
	}

	private static double median(List<Double> values) {
		List<Double> sorted = new ArrayList<>(values);
		sorted.sort(Comparator.naturalOrder());
		int n = sorted.size();
		return (n % 2 == 1) ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
	}

	private static double mbps(long bytes, long nanos) {
		return bytes / 1e6 / (nanos / 1e9);
	}

	private static String mb(long bytes) {
		return String.format(Locale.ROOT, "%.1f", bytes / 1e6);
	}

	private static String seconds(long nanos) {
		return String.format(Locale.ROOT, "%.0f", nanos / 1e9);
	}

	private static String loadAverage() {
		try {
			String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
			return fields[0] + ", " + fields[1] + ", " + fields[2];
		}
		catch (IOException | RuntimeException ex) {
			return "unknown";
		}
	}

	private void line(String text) {
		this.report.append(text).append('\n');
	}

	private static long size(Path file) {
		try {
			return Files.size(file);
		}
		catch (IOException ex) {
			return 0;
		}
	}

	private static void deleteTree(Path root) throws IOException {
		if (!Files.exists(root)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(root)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(path);
			}
		}
	}

}
