package io.github.paimonspring.httptests.backends;

import java.io.StringReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.jayway.jsonpath.JsonPath;
import com.sun.net.httpserver.HttpServer;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.ClusterTests;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import io.github.paimonspring.support.S3CatalogContexts;
import io.github.paimonspring.support.TestPostgres;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.table.FileStoreTable;
import org.gaul.s3proxy.BlobStores;
import org.gaul.s3proxy.S3Proxy;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The walkthrough "Two instances with java -jar" of {@code docs/production.md}, run as written: the
 * S3Proxy configuration, the start command and the curl requests are read from the document (the
 * fenced blocks after the {@code <!-- walkthrough:… -->} markers), so that the document and this test
 * cannot drift apart. Only what must be fresh per run is replaced: the instances' ports, S3Proxy's
 * port and directory, the {@code catalog-key} (PostgreSQL is shared by runs) and, when the tests run on
 * another PostgreSQL than the documented {@code 127.0.0.1:5432} ({@link TestPostgres}), its URL and user.
 */
@Tag(TestPostgres.TAG)
@Tag(ClusterTests.TAG)
class TwoInstanceWalkthroughTests {

	static final Path DOC = Path.of("..", "docs", "production.md");

	/** The {@code dt} of every order the walkthrough's pyarrow snippet writes. */
	static final String DT = "2026-11-30";

	@TempDir
	Path dir;

	@Test
	void walkthroughRunsAsDocumented() throws Exception {
		String doc = Files.readString(DOC);
		Properties s3proxyConf = new Properties();
		s3proxyConf.load(new StringReader(block(doc, "s3proxy.conf")));
		StartCommand start = StartCommand.parse(block(doc, "start"));
		Map<String, byte[]> files = arrowFiles(block(doc, "arrow"));
		List<String> script = lines(block(doc, "requests"));

		// the documented set-up, checked before anything runs
		assertThat(start.ports()).hasSize(2);
		assertThat(start.arguments()).allMatch((argument) -> argument.startsWith("--paimon.")
				|| argument.equals("--server.port=$port"), "only --paimon.* properties and the port");
		Map<String, String> catalog = start.catalogOptions();
		assertThat(catalog).containsEntry("metastore", "jdbc")
			.containsEntry("uri", "jdbc:postgresql://127.0.0.1:5432/postgres")
			.containsEntry("lock.enabled", "true")
			.containsKeys("catalog-key", "s3.endpoint", "s3.endpoint.region", "s3.access-key", "s3.secret-key")
			.doesNotContainKey("s3.region");
		assertThat(catalog.get("s3.endpoint")).isEqualTo(s3proxyConf.getProperty("s3proxy.endpoint"));
		assertThat(catalog.get("s3.access-key")).isEqualTo(s3proxyConf.getProperty("s3proxy.identity"));
		assertThat(catalog.get("s3.secret-key")).isEqualTo(s3proxyConf.getProperty("s3proxy.credential"));
		String token = start.argument("paimon.admin.token");
		assertThat(start.argument("paimon.admin.enabled")).isEqualTo("true");

		// S3Proxy as the document configures it, on a free port and a fresh directory
		s3proxyConf.setProperty("s3proxy.endpoint", "http://127.0.0.1:0");
		s3proxyConf.setProperty("jclouds.filesystem.basedir", this.dir.resolve("s3").toString());
		String bucket = URI.create(catalog.get("warehouse")).getHost();
		Files.createDirectories(this.dir.resolve("s3").resolve(bucket));
		S3Proxy proxy = S3Proxy.Builder.fromProperties(s3proxyConf)
			.blobStore(BlobStores.create(s3proxyConf.getProperty("jclouds.provider"), s3proxyConf))
			.build();
		proxy.start();
		List<SampleAppProcess> instances = new ArrayList<>();
		Warehouse warehouse = null;
		Throwable failure = null;
		try {
			awaitStarted(proxy);
			Map<String, String> replaced = new LinkedHashMap<>();
			replaced.put("--paimon.catalog.options.s3.endpoint=", "http://127.0.0.1:" + proxy.getPort());
			replaced.put("--paimon.catalog.options.uri=", TestPostgres.jdbcUrl());
			replaced.put("--paimon.catalog.options.jdbc.user=", TestPostgres.user());
			replaced.put("--paimon.catalog.options.catalog-key=",
					catalog.get("catalog-key") + "_" + UUID.randomUUID().toString().replace("-", ""));
			String[] arguments = start.arguments()
				.stream()
				.filter((argument) -> !argument.startsWith("--server.port="))
				.map((argument) -> replaced.entrySet()
					.stream()
					.filter((entry) -> argument.startsWith(entry.getKey()))
					.map((entry) -> entry.getKey() + entry.getValue())
					.findFirst()
					.orElse(argument))
				.toArray(String[]::new);
			// started at the same moment, as the document's loop does
			ExecutorService starting = Executors.newFixedThreadPool(start.ports().size());
			try {
				List<Future<SampleAppProcess>> started = new ArrayList<>();
				for (int i = 0; i < start.ports().size(); i++) {
					started.add(starting.submit(() -> SampleAppProcess.start(null,
							List.of("-Xmx768m", "-XX:TieredStopAtLevel=1"), arguments)));
				}
				for (Future<SampleAppProcess> instance : started) {
					try {
						instances.add(instance.get(5, TimeUnit.MINUTES));
					}
					catch (ExecutionException ex) {
						// keep waiting for the others, so that every started process is closed below
						failure = (failure != null) ? failure : ex.getCause();
					}
				}
			}
			finally {
				starting.shutdownNow();
			}
			if (failure != null) {
				throw new AssertionError("an instance did not start", failure);
			}
			Map<String, SampleAppProcess> byPort = new HashMap<>();
			for (int i = 0; i < instances.size(); i++) {
				byPort.put(start.ports().get(i), instances.get(i));
			}
			String first = instanceId(instances.get(0), token);
			String second = instanceId(instances.get(1), token);
			assertThat(first).isNotBlank().isNotEqualTo(second);

			List<DocShell.Step> steps = new DocShell(byPort, files).run(script);

			// the documented answers (the comment line after each request) are what the instances answered
			for (DocShell.Step step : steps) {
				System.out.println("walkthrough :" + step.port() + " " + step.status() + " " + step.body()
						+ ((step.output() != null) ? " | " + step.output() : ""));
			}
			for (DocShell.Step step : steps) {
				if (!step.captured()) {
					step.assertDocumentedAnswer();
				}
			}
			assertThat(steps).extracting(DocShell.Step::command)
				.hasSize(9)
				.allMatch((command) -> command.contains("curl"));
			// one-shot upload on instance 1, the same key on instance 2: one commit, no second one
			DocShell.Step upload = steps.get(0);
			DocShell.Step repeat = steps.get(1);
			assertThat(upload.port()).isEqualTo(start.ports().get(0));
			assertThat(repeat.port()).isEqualTo(start.ports().get(1));
			assertThat(upload.header("Idempotency-Key")).isNotNull().isEqualTo(repeat.header("Idempotency-Key"));
			assertThat(upload.status()).as(upload.body()).isEqualTo(200);
			assertThat(repeat.status()).as(repeat.body()).isEqualTo(200);
			assertThat(upload.<Boolean>json("$.committed")).isTrue();
			assertThat(upload.<Integer>json("$.rows")).isEqualTo(2);
			assertThat(repeat.<Boolean>json("$.committed")).isFalse();
			assertThat(repeat.<Integer>json("$.rows")).isZero();
			long keySnapshot = upload.<Number>json("$.snapshotId").longValue();
			assertThat(repeat.<Number>json("$.snapshotId").longValue()).isEqualTo(keySnapshot);
			// a staged transaction opened and written on instance 1
			DocShell.Step open = steps.get(2);
			DocShell.Step batch = steps.get(3);
			assertThat(open.port()).isEqualTo(start.ports().get(0));
			assertThat(open.status()).as(open.body()).isEqualTo(201);
			assertThat(open.<String>json("$.instance")).isEqualTo(first);
			assertThat(batch.port()).isEqualTo(start.ports().get(0));
			assertThat(batch.status()).as(batch.body()).isEqualTo(200);
			assertThat(batch.<Integer>json("$.totalRows")).isEqualTo(1);
			// instance 2 reports it, and refuses to commit it, naming instance 1
			DocShell.Step view = steps.get(4);
			DocShell.Step refused = steps.get(5);
			assertThat(view.port()).isEqualTo(start.ports().get(1));
			assertThat(view.status()).as(view.body()).isEqualTo(200);
			assertThat(view.<String>json("$.state")).isEqualTo("OPEN");
			assertThat(view.<String>json("$.instance")).isEqualTo(first);
			assertThat(refused.port()).isEqualTo(start.ports().get(1));
			assertThat(refused.status()).as(refused.body()).isEqualTo(409);
			assertThat(refused.<String>json("$.detail")).contains("instance " + first).doesNotContain(second);
			// committed on instance 1; instance 2 sees the commit
			DocShell.Step commit = steps.get(6);
			DocShell.Step committed = steps.get(7);
			assertThat(commit.port()).isEqualTo(start.ports().get(0));
			assertThat(commit.status()).as(commit.body()).isEqualTo(200);
			assertThat(commit.<Boolean>json("$.committed")).isTrue();
			assertThat(commit.<Integer>json("$.rows")).isEqualTo(1);
			long transactionSnapshot = commit.<Number>json("$.snapshotId").longValue();
			assertThat(transactionSnapshot).isEqualTo(keySnapshot + 1);
			assertThat(committed.port()).isEqualTo(start.ports().get(1));
			assertThat(committed.<String>json("$.state")).isEqualTo("COMMITTED");
			assertThat(committed.<Number>json("$.snapshotId").longValue()).isEqualTo(transactionSnapshot);
			// the row count read back through instance 2
			DocShell.Step count = steps.get(8);
			assertThat(count.port()).isEqualTo(start.ports().get(1));
			assertThat(count.output()).isEqualTo("3");

			// and read with Paimon's own reader: every order once, in exactly two commits
			Map<String, String> readerOptions = new LinkedHashMap<>(catalog);
			readerOptions.put("s3.endpoint", "http://127.0.0.1:" + proxy.getPort());
			readerOptions.put("uri", TestPostgres.jdbcUrl());
			readerOptions.put("jdbc.user", TestPostgres.user());
			readerOptions.put("catalog-key", argumentValue(arguments, "--paimon.catalog.options.catalog-key="));
			warehouse = new Warehouse(readerOptions);
			assertThat(warehouse.read("shop.orders", (row) -> row.getLong(0) + ":" + row.getString(2)))
				.containsExactlyInAnyOrder("1:customer-1", "2:customer-2", "3:customer-3");
			FileStoreTable orders = warehouse.table("shop.orders");
			assertThat(orders.snapshotManager().earliestSnapshotId()).isEqualTo(keySnapshot);
			assertThat(orders.snapshotManager().latestSnapshotId()).isEqualTo(transactionSnapshot);
		}
		finally {
			for (SampleAppProcess instance : instances) {
				instance.close();
			}
			if (warehouse != null) {
				warehouse.close();
			}
			proxy.stop();
		}
	}

	/**
	 * The region option of the walkthrough is the one the S3 client signs requests for; {@code s3.region} means the
	 * same (with paimon-s3 it did nothing), and the two with different values are refused.
	 */
	@Test
	void documentedRegionIsTheSigningRegion() throws Exception {
		Map<String, String> catalog = StartCommand.parse(block(Files.readString(DOC), "start")).catalogOptions();
		String region = catalog.get("s3.endpoint.region");
		assertThat(region).isNotBlank();
		assertThat(signingRegion(catalog, Map.of())).isEqualTo(region);
		// a region other than the documented one (and the client's own default) shows up as well
		assertThat(signingRegion(catalog, Map.of("s3.endpoint.region", "eu-west-3"))).isEqualTo("eu-west-3");
		Map<String, String> alias = new LinkedHashMap<>(catalog);
		alias.remove("s3.endpoint.region");
		assertThat(signingRegion(alias, Map.of("s3.region", "ap-south-1"))).isEqualTo("ap-south-1");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> signingRegion(catalog, Map.of("s3.endpoint.region", "us-east-2", "s3.region",
					"eu-west-3")))
			.withMessageContaining("s3.endpoint.region is given twice with different values");
	}

	/** The region in the credential scope of the first request the S3 FileIO sends. */
	private static String signingRegion(Map<String, String> catalog, Map<String, String> overrides) throws Exception {
		List<String> authorizations = new CopyOnWriteArrayList<>();
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.createContext("/", (exchange) -> {
			authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
			if ("GET".equals(exchange.getRequestMethod())) {
				// an empty listing: nothing below the prefix
				byte[] empty = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><ListBucketResult "
						+ "xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Name>lake</Name><KeyCount>0</KeyCount>"
						+ "<IsTruncated>false</IsTruncated></ListBucketResult>").getBytes(StandardCharsets.UTF_8);
				exchange.getResponseHeaders().add("Content-Type", "application/xml");
				exchange.sendResponseHeaders(200, empty.length);
				exchange.getResponseBody().write(empty);
			}
			else {
				exchange.sendResponseHeaders(404, -1);
			}
			exchange.close();
		});
		server.start();
		try {
			Map<String, String> options = new LinkedHashMap<>();
			catalog.forEach((key, value) -> {
				if (key.startsWith("s3.")) {
					options.put(key, value);
				}
			});
			options.putAll(overrides);
			options.put("s3.endpoint", "http://127.0.0.1:" + server.getAddress().getPort());
			String location = catalog.get("warehouse") + "/" + UUID.randomUUID();
			FileIO io = FileIO.get(new org.apache.paimon.fs.Path(location),
					S3CatalogContexts.create(options));
			assertThat(io.exists(new org.apache.paimon.fs.Path(location))).isFalse();
		}
		finally {
			server.stop(0);
		}
		assertThat(authorizations).isNotEmpty();
		Matcher scope = Pattern.compile("Credential=[^/]+/\\d{8}/([^/]+)/s3/aws4_request").matcher(authorizations
				.get(0));
		assertThat(scope.find()).as(authorizations.get(0)).isTrue();
		return scope.group(1);
	}

	/** The content of the fenced code block that follows {@code <!-- walkthrough:name -->}. */
	static String block(String doc, String name) {
		String marker = "<!-- walkthrough:" + name + " -->";
		int at = doc.indexOf(marker);
		assertThat(at).as("marker %s in %s", marker, DOC).isNotNegative();
		assertThat(doc.indexOf(marker, at + 1)).as("one marker %s", marker).isNegative();
		int open = doc.indexOf("```", at);
		int start = doc.indexOf('\n', open) + 1;
		int end = doc.indexOf("\n```", start);
		assertThat(doc.substring(at + marker.length(), open)).as("the block follows %s", marker).isBlank();
		return doc.substring(start, end + 1);
	}

	/** Lines with backslash continuations joined. */
	static List<String> lines(String block) {
		List<String> lines = new ArrayList<>();
		StringBuilder current = new StringBuilder();
		for (String line : block.split("\n")) {
			if (line.endsWith("\\")) {
				current.append(line, 0, line.length() - 1).append(' ');
				continue;
			}
			current.append(line);
			if (!current.toString().isBlank()) {
				lines.add(current.toString().strip());
			}
			current.setLength(0);
		}
		return lines;
	}

	/** The Arrow files the pyarrow snippet writes: name to body (order ids, {@link #DT}, customer-id). */
	static Map<String, byte[]> arrowFiles(String snippet) {
		assertThat(snippet).contains("\"order_id\": pa.array(ids, pa.int64())")
			.contains("\"dt\": pa.array([\"" + DT + "\"] * len(ids))")
			.contains("\"customer\": pa.array([f\"customer-{i}\" for i in ids])");
		List<Field> fields = List.of(ArrowBodies.intField("order_id", 64), ArrowBodies.utf8Field("dt"),
				ArrowBodies.utf8Field("customer"));
		Map<String, byte[]> files = new HashMap<>();
		Matcher file = Pattern.compile("\\(\"([^\"]+)\", \\[([0-9, ]+)]\\)").matcher(snippet);
		while (file.find()) {
			List<Object[]> rows = new ArrayList<>();
			for (String id : file.group(2).split(",\\s*")) {
				rows.add(new Object[] { Long.parseLong(id), DT, "customer-" + id });
			}
			files.put(file.group(1), ArrowBodies.of(fields, rows.toArray(new Object[0][])));
		}
		assertThat(files).as("files in %s", snippet).hasSize(2);
		return files;
	}

	private static String argumentValue(String[] arguments, String prefix) {
		for (String argument : arguments) {
			if (argument.startsWith(prefix)) {
				return argument.substring(prefix.length());
			}
		}
		throw new AssertionError("no " + prefix);
	}

	private static void awaitStarted(S3Proxy proxy) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (!"STARTED".equals(proxy.getState())) {
			assertThat(System.nanoTime()).as("S3Proxy started: %s", proxy.getState()).isLessThan(deadline);
			TimeUnit.MILLISECONDS.sleep(10);
		}
	}

	/** The id an instance writes into the transactions it holds (its health details show it). */
	private static String instanceId(SampleAppProcess instance, String token) throws Exception {
		HttpResponse<String> health = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(instance.uri("/actuator/health"))
				.header("Authorization", "Bearer " + token)
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(health.statusCode()).as(health.body()).isEqualTo(200);
		return JsonPath.read(health.body(), "$.components.paimon.details.instance");
	}

	/** The documented {@code for port in …; do java -jar … done}. */
	record StartCommand(List<String> ports, List<String> arguments) {

		static StartCommand parse(String block) {
			List<String> lines = lines(block);
			Matcher loop = Pattern.compile("for port in ([0-9 ]+); do").matcher(lines.get(0));
			assertThat(loop.matches()).as(lines.get(0)).isTrue();
			assertThat(lines).hasSize(3).last().isEqualTo("done");
			List<String> words = List.of(lines.get(1).split("\\s+"));
			assertThat(words.subList(0, 3)).containsExactly("java", "-jar",
					"sample-app/target/paimon-spring-boot-sample-app.jar");
			assertThat(words.get(words.size() - 1)).isEqualTo("&");
			return new StartCommand(List.of(loop.group(1).trim().split("\\s+")), words.subList(3, words.size() - 1));
		}

		String argument(String name) {
			String prefix = "--" + name + "=";
			return argumentValue(this.arguments.toArray(new String[0]), prefix);
		}

		/** {@code metastore}, {@code warehouse} and the {@code options}, as a catalog reads them. */
		Map<String, String> catalogOptions() {
			Map<String, String> options = new LinkedHashMap<>();
			for (String argument : this.arguments) {
				if (argument.startsWith("--paimon.catalog.")) {
					String property = argument.substring("--paimon.catalog.".length());
					String key = property.substring(0, property.indexOf('='));
					options.put(key.startsWith("options.") ? key.substring("options.".length()) : key,
							property.substring(property.indexOf('=') + 1));
				}
			}
			return options;
		}

	}

}
