package io.github.paimonspring.httptests.bench;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.options.Options;
import org.apache.paimon.types.DataTypes;

/**
 * Benchmark harness (not a test): the same Arrow IPC stream of 2,000,000 rows written (a) in process
 * with {@code PaimonWriter.write(table, ArrowStreamReader)} and (b) over HTTP as a one-shot upload to
 * the packaged sample app, in one run, alternating the order. Run:
 * {@code mvn -B -pl autoconfigure,starter,sample-app,http-tests -Pbench-http verify -DskipTests} (see docs/benchmarks.md).
 */
public final class HttpUploadBenchmark {

	private HttpUploadBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		int rows = (args.length > 0) ? Integer.parseInt(args[0]) : 2_000_000;
		int rounds = (args.length > 1) ? Integer.parseInt(args[1]) : 3;
		Path out = (args.length > 2) ? Path.of(args[2]) : Path.of("target/http-benchmark-results.md");
		Path warehouse = Files.createTempDirectory("paimon-http-bench");
		byte[] body = stream(rows, 65_536);
		System.out.printf(Locale.ROOT, "Body: %,d bytes, %,d rows%n", body.length, rows);
		try (Warehouse tables = new Warehouse(warehouse)) {
			for (int round = -1; round < rounds; round++) {
				tables.create("bench.local_" + (round + 1), schema());
				tables.create("bench.http_" + (round + 1), schema());
			}
		}
		Options options = new Options();
		options.set("warehouse", warehouse.toString());
		options.set("cache-enabled", "false");
		List<Double> local = new ArrayList<>();
		List<Double> http = new ArrayList<>();
		List<Double> ratios = new ArrayList<>();
		try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options));
				BufferAllocator allocator = new RootAllocator();
				SampleAppProcess app = SampleAppProcess.start(warehouse, List.of("-Xmx4g"), "--paimon.admin.enabled=true",
						"--paimon.admin.token=bench")) {
			PaimonWriter writer = new PaimonWriter(new PaimonTables(catalog, Map.of()), warehouse.resolve("spill"));
			AdminClient client = new AdminClient(app, "bench");
			for (int round = -1; round < rounds; round++) {
				String suffix = String.valueOf(round + 1);
				double l;
				double h;
				if (round % 2 == 0) {
					l = local(writer, allocator, "bench.local_" + suffix, body, rows);
					h = http(client, "/paimon/tables/bench/http_" + suffix + "/uploads", body, rows);
				}
				else {
					h = http(client, "/paimon/tables/bench/http_" + suffix + "/uploads", body, rows);
					l = local(writer, allocator, "bench.local_" + suffix, body, rows);
				}
				if (round < 0) {
					System.out.println("warm-up done");
					continue;
				}
				local.add(l);
				http.add(h);
				ratios.add(h / l);
				System.out.printf(Locale.ROOT, "round %d: in-process %,.0f rows/s, HTTP %,.0f rows/s, ratio %.2f%n", round, l,
						h, h / l);
			}
		}
		String report = String.format(Locale.ROOT,
				"Rows: %,d (%,d bytes of Arrow IPC); rounds: %d; cores: %d%n%n"
						+ "| side | rows/s (median) |%n|---|---:|%n| in-process PaimonWriter.write(table, ArrowStreamReader) | %,.0f |%n"
						+ "| HTTP one-shot upload to the sample app | %,.0f |%n%nratio HTTP / in-process (median of rounds): %.2f%n",
				rows, body.length, rounds, Runtime.getRuntime().availableProcessors(), median(local), median(http),
				median(ratios));
		System.out.println(report);
		Files.createDirectories(out.toAbsolutePath().getParent());
		Files.writeString(out, report);
	}

	private static double local(PaimonWriter writer, BufferAllocator allocator, String table, byte[] body, int rows)
			throws Exception {
		long start = System.nanoTime();
		try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(body), allocator)) {
			long written = writer.write(table, reader).rows();
			if (written != rows) {
				throw new IllegalStateException("wrote " + written);
			}
		}
		return rows / ((System.nanoTime() - start) / 1e9);
	}

	private static double http(AdminClient client, String path, byte[] body, int rows) throws Exception {
		long start = System.nanoTime();
		HttpResponse<String> response = client.send(client.request(path)
			.header("Content-Type", AdminClient.ARROW)
			.POST(HttpRequest.BodyPublishers.ofByteArray(body))
			.build());
		if (response.statusCode() != 200 || !response.body().contains("\"rows\":" + rows)) {
			throw new IllegalStateException("upload failed: " + response.statusCode() + " " + response.body());
		}
		return rows / ((System.nanoTime() - start) / 1e9);
	}

	static org.apache.paimon.schema.Schema schema() {
		return org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT().notNull())
			.column("seq", DataTypes.BIGINT())
			.column("name", DataTypes.STRING())
			.column("score", DataTypes.DOUBLE())
			.column("amount", DataTypes.DECIMAL(18, 4))
			.column("ts", DataTypes.TIMESTAMP(6))
			.build();
	}

	static byte[] stream(int rows, int batchSize) throws Exception {
		Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)), null),
				new Field("seq", FieldType.nullable(new ArrowType.Int(64, true)), null),
				new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
				new Field("score", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
				new Field("amount", FieldType.nullable(new ArrowType.Decimal(18, 4, 128)), null),
				new Field("ts", FieldType.nullable(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)), null)));
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (BufferAllocator allocator = new RootAllocator();
				VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
				ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
			writer.start();
			for (int start = 0; start < rows; start += batchSize) {
				int size = Math.min(batchSize, rows - start);
				root.allocateNew();
				for (int r = 0; r < size; r++) {
					int i = start + r;
					((IntVector) root.getVector(0)).setSafe(r, i);
					((BigIntVector) root.getVector(1)).setSafe(r, i * 3L);
					((VarCharVector) root.getVector(2)).setSafe(r, ("customer-" + (i % 10_000)).getBytes(StandardCharsets.UTF_8));
					((Float8Vector) root.getVector(3)).setSafe(r, i * 0.5);
					((DecimalVector) root.getVector(4)).setSafe(r, BigDecimal.valueOf((i * 7919L) % 100_000_000L, 4));
					((TimeStampMicroVector) root.getVector(5)).setSafe(r, 1_767_225_600_000_000L + i * 1000L);
				}
				root.setRowCount(size);
				writer.writeBatch();
			}
			writer.end();
		}
		return out.toByteArray();
	}

	static double median(List<Double> values) {
		List<Double> sorted = new ArrayList<>(values);
		sorted.sort(Comparator.naturalOrder());
		int n = sorted.size();
		return (n % 2 == 1) ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
	}

}
