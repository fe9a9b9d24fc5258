package io.github.paimonspring.httptests.admin;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.flatbuffers.FlatBufferBuilder;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.MetadataVersion;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.github.paimonspring.httptests.ArrowBodies.intField;
import static io.github.paimonspring.httptests.ArrowBodies.utf8Field;
import static io.github.paimonspring.httptests.admin.AdminSupport.expect;
import static io.github.paimonspring.httptests.admin.AdminSupport.open;
import static io.github.paimonspring.httptests.admin.AdminSupport.problem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Malformed requests against one server with a small heap ({@code -Xmx256m}): empty, truncated,
 * garbage and oversized-announcing Arrow bodies, schema mismatches, nulls in NOT NULL columns,
 * wrong media types and malformed JSON. Every request must get its exact 4xx status as
 * {@code application/problem+json}, the server must stay up, and nothing may reach the tables.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MalformedBodiesFuzzTests extends AdminAppTests {

	private static final String TOKEN = "fuzz-token";

	private static final String PK = "default.fuzz_pk_table";

	private static final String LOG = "default.fuzz_log_table";

	private static final String SMALLINT = "default.fuzz_smallint_table";

	private static final String POSTPONE = "default.fuzz_postpone_table";

	private static final List<String> TABLES = List.of(PK, LOG, SMALLINT, POSTPONE);

	private static final String ARROW = AdminClient.ARROW;

	/** Where a case sends its body. */
	enum Target {

		/** {@code POST /tables/{db}/{t}/uploads}. */
		ONE_SHOT,
		/** {@code POST /transactions/{id}/batches} of a fresh transaction. */
		TRANSACTION,
		/** {@code POST /tables/{db}/{t}/transactions}. */
		OPEN,
		/** {@code POST /transactions/{id}/commit} of a fresh transaction. */
		COMMIT

	}

	/**
	 * One malformed request and what the server must answer.
	 * @param column the expected {@code column} problem field, or {@code null} for none
	 * @param expectedType a substring of the expected {@code expectedType}, or {@code null} for none
	 * @param actualType a substring of the expected {@code actualType}, or {@code null} for none
	 */
	record Case(String name, Target target, String table, String contentType, byte[] body, int status, String column,
			String expectedType, String actualType) {

		static Case of(String name, Target target, String table, byte[] body, int status) {
			return new Case(name, target, table, ARROW, body, status, null, null, null);
		}

		@Override
		public String toString() {
			return this.target + " " + this.table + ": " + this.name;
		}

	}

	@BeforeAll
	static void start() throws Exception {
		warehouse.create(PK, Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.primaryKey("id")
			.option("bucket", "1")
			.build());
		warehouse.create(LOG, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING()).build());
		warehouse.create(SMALLINT,
				Schema.newBuilder().column("id", DataTypes.SMALLINT()).column("name", DataTypes.STRING()).build());
		AdminSupport.postponeTable(warehouse, POSTPONE);
		List<String> jvm = List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
		startApp(jvm, TOKEN);
	}

	static List<Case> cases() {
		List<Case> cases = new ArrayList<>();
		byte[] valid = ArrowBodies.stream(false, 3, 1, "alice", 2, "bob", 3, "carol");
		byte[] validDt = ArrowBodies.stream(true, 2, 1, "alice", "2026-08-14", 2, "bob", "2026-08-15");
		List<Integer> boundaries = ArrowBodies.messageBoundaries(valid);
		byte[] schemaOnly = Arrays.copyOf(valid, boundaries.get(1));

		// framing
		for (Target target : List.of(Target.ONE_SHOT, Target.TRANSACTION)) {
			cases.add(Case.of("empty body", target, LOG, new byte[0], 400));
			cases.add(Case.of("plain text", target, LOG, "hello world, not arrow".getBytes(StandardCharsets.US_ASCII),
					400));
			cases.add(Case.of("metadata length 0x7FFFFFF0", target, LOG,
					bytes(0xFF, 0xFF, 0xFF, 0xFF, 0xF0, 0xFF, 0xFF, 0x7F, 1, 2, 3, 4), 400));
			cases.add(Case.of("metadata length 0xFFFFFFFF", target, LOG,
					bytes(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0), 400));
			cases.add(Case.of("legacy (continuation-less) prefix", target, LOG, legacy(valid), 400));
			cases.add(Case.of("schema, then garbage", target, LOG, concat(schemaOnly, random(7, 64)), 400));
			cases.add(Case.of("zeroed metadata", target, LOG, bytes(0xFF, 0xFF, 0xFF, 0xFF, 8, 0, 0, 0, 0, 0, 0, 0, 0,
					0, 0, 0),
					400));
			cases.add(Case.of("negative body length", target, LOG, concat(schemaOnly, batchMessage(-1)), 400));
			cases.add(Case.of("body length 1 TB", target, LOG, concat(schemaOnly, batchMessage(1L << 40)), 413));
			cases.add(Case.of("body length 600 MB (over max-batch-memory)", target, LOG,
					concat(schemaOnly, batchMessage(600L << 20)), 413));
			// refused from the metadata, before a byte of the body is read: it can never fit max-batch-memory
			cases.add(Case.of("body length 300 MB (over the heap), 8 bytes sent", target, LOG,
					concat(schemaOnly, batchMessage(300L << 20), new byte[8]), 413));
			// within max-batch-memory but longer than what follows: truncated
			cases.add(Case.of("body length 8 MB, 8 bytes sent", target, LOG,
					concat(schemaOnly, batchMessage(8L << 20), new byte[8]), 400));
		}
		// truncation at ~7% steps and at small offsets, never at a message boundary (that would leave a
		// well-formed stream without its optional end-of-stream marker)
		TreeSet<Integer> offsets = new TreeSet<>(List.of(1, 2, 3, 4, 5, 6, 7, 9, 12, 16, 40));
		for (int percent = 7; percent < 100; percent += 7) {
			offsets.add(valid.length * percent / 100);
		}
		offsets.add(valid.length - 1);
		offsets.add(valid.length - 5);
		offsets.removeAll(boundaries);
		int i = 0;
		for (int offset : offsets) {
			Target target = (i++ % 2 == 0) ? Target.ONE_SHOT : Target.TRANSACTION;
			cases.add(Case.of("truncated at " + offset + " of " + valid.length, target, (i % 3 == 0) ? PK : LOG,
					Arrays.copyOf(valid, offset), 400));
		}
		List<Integer> dtBoundaries = ArrowBodies.messageBoundaries(validDt);
		for (int percent : List.of(30, 60, 95)) {
			int offset = validDt.length * percent / 100;
			if (!dtBoundaries.contains(offset)) {
				cases.add(Case.of("truncated at " + offset + " of " + validDt.length, Target.ONE_SHOT, POSTPONE,
						Arrays.copyOf(validDt, offset), 400));
			}
		}
		// random bytes (fixed seeds; none starts with the continuation marker)
		for (int size : List.of(1, 7, 100, 1000, 4096)) {
			cases.add(Case.of(size + " random bytes", (size % 2 == 0) ? Target.TRANSACTION : Target.ONE_SHOT, LOG,
					random(size, size), 400));
		}
		// schema mismatches and NOT NULL
		for (Target target : List.of(Target.ONE_SHOT, Target.TRANSACTION)) {
			cases.add(mismatch("wrong column name", target, PK,
					ArrowBodies.of(List.of(intField("ident", 32), utf8Field("name")), row(1, "a")), "id", null, null));
			cases.add(mismatch("Int32 into SMALLINT", target, SMALLINT, ArrowBodies.idName(1, "a"), "id", "SMALLINT",
					"Int32"));
			cases.add(mismatch("Int32 into STRING", target, PK,
					ArrowBodies.of(List.of(intField("id", 32), intField("name", 32)), row(1, 2)), "name", "STRING",
					"Int32"));
			cases.add(mismatch("Int64 into INT", target, LOG,
					ArrowBodies.of(List.of(intField("id", 64), utf8Field("name")), row(1L, "a")), "id", "INT",
							"Int64"));
			cases.add(mismatch("extra column", target, PK, ArrowBodies.idNameDt(1, "a", "2026-08-14"), null, null,
					null));
			// a batch may omit nullable columns, not the NOT NULL primary key
			cases.add(mismatch("missing NOT NULL column", target, PK, ArrowBodies.of(List.of(utf8Field("name")),
					row("a")),
					"id", null, null));
			cases.add(mismatch("null primary key", target, PK, ArrowBodies.idName(1, "a", null, "b"), "id",
					"INT NOT NULL", null));
			cases.add(mismatch("null partition and key column", target, POSTPONE,
					ArrowBodies.idNameDt(null, "a", "2026-08-14"), "id", "INT NOT NULL", null));
		}
		// wrong media types
		for (Target target : List.of(Target.ONE_SHOT, Target.TRANSACTION)) {
			for (String type : Arrays.asList("text/plain", "application/json", "application/octet-stream", null)) {
				cases.add(new Case("Content-Type " + type, target, LOG, type, valid, 415, null, null, null));
			}
		}
		// JSON endpoints
		cases.add(json("truncated JSON", Target.OPEN, LOG, "application/json", "{\"mode\":", 400));
		cases.add(json("JSON array", Target.OPEN, LOG, "application/json", "[1, 2]", 400));
		cases.add(json("not JSON", Target.OPEN, LOG, "application/json", "mode=standard", 400));
		cases.add(json("overwrite is not a boolean", Target.OPEN, LOG, "application/json", "{\"overwrite\":\"maybe\"}",
				400));
		cases.add(json("unknown mode", Target.OPEN, LOG, "application/json", "{\"mode\":\"turbo\"}", 400));
		cases.add(json("bucket plan in standard mode", Target.OPEN, LOG, "application/json",
				"{\"bucketPlan\":\"auto\"}",
				400));
		cases.add(json("bucket plan is a number", Target.OPEN, POSTPONE, "application/json",
				"{\"mode\":\"postpone-fixed-bucket\",\"bucketPlan\":5}", 422));
		cases.add(json("bucket plan with a foreign partition key", Target.OPEN, POSTPONE, "application/json",
				"{\"mode\":\"postpone-fixed-bucket\",\"bucketPlan\":[{\"partition\":{\"day\":\"x\"},"
						+ "\"totalBuckets\":1}]}",
				422));
		cases.add(json("text/plain", Target.OPEN, LOG, "text/plain", "{}", 415));
		cases.add(json("truncated JSON", Target.COMMIT, LOG, "application/json", "{\"identifier\":", 400));
		cases.add(json("identifier is not a number", Target.COMMIT, LOG, "application/json", "{\"identifier\":\"abc\"}",
				400));
		return cases;
	}

	@ParameterizedTest(name = "[{index}] {0}")
	@MethodSource("cases")
	@Order(1)
	void malformedRequestIsRefused(Case request) throws Exception {
		String path = "/paimon/tables/" + request.table().replace('.', '/');
		HttpResponse<String> response;
		String transaction = null;
		switch (request.target()) {
			case ONE_SHOT -> response = client.post(path + "/uploads", request.contentType(), request.body());
			case TRANSACTION -> {
				transaction = open(client, request.table(),
						request.table().equals(POSTPONE) ? "{\"mode\":\"postpone-fixed-bucket\"}" : "{}");
				response = client.post("/paimon/transactions/" + transaction + "/batches", request.contentType(),
						request.body());
			}
			case OPEN -> {
				response = client.post(path + "/transactions", request.contentType(), request.body());
				if (response.statusCode() == 201) {
					transaction = AdminSupport.json(response).path("id").asText();
				}
			}
			case COMMIT -> {
				transaction = open(client, request.table(), "{}");
				response = client.post("/paimon/transactions/" + transaction + "/commit", request.contentType(),
						request.body());
			}
			default -> throw new IllegalStateException();
		}
		try {
			JsonNode problem = problem(response, request.status());
			checkField(problem, "column", request.column(), response);
			checkField(problem, "expectedType", request.expectedType(), response);
			checkField(problem, "actualType", request.actualType(), response);
			if (request.status() == 422 && request.column() != null) {
				assertThat(problem.path("table").asText()).isEqualTo(request.table());
			}
		}
		finally {
			assertThat(app.isAlive()).as("server alive after %s", request).isTrue();
			assertThat(client.get("/paimon/tables").statusCode()).isEqualTo(200);
			if (transaction != null) {
				JsonNode aborted = expect(client.postJson("/paimon/transactions/" + transaction + "/abort", ""), 200);
				assertThat(aborted.path("aborted").asBoolean()).isTrue();
			}
		}
	}

	@Test
	@Order(2)
	void nothingReachedTheTables() throws Exception {
		assertThat(app.isAlive()).isTrue();
		for (JsonNode transaction : expect(client.get("/paimon/transactions"), 200)) {
			assertThat(transaction.path("state").asText()).as("%s", transaction).isIn("ABORTED", "EXPIRED");
		}
		for (String table : TABLES) {
			assertThat(warehouse.snapshotCount(table)).as("snapshots of %s", table).isZero();
			assertThat(warehouse.dataFiles(table)).as("data files of %s", table).isEmpty();
		}
		// and the server still accepts a valid upload afterwards
		JsonNode ok = expect(client.postArrow("/paimon/tables/default/fuzz_log_table/uploads",
				ArrowBodies.idName(1, "alice")), 200);
		assertThat(ok.path("committed").asBoolean()).isTrue();
		assertThat(warehouse.idNames(LOG)).containsExactly("1:alice");
	}

	@Test
	@Order(3)
	void atLeastFiftyMalformedRequests() {
		assertThat(cases()).hasSizeGreaterThanOrEqualTo(50);
	}

	private static void checkField(JsonNode problem, String field, String expected, HttpResponse<String> response) {
		if (expected == null) {
			return;
		}
		assertThat(problem.path(field).asText()).as("%s in %s", field, response.body()).contains(expected);
	}

	private static Case mismatch(String name, Target target, String table, byte[] body, String column,
			String expectedType, String actualType) {
		return new Case(name, target, table, ARROW, body, 422, column, expectedType, actualType);
	}

	private static Case json(String name, Target target, String table, String contentType, String body, int status) {
		return new Case(name, target, table, contentType, body.getBytes(StandardCharsets.UTF_8), status, null, null,
				null);
	}

	private static Object[] row(Object... values) {
		return values;
	}

	private static byte[] bytes(int... values) {
		byte[] result = new byte[values.length];
		for (int i = 0; i < values.length; i++) {
			result[i] = (byte) values[i];
		}
		return result;
	}

	private static byte[] random(long seed, int size) {
		byte[] result = new byte[size];
		new Random(seed).nextBytes(result);
		if (size >= 4 && result[0] == (byte) 0xFF && result[1] == (byte) 0xFF && result[2] == (byte) 0xFF
				&& result[3] == (byte) 0xFF) {
			throw new IllegalStateException("seed " + seed + " starts with the continuation marker");
		}
		return result;
	}

	private static byte[] concat(byte[]... parts) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		for (byte[] part : parts) {
			out.writeBytes(part);
		}
		return out.toByteArray();
	}

	/** The same stream in the pre-1.0 format: messages prefixed by their length only. */
	private static byte[] legacy(byte[] stream) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		List<Integer> boundaries = ArrowBodies.messageBoundaries(stream);
		for (int b = 0; b + 1 < boundaries.size(); b++) {
			out.write(stream, boundaries.get(b) + 4, boundaries.get(b + 1) - boundaries.get(b) - 4);
		}
		return out.toByteArray();
	}

	/** A record batch message header (one row, no buffers) announcing a body of {@code bodyLength} bytes. */
	private static byte[] batchMessage(long bodyLength) {
		FlatBufferBuilder builder = new FlatBufferBuilder();
		RecordBatch.startRecordBatch(builder);
		RecordBatch.addLength(builder, 1);
		int batch = RecordBatch.endRecordBatch(builder);
		int message = Message.createMessage(builder, MetadataVersion.V5, MessageHeader.RecordBatch, batch, bodyLength,
				0);
		builder.finish(message);
		byte[] metadata = builder.sizedByteArray();
		int padded = (metadata.length + 7) / 8 * 8;
		ByteBuffer buffer = ByteBuffer.allocate(8 + padded).order(ByteOrder.LITTLE_ENDIAN);
		buffer.putInt(0xFFFFFFFF).putInt(padded).put(metadata);
		return buffer.array();
	}

}
