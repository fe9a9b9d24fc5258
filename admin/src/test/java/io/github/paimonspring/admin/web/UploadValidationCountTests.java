package io.github.paimonspring.admin.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.support.TestWarehouse;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
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
 * How often a batch is checked and turned into column vectors on its way from an HTTP upload into a table,
 * counted on a real server with the Flight Recorder events of the check
 * ({@code io.github.paimonspring.ArrowBatchValidation}) and of the conversion
 * ({@code io.github.paimonspring.ArrowBatchConversion}): once each per batch for a one-shot upload through the
 * group commit (the group's writer takes the columns of the ingest service's validation), for a streamed
 * one-shot upload and for a transaction's upload; the rows are read back.
 */
class UploadValidationCountTests {

	private static final String ARROW = "application/vnd.apache.arrow.stream";

	private static final String VALIDATION = "io.github.paimonspring.ArrowBatchValidation";

	private static final String CONVERSION = "io.github.paimonspring.ArrowBatchConversion";

	@TempDir
	static Path dir;

	static ConfigurableApplicationContext context;

	static TestWarehouse warehouse;

	static int port;

	private final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void start() throws IOException {
		Path root = dir.resolve("warehouse");
		warehouse = new TestWarehouse(root);
		for (String table : List.of("shop.uploads", "shop.streamed", "shop.transactions")) {
			warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT().notNull())
				.column("name", DataTypes.STRING())
				.build());
		}
		context = new SpringApplicationBuilder(App.class).properties("server.port=0", "spring.main.banner-mode=off",
				"spring.jmx.enabled=false", "paimon.catalog.warehouse=" + root, "paimon.admin.enabled=true",
				"paimon.admin.token=secret")
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
	void aOneShotUploadThroughTheGroupCommitChecksAndConvertsEachBatchOnce() throws Exception {
		List<RecordedEvent> events = recorded(() -> assertThat(send("POST", "/paimon/tables/shop/uploads/uploads",
				stream(0, 3, 100)).statusCode()).isEqualTo(200));
		assertThat(warehouse.read("shop.uploads", (row) -> row.getInt(0))).hasSize(300);
		assertThat(of(events, VALIDATION, "shop.uploads")).as("validations of the upload's batches")
			.hasSize(3)
			.allSatisfy((event) -> assertThat(event.getInt("rows")).isEqualTo(100));
		assertThat(of(events, CONVERSION, "shop.uploads")).as("conversions of the upload's batches into columns")
			.hasSize(3);
	}

	@Test
	void aStreamedOneShotUploadChecksAndConvertsEachBatchOnce() throws Exception {
		// an overwrite never joins a group: the body streams through the core's one-shot path
		List<RecordedEvent> events = recorded(() -> assertThat(send("POST",
				"/paimon/tables/shop/streamed/uploads?overwrite=true", stream(0, 3, 100)).statusCode())
			.isEqualTo(200));
		assertThat(warehouse.read("shop.streamed", (row) -> row.getInt(0))).hasSize(300);
		assertThat(of(events, VALIDATION, "shop.streamed")).as("validations of the streamed upload's batches")
			.hasSize(3)
			.allSatisfy((event) -> assertThat(event.getInt("rows")).isEqualTo(100));
		assertThat(of(events, CONVERSION, "shop.streamed")).as("conversions of the streamed upload's batches")
			.hasSize(3);
	}

	@Test
	void aTransactionsUploadChecksAndConvertsEachBatchOnce() throws Exception {
		List<RecordedEvent> events = recorded(() -> {
			HttpResponse<String> opened = send("POST", "/paimon/tables/shop/transactions/transactions", null);
			assertThat(opened.statusCode()).as(opened.body()).isEqualTo(201);
			String id = opened.body().replaceAll("(?s).*\"id\"\\s*:\\s*\"([^\"]+)\".*", "$1");
			assertThat(send("POST", "/paimon/transactions/" + id + "/batches", stream(1000, 2, 50)).statusCode())
				.isEqualTo(200);
			assertThat(send("POST", "/paimon/transactions/" + id + "/commit", null).statusCode()).isEqualTo(200);
		});
		assertThat(warehouse.read("shop.transactions", (row) -> row.getInt(0))).hasSize(100);
		assertThat(of(events, VALIDATION, "shop.transactions")).hasSize(2);
		assertThat(of(events, CONVERSION, "shop.transactions")).hasSize(2);
	}

	private interface Action {

		void run() throws Exception;

	}

	/** The validation and conversion events recorded in this JVM while the action ran. */
	private static List<RecordedEvent> recorded(Action action) throws Exception {
		Path file = dir.resolve("validations-" + System.nanoTime() + ".jfr");
		try (Recording recording = new Recording()) {
			recording.enable(VALIDATION);
			recording.enable(CONVERSION);
			recording.start();
			action.run();
			recording.stop();
			recording.dump(file);
		}
		List<RecordedEvent> events = new ArrayList<>();
		for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
			String name = event.getEventType().getName();
			if (name.equals(VALIDATION) || name.equals(CONVERSION)) {
				events.add(event);
			}
		}
		return events;
	}

	/** The events of one kind of one table. */
	private static List<RecordedEvent> of(List<RecordedEvent> events, String name, String table) {
		return events.stream()
			.filter((event) -> event.getEventType().getName().equals(name) && event.getString("table").equals(table))
			.toList();
	}

	private HttpResponse<String> send(String method, String path, byte[] body) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
			.header("Authorization", "Bearer secret");
		if (body != null) {
			request.header("Content-Type", ARROW).method(method, HttpRequest.BodyPublishers.ofByteArray(body));
		}
		else {
			request.header("Content-Type", "application/json")
				.method(method, HttpRequest.BodyPublishers.ofString("{}"));
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	/** An Arrow IPC stream of {@code batches} batches of {@code rows} rows, ids from {@code first}. */
	private static byte[] stream(int first, int batches, int rows) throws IOException {
		org.apache.arrow.vector.types.pojo.Schema schema = new org.apache.arrow.vector.types.pojo.Schema(
				List.of(Field.notNullable("id", new ArrowType.Int(32, true)),
						Field.nullable("name", ArrowType.Utf8.INSTANCE)));
		try (BufferAllocator allocator = new RootAllocator();
				VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
				int id = first;
				for (int b = 0; b < batches; b++) {
					IntVector ids = (IntVector) root.getVector("id");
					VarCharVector names = (VarCharVector) root.getVector("name");
					ids.allocateNew(rows);
					names.allocateNew(rows);
					for (int i = 0; i < rows; i++, id++) {
						ids.set(i, id);
						names.setSafe(i, ("row-" + id).getBytes(StandardCharsets.UTF_8));
					}
					root.setRowCount(rows);
					writer.writeBatch();
				}
			}
			return out.toByteArray();
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class App {

	}

}
