package io.github.paimonspring.admin.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import io.github.paimonspring.admin.access.AdminCredential;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Scoped bearer credentials on a real server: a token rotated through the credentials file while a producer
 * streams one-shot Arrow uploads, within one credential (two hashes) and across two credential names, with zero
 * failed uploads and every row read back with Paimon's reader; and the actuator endpoints and OpenAPI
 * documents by scope.
 */
class AdminCredentialsOverHttpTests {

	private static final String ARROW = "application/vnd.apache.arrow.stream";

	private static final int ROWS_PER_UPLOAD = 5;

	@TempDir
	static Path dir;

	static ConfigurableApplicationContext context;

	static TestWarehouse warehouse;

	static Path credentialsFile;

	static int port;

	private final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void start() throws IOException {
		Path root = dir.resolve("warehouse");
		warehouse = new TestWarehouse(root);
		for (String table : List.of("shop.one_name", "shop.two_names")) {
			warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT())
				.column("name", DataTypes.STRING())
				.build());
		}
		credentialsFile = dir.resolve("credentials.yml");
		writeCredentials(credential("bootstrap", "bootstrap-token", "read", "*"));
		context = new SpringApplicationBuilder(App.class).properties("server.port=0", "spring.main.banner-mode=off",
				"spring.jmx.enabled=false", "paimon.catalog.warehouse=" + root, "paimon.admin.enabled=true",
				"paimon.admin.credentials-file=" + credentialsFile,
				"paimon.admin.credentials-refresh-interval=100ms",
				"paimon.admin.credentials.ingest-shop.token-hashes=" + AdminCredential.hash("ingest-shop-token"),
				"paimon.admin.credentials.ingest-shop.scopes=ingest",
				"paimon.admin.credentials.ingest-shop.tables=shop.*",
				"paimon.admin.credentials.auditor.token-hashes=" + AdminCredential.hash("auditor-token"),
				"paimon.admin.credentials.auditor.scopes=read", "paimon.admin.credentials.auditor.tables=*",
				"management.endpoints.web.exposure.include=health,paimon,metrics",
				"management.endpoint.health.show-details=when-authorized")
			.run();
		port = ((WebServerApplicationContext) context).getWebServer().getPort();
	}

	@AfterAll
	static void stop() throws Exception {
		if (context != null) {
			context.close();
		}
		if (warehouse != null) {
			warehouse.close();
		}
	}

	@Test
	void aTokenRotatesWithinOneCredentialWhileAProducerStreamsUploads() throws Exception {
		rotate("shop.one_name", "gateway", "gateway", "one-a", "one-b");
	}

	@Test
	void aTokenRotatesAcrossTwoCredentialNamesWhileAProducerStreamsUploads() throws Exception {
		rotate("shop.two_names", "gateway-2024", "gateway-2025", "two-a", "two-b");
	}

	/**
	 * Token A of credential {@code first} is replaced by token B of credential {@code second} (the same name or
	 * another) through the credentials file, while a producer uploads without pause.
	 */
	private void rotate(String table, String first, String second, String tokenA, String tokenB) throws Exception {
		writeCredentials(credential(first, tokenA, "ingest", "shop.*"));
		awaitStatus(tokenA, 200);
		assertThat(status(tokenB)).isEqualTo(401);
		Producer producer = new Producer(table, tokenA);
		CompletableFuture<Void> running = CompletableFuture.runAsync(producer::run);
		try {
			await("uploads with A", () -> producer.succeeded(tokenA) >= 3 || running.isDone());
			// A and B at once
			if (first.equals(second)) {
				writeCredentials("""
						paimon.admin.credentials.%s:
						  token-hashes: [%s, %s]
						  scopes: [ingest]
						  tables: ["shop.*"]
						""".formatted(first, AdminCredential.hash(tokenA), AdminCredential.hash(tokenB)));
			}
			else {
				writeCredentials(credential(first, tokenA, "ingest", "shop.*")
						+ credential(second, tokenB, "ingest", "shop.*"));
			}
			awaitStatus(tokenB, 200);
			producer.token.set(tokenB);
			await("uploads with B", () -> producer.succeeded(tokenB) >= 3 || running.isDone());
			// B alone
			writeCredentials(credential(second, tokenB, "ingest", "shop.*"));
			awaitStatus(tokenA, 401);
			int withB = producer.succeeded(tokenB);
			await("uploads with B after A is gone", () -> producer.succeeded(tokenB) >= withB + 3 || running.isDone());
		}
		finally {
			producer.stop.set(true);
			running.get(60, TimeUnit.SECONDS);
		}
		assertThat(producer.failures).as("failed uploads").isEmpty();
		assertThat(producer.succeeded(tokenA)).isGreaterThanOrEqualTo(3);
		assertThat(producer.succeeded(tokenB)).isGreaterThanOrEqualTo(6);
		List<Integer> ids = warehouse.read(table, (row) -> row.getInt(0));
		assertThat(new TreeSet<>(ids)).isEqualTo(producer.uploaded);
		assertThat(ids).hasSize(producer.uploaded.size());
		assertThat(status(tokenA)).isEqualTo(401);
		assertThat(status(tokenB)).isEqualTo(200);
	}

	@Test
	void actuatorEndpointsNeedReadOnEveryTableAndOpenApiDocumentsReadOnSomeTable() throws Exception {
		for (String path : List.of("/actuator/paimon", "/actuator/metrics", "/actuator/metrics/jvm.memory.used")) {
			HttpResponse<String> refused = get(path, "ingest-shop-token");
			assertThat(refused.statusCode()).as(path).isEqualTo(403);
			assertThat(refused.headers().firstValue("Content-Type")).hasValueSatisfying(
					(type) -> assertThat(type).startsWith("application/problem+json"));
			assertThat(refused.body()).contains("urn:paimon-spring:problem:forbidden")
				.contains("The credential 'ingest-shop' may not read this actuator endpoint: it needs scope 'read' "
						+ "on every table (*)")
				.doesNotContain("ingest-shop-token");
			assertThat(get(path, "auditor-token").statusCode()).as(path).isEqualTo(200);
			assertThat(get(path, null).statusCode()).as(path).isEqualTo(401);
			assertThat(get(path, "wrong").statusCode()).as(path).isEqualTo(401);
		}
		HttpResponse<String> paimon = get("/actuator/paimon", "auditor-token");
		assertThat(paimon.body()).contains("\"transactions\"");
		// ingest on shop.* includes read on shop.*: the documents, which show no table's data, are readable
		for (String path : List.of("/v3/api-docs/paimon-admin", "/v3/api-docs")) {
			assertThat(get(path, "ingest-shop-token").statusCode()).as(path).isEqualTo(200);
			assertThat(get(path, "auditor-token").statusCode()).as(path).isEqualTo(200);
			assertThat(get(path, null).statusCode()).as(path).isEqualTo(401);
		}
		// health details (every table, the instance, the metastore) only for read on every table: a narrower
		// credential gets the status, as an anonymous client does
		HttpResponse<String> narrow = get("/actuator/health", "ingest-shop-token");
		assertThat(narrow.statusCode()).isEqualTo(200);
		assertThat(narrow.body()).contains("\"status\":\"UP\"").doesNotContain("components")
			.doesNotContain("instance");
		assertThat(get("/actuator/health", null).body()).isEqualTo(narrow.body());
		HttpResponse<String> everyTable = get("/actuator/health", "auditor-token");
		assertThat(everyTable.statusCode()).isEqualTo(200);
		assertThat(everyTable.body()).contains("\"components\"").contains("\"paimon\"").contains("\"instance\"");
	}

	/** Uploads batches of new ids one after another with the current token until stopped. */
	private final class Producer {

		private final String table;

		private final AtomicReference<String> token;

		private final AtomicBoolean stop = new AtomicBoolean();

		private final Set<Integer> uploaded = Collections.synchronizedSet(new TreeSet<>());

		private final List<String> failures = Collections.synchronizedList(new ArrayList<>());

		private final Map<String, AtomicInteger> succeeded = new ConcurrentHashMap<>();

		private int nextId;

		Producer(String table, String token) {
			this.table = table;
			this.token = new AtomicReference<>(token);
		}

		int succeeded(String token) {
			AtomicInteger count = this.succeeded.get(token);
			return (count != null) ? count.get() : 0;
		}

		void run() {
			try (BufferAllocator allocator = new RootAllocator()) {
				while (!this.stop.get() && this.failures.size() < 5) {
					int first = this.nextId;
					this.nextId += ROWS_PER_UPLOAD;
					String token = this.token.get();
					String[] parts = this.table.split("\\.");
					HttpResponse<String> response = AdminCredentialsOverHttpTests.this.http.send(
							HttpRequest.newBuilder(uri("/paimon/tables/" + parts[0] + "/" + parts[1] + "/uploads"))
								.header("Authorization", "Bearer " + token)
								.header("Content-Type", ARROW)
								.POST(HttpRequest.BodyPublishers.ofByteArray(stream(allocator, first)))
								.build(),
							HttpResponse.BodyHandlers.ofString());
					if (response.statusCode() == 200) {
						for (int id = first; id < first + ROWS_PER_UPLOAD; id++) {
							this.uploaded.add(id);
						}
						this.succeeded.computeIfAbsent(token, (key) -> new AtomicInteger()).incrementAndGet();
					}
					else {
						this.failures.add(response.statusCode() + " " + response.body());
					}
				}
			}
			catch (IOException ex) {
				this.failures.add(ex.toString());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				this.failures.add(ex.toString());
			}
		}

	}

	/** An Arrow IPC stream of one batch with ids {@code first} to {@code first + ROWS_PER_UPLOAD - 1}. */
	private static byte[] stream(BufferAllocator allocator, int first) throws IOException {
		org.apache.arrow.vector.types.pojo.Schema schema = new org.apache.arrow.vector.types.pojo.Schema(
				List.of(Field.nullable("id", new ArrowType.Int(32, true)),
						Field.nullable("name", ArrowType.Utf8.INSTANCE)));
		try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
			IntVector ids = (IntVector) root.getVector("id");
			VarCharVector names = (VarCharVector) root.getVector("name");
			for (int i = 0; i < ROWS_PER_UPLOAD; i++) {
				ids.setSafe(i, first + i);
				names.setSafe(i, ("row-" + (first + i)).getBytes(StandardCharsets.UTF_8));
			}
			root.setRowCount(ROWS_PER_UPLOAD);
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
				writer.writeBatch();
			}
			return out.toByteArray();
		}
	}

	private static String credential(String name, String token, String scope, String tables) {
		return """
				paimon.admin.credentials.%s:
				  token-hashes: [%s]
				  scopes: [%s]
				  tables: ["%s"]
				""".formatted(name, AdminCredential.hash(token), scope, tables);
	}

	/** Replaces the credentials file in one step: a new file renamed over the old one. */
	private static void writeCredentials(String yaml) throws IOException {
		Path next = Files.writeString(credentialsFile.resolveSibling("credentials.yml.next"), yaml);
		Files.move(next, credentialsFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}

	/** The status of {@code GET /paimon/tables} with a token. */
	private int status(String token) throws Exception {
		return get("/paimon/tables", token).statusCode();
	}

	private void awaitStatus(String token, int status) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		int last;
		while ((last = status(token)) != status) {
			assertThat(System.nanoTime()).as("GET /paimon/tables answers %d within 60 s (last %d)", status, last)
				.isLessThan(deadline);
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
		}
	}

	private static void await(String what, BooleanSupplier condition) {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		while (!condition.getAsBoolean()) {
			assertThat(System.nanoTime()).as("%s within 60 s", what).isLessThan(deadline);
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
		}
	}

	private HttpResponse<String> get(String path, String token) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).GET();
		if (token != null) {
			request.header("Authorization", "Bearer " + token);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static URI uri(String path) {
		return URI.create("http://127.0.0.1:" + port + path);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class App {

	}

}
