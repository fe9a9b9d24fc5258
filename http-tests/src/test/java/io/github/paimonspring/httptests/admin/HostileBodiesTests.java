package io.github.paimonspring.httptests.admin;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.flatbuffers.FlatBufferBuilder;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.IpcMessages;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import io.github.paimonspring.httptests.admin.HostileFixtures.Slot;
import io.github.paimonspring.httptests.admin.HostileFixtures.Variant;
import org.apache.arrow.flatbuf.Endianness;
import org.apache.arrow.flatbuf.Field;
import org.apache.arrow.flatbuf.Int;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.MetadataVersion;
import org.apache.arrow.flatbuf.Schema;
import org.apache.arrow.flatbuf.Struct_;
import org.apache.arrow.flatbuf.Type;
import org.apache.arrow.flatbuf.Utf8;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.github.paimonspring.httptests.admin.AdminSupport.json;
import static io.github.paimonspring.httptests.admin.AdminSupport.problem;
import static io.github.paimonspring.httptests.admin.HostileFixtures.DICT;
import static io.github.paimonspring.httptests.admin.HostileFixtures.LARGE;
import static io.github.paimonspring.httptests.admin.HostileFixtures.UTF8;
import static io.github.paimonspring.httptests.admin.HostileFixtures.VIEW;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hand-forged Arrow IPC bodies against one sample app on {@code -Xmx256m}: valid bodies of every
 * variable-width and nested type written by Arrow Java, then patched where the record batch header
 * says the buffers are (offsets past the data, decreasing or negative offsets, short validity and
 * data buffers, list and map offsets past their child, short struct children, view references out of
 * range, node lengths over the batch length, dictionary indices out of range, schemas nested 100,000
 * deep). Each must be refused with 400 {@code malformed-arrow} naming the column, the server must
 * stay up and the table must hold exactly what it held. Then the memory attacks: 2^31-1-row claims,
 * 48 stalled uploads announcing 16 MiB of metadata, multi-GB body announcements and batches just
 * below and above {@code max-batch-memory}, with the app's RSS sampled throughout and required to
 * stay under twice the heap.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostileBodiesTests {

	private static final String TOKEN = "hostile-token";

	private static final long HEAP = 256L << 20;

	private static final long RSS_LIMIT = 2 * HEAP;

	private static final long MAX_BATCH_MEMORY = 24L << 20;

	private static final String MALFORMED = "urn:paimon-spring:problem:malformed-arrow";

	private static final String WIDE_UPLOADS = "/paimon/tables/default/hostile_wide/uploads";

	private static final String NARROW_UPLOADS = "/paimon/tables/default/hostile_narrow/uploads";

	private static final String BIG_UPLOADS = "/paimon/tables/default/hostile_big/uploads";

	private static final int ROWS = 20;

	@TempDir
	static Path warehouseDir;

	@TempDir
	static Path errorDir;

	static Warehouse warehouse;

	static SampleAppProcess app;

	static AdminClient client;

	/** The state of the tables before the current case ({@link #state()}). */
	static List<String> baseline;

	/** What the app printed when it died under a case (it is restarted so the other cases still run). */
	static final List<String> crashes = new ArrayList<>();

	static final AtomicLong peakRss = new AtomicLong();

	static List<String> jvm() {
		return List.of("-Xmx256m", "--add-opens=java.base/java.nio=ALL-UNNAMED", "-XX:TieredStopAtLevel=1",
				"-XX:+UseSerialGC", "-XX:ErrorFile=" + errorDir.resolve("hs_err_pid%p.log"));
	}

	static String[] args() {
		return AdminSupport
			.adminArgs(TOKEN, "--paimon.admin.max-batch-memory=24MB", "--paimon.admin.max-schema-depth=32",
					"--paimon.admin.max-schema-fields=1000")
			.toArray(String[]::new);
	}

	@BeforeAll
	static void start() throws Exception {
		warehouse = new Warehouse(warehouseDir);
		HostileFixtures.createTables(warehouse, HostileFixtures.WIDE);
		app = SampleAppProcess.start(warehouseDir, jvm(), args());
		client = new AdminClient(app, TOKEN);
		System.out.printf(Locale.ROOT, "HostileBodiesTests: app pid %d, RSS after start %,d MB%n", app.pid(),
				app.residentSetSize() >> 20);
		// every encoding is accepted when it is well-formed
		for (Variant variant : HostileFixtures.VARIANTS) {
			HttpResponse<String> ok = client.postArrow(WIDE_UPLOADS, HostileFixtures.wideBody(variant, ROWS, 2));
			assertThat(ok.statusCode()).as("valid %s body: %s", variant, ok.body()).isEqualTo(200);
			assertThat(json(ok).path("rows").asLong()).isEqualTo(2L * ROWS);
		}
		assertThat(HostileFixtures.render(warehouse,
				HostileFixtures.WIDE)).hasSize(HostileFixtures.VARIANTS.size() * 2 * ROWS);
		baseline = state();
	}

	@AfterAll
	static void stop() throws Exception {
		System.out.printf(Locale.ROOT, "HostileBodiesTests: peak RSS of the app during the memory cases %,d MB%n",
				peakRss.get() >> 20);
		if (app != null) {
			app.close();
		}
		if (warehouse != null) {
			warehouse.close();
		}
	}

	/** Restarts the app if a previous case killed it, keeping what it printed. */
	@BeforeEach
	void ensureRunning() throws Exception {
		if (!app.isAlive()) {
			String output = app.output();
			crashes.add(output.substring(Math.max(0, output.length() - 4000)));
			app.close();
			app = SampleAppProcess.start(warehouseDir, jvm(), args());
			client = new AdminClient(app, TOKEN);
		}
	}

	// ------------------------------------------------------------------ malformed buffers

	/** One forged body and the column the problem must name ({@code null}: none required). */
	record Hostile(String name, byte[] body, String column, boolean malformedArrowType, String uploads) {

		Hostile(String name, byte[] body, String column, boolean malformedArrowType) {
			this(name, body, column, malformedArrowType, WIDE_UPLOADS);
		}

		@Override
		public String toString() {
			return this.name;
		}

	}

	static Stream<Hostile> bufferCases() {
		List<Hostile> cases = new ArrayList<>();
		// variable-width offsets: the last offset past the data buffer
		long[] overruns = { 1, 1L << 20, 16L << 20 };
		List<Object[]> targets = List.of(new Object[] { UTF8, "s" }, new Object[] { LARGE, "s" },
				new Object[] { UTF8, "b" }, new Object[] { LARGE, "b" }, new Object[] { UTF8, "ls[]" },
				new Object[] { LARGE, "ls[]" }, new Object[] { UTF8, "m.key" }, new Object[] { UTF8, "m.value" },
				new Object[] { UTF8, "r.t" });
		int n = 0;
		for (Object[] target : targets) {
			Variant variant = (Variant) target[0];
			String path = (String) target[1];
			boolean second = (n++ % 2 == 1);
			for (long overrun : overruns) {
				cases.add(forge(variant, path, second, "last offset " + overrun + " past the data buffer", (f) -> {
					Slot slot = f.slot(path);
					f.setOffset(slot, f.count(slot), f.bufferLength(slot, 2) + overrun);
				}));
			}
			cases.add(forge(variant, path, second, "last offset 0x7ffffff0", (f) -> {
				Slot slot = f.slot(path);
				f.setOffset(slot, f.count(slot), 0x7ffffff0L);
			}));
			cases.add(forge(variant, path, second, "decreasing offsets", (f) -> {
				Slot slot = f.slot(path);
				int k = f.count(slot) / 2;
				f.setOffset(slot, k, f.offset(slot, k + 1) + 3);
			}));
			cases.add(forge(variant, path, second, "negative first offset", (f) -> f.setOffset(f.slot(path), 0, -8)));
		}
		// one offset in the middle past the data (the last one is fine): values point outside the buffer
		for (Object[] target : List.of(new Object[] { UTF8, "s" }, new Object[] { LARGE, "s" },
				new Object[] { UTF8, "b" }, new Object[] { UTF8, "ls[]" }, new Object[] { UTF8, "r.t" })) {
			Variant variant = (Variant) target[0];
			String path = (String) target[1];
			for (long overrun : new long[] { 1L << 20, 16L << 20 }) {
				cases.add(forge(variant, path, overrun > (1L << 20),
						"middle offset " + overrun + " past the data buffer",
						(f) -> {
							Slot slot = f.slot(path);
							f.setOffset(slot, f.count(slot) / 2, f.bufferLength(slot, 2) + overrun);
						}));
			}
		}
		// the body: 10 rows (id INT, name STRING), one offset of the Utf8 column 1 to 16 MiB past its data
		for (long overrun : new long[] { 1, 1L << 20, 16L << 20 }) {
			for (boolean last : new boolean[] { true, false }) {
				IpcMessages ipc = IpcMessages.parse(HostileFixtures.narrowBody(10, 1, 0));
				IpcMessages.Msg batch = ipc.recordBatches().get(0);
				// buffers: id validity, id data, name validity, name offsets, name data
				int k = last ? 10 : 5;
				putInt(batch.body, batch.bufferStart(3) + 4 * k, (int) (batch.bufferLength(4) + overrun));
				cases.add(new Hostile("narrow name: " + (last ? "last" : "middle") + " offset " + overrun
						+ " past the data buffer", ipc.encode(), "name", true, NARROW_UPLOADS));
			}
		}
		for (long huge : new long[] { 1L << 40, Long.MAX_VALUE - 7 }) {
			cases.add(forge(LARGE, "s", false, "64-bit last offset " + huge, (f) -> {
				Slot slot = f.slot("s");
				f.setOffset(slot, f.count(slot), huge);
			}));
		}
		// list and map offsets past their child
		for (Object[] target : List.of(new Object[] { UTF8, "ls", 1L }, new Object[] { UTF8, "ls", 1L << 20 },
				new Object[] { LARGE, "ls", 1L }, new Object[] { UTF8, "li", 1L }, new Object[] { LARGE, "li",
						1L << 20 },
				new Object[] { UTF8, "m", 1L }, new Object[] { UTF8, "m", 1L << 20 }, new Object[] { LARGE, "m",
						5L })) {
			Variant variant = (Variant) target[0];
			String path = (String) target[1];
			long overrun = (Long) target[2];
			cases.add(forge(variant, path, overrun == 1, "list offsets " + overrun + " past the child length", (f) -> {
				Slot slot = f.slot(path);
				f.setOffset(slot, f.count(slot), f.childLength(slot) + overrun);
			}));
		}
		cases.add(forge(UTF8, "li", false, "decreasing list offsets", (f) -> {
			Slot slot = f.slot("li");
			f.setOffset(slot, 10, f.offset(slot, 11) + 1);
		}));
		cases.add(forge(UTF8, "m", true, "negative first map offset", (f) -> f.setOffset(f.slot("m"), 0, -1)));
		// validity buffers shorter than the row count (the nodes have nulls, so they are read)
		for (Object[] target : List.of(new Object[] { UTF8, "id" }, new Object[] { UTF8, "s" },
				new Object[] { UTF8, "ls" }, new Object[] { UTF8, "r" }, new Object[] { UTF8, "d" },
				new Object[] { VIEW, "s" }, new Object[] { DICT, "s" })) {
			Variant variant = (Variant) target[0];
			String path = (String) target[1];
			cases.add(forge(variant, path, false, "validity buffer of 1 byte for " + ROWS + " rows",
					(f) -> f.setBufferLength(f.slot(path), 0, 1)));
		}
		cases.add(forge(UTF8, "fb", true, "empty validity buffer with nulls", (f) -> f.setBufferLength(f.slot("fb"), 0,
				0)));
		// fixed-width data shorter than rows x width
		for (Object[] target : List.of(new Object[] { UTF8, "id", 4 }, new Object[] { UTF8, "fb", 1 },
				new Object[] { UTF8, "d", 16 }, new Object[] { UTF8, "r.x", 40 }, new Object[] { UTF8, "li[]", 4 },
				new Object[] { DICT, "s", 4 }, new Object[] { DICT, "b", 1 })) {
			Variant variant = (Variant) target[0];
			String path = (String) target[1];
			int shorter = (Integer) target[2];
			cases.add(forge(variant, path, shorter == 1, "data buffer " + shorter + " byte(s) short", (f) -> {
				Slot slot = f.slot(path);
				f.setBufferLength(slot, 1, f.bufferLength(slot, 1) - shorter);
			}));
		}
		// struct children shorter than the struct
		cases.add(forge(UTF8, "r.x", false, "struct child 1 row short", (f) -> f.setNodeLength(f.slot("r.x"),
				ROWS - 1)));
		cases.add(forge(UTF8, "r.t", true, "struct child half as long", (f) -> f.setNodeLength(f.slot("r.t"),
				ROWS / 2)));
		cases.add(forge(UTF8, "m.entries", false, "map entries shorter than the offsets",
				(f) -> f.setNodeLength(f.slot("m.entries"), 2)));
		// views: buffer index out of range, offset + length past the data buffer
		for (String path : List.of("s", "b")) {
			cases.add(forge(VIEW, path, false, "view buffer index 5 of 1", (f) -> f.setView(f.slot(path), 8, 5)));
			cases.add(forge(VIEW, path, true, "view buffer index -1", (f) -> f.setView(f.slot(path), 8, -1)));
			cases.add(forge(VIEW, path, false, "view offset + length past the data buffer",
					(f) -> f.setView(f.slot(path), 12, f.bufferLength(f.slot(path), 2) - 2)));
			cases.add(forge(VIEW, path, true, "view length 0x7ffffff0",
					(f) -> f.setView(f.slot(path), 0, 0x7ffffff0)));
			cases.add(forge(VIEW, path, false, "view length negative", (f) -> f.setView(f.slot(path), 0, -20)));
		}
		// field nodes longer than the batch
		cases.add(forge(UTF8, "s", false, "node length batch + 1", (f) -> f.setNodeLength(f.slot("s"), ROWS + 1)));
		cases.add(forge(UTF8, "ls", true, "list node length batch + 5", (f) -> f.setNodeLength(f.slot("ls"),
				ROWS + 5)));
		cases.add(forge(UTF8, "id", false, "node length 1,000,000", (f) -> f.setNodeLength(f.slot("id"), 1_000_000)));
		cases.add(forge(UTF8, "r", true, "struct node length batch + 1", (f) -> f.setNodeLength(f.slot("r"),
				ROWS + 1)));
		// dictionaries
		cases.add(forge(DICT, "s", false, "dictionary index 99 of 5", (f) -> f.setFixed(f.slot("s"), 0, 4, 99)));
		cases.add(forge(DICT, "s", true, "dictionary index -1", (f) -> f.setFixed(f.slot("s"), 3, 4, -1)));
		cases.add(forgeDictionary("dictionary values: last offset 1 MiB past the data", (d) -> {
			int offsets = d.bufferStart(1);
			int rows = (int) d.length;
			putInt(d.body, offsets + 4 * rows, d.bufferLength(2) + (1 << 20));
		}));
		cases.add(forgeDictionary("dictionary values: decreasing offsets", (d) -> {
			int offsets = d.bufferStart(1);
			putInt(d.body, offsets + 4, getInt(d.body, offsets + 8) + 2);
		}));
		return cases.stream();
	}

	@ParameterizedTest(name = "[{index}] {0}")
	@MethodSource("bufferCases")
	@Order(1)
	void malformedBuffersAreRefusedNamingTheColumn(Hostile hostile) throws Exception {
		HttpResponse<String> response = client.postArrow(hostile.uploads(), hostile.body());
		checkBoth(hostile.name(), () -> {
			JsonNode problem = problem(response, 400);
			if (hostile.malformedArrowType()) {
				assertThat(problem.path("type").asText()).as(response.body()).isEqualTo(MALFORMED);
			}
			if (hostile.column() != null) {
				String column = problem.path("column").asText();
				assertThat(column).as("column of %s", response.body())
					.matches((c) -> c.equals(hostile.column()) || c.startsWith(hostile.column() + ".")
							|| c.startsWith(hostile.column() + "[") || c.startsWith(hostile.column() + " ("),
							"names column " + hostile.column());
			}
		});
	}

	/** Runs the answer's assertions and {@link #assertUnharmed}, reporting both failures. */
	private static void checkBoth(String what, ThrowingRunnable answer) throws Exception {
		AssertionError failure = null;
		try {
			answer.run();
		}
		catch (AssertionError ex) {
			failure = ex;
		}
		try {
			assertUnharmed(what);
		}
		catch (AssertionError ex) {
			if (failure == null) {
				failure = ex;
			}
			else {
				failure.addSuppressed(ex);
			}
		}
		if (failure != null) {
			throw failure;
		}
	}

	@FunctionalInterface
	interface ThrowingRunnable {

		void run() throws Exception;

	}

	static Stream<Hostile> schemaCases() {
		return Stream.of(new Hostile("schema nested 100,000 deep", deepSchema(100_000), null, false),
				new Hostile("schema nested 1,000 deep", deepSchema(1_000), null, false),
				new Hostile("schema nested 40 deep", deepSchema(40), null, false),
				new Hostile("struct of 5,000 fields", wideSchema(5_000), null, false));
	}

	@ParameterizedTest(name = "[{index}] {0}")
	@MethodSource("schemaCases")
	@Order(2)
	void schemasTooDeepOrTooWideAreRefused(Hostile hostile) throws Exception {
		HttpResponse<String> response = client.postArrow(WIDE_UPLOADS, hostile.body());
		checkBoth(hostile.name(), () -> problem(response, 400));
	}

	/**
	 * The app is up and healthy, and the tables hold exactly what they held before the case (the
	 * reference moves on afterwards, so damage is reported by the case that did it).
	 */
	private static void assertUnharmed(String what) throws Exception {
		List<String> rows = state();
		List<String> expected = baseline;
		baseline = rows;
		assertThat(app.isAlive()).as("server alive after %s", what).isTrue();
		HttpResponse<String> health = client.get("/actuator/health");
		assertThat(health.statusCode()).as("health after %s: %s", what, health.body()).isEqualTo(200);
		assertThat(rows).as("snapshots and rows of the tables after %s", what).isEqualTo(expected);
	}

	/** The snapshot counts and rows of the wide and the narrow table. */
	private static List<String> state() {
		List<String> state = new ArrayList<>();
		for (String table : List.of(HostileFixtures.WIDE, HostileFixtures.NARROW)) {
			state.add(table + ": " + warehouse.snapshotCount(table) + " snapshot(s)");
			state.addAll(HostileFixtures.render(warehouse, table));
		}
		return state;
	}

	// ------------------------------------------------------------------ memory

	@Test
	@Order(10)
	void twoBillionRowClaimsAreRefusedWithoutTheMemory() throws Exception {
		long narrowSnapshots = warehouse.snapshotCount(HostileFixtures.NARROW);
		IpcMessages valid = IpcMessages.parse(HostileFixtures.narrowBody(10, 1, 0));
		List<byte[]> bodies = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			IpcMessages forged = valid.copy();
			IpcMessages.Msg batch = forged.recordBatches().get(0);
			batch.length = Integer.MAX_VALUE;
			if (i % 2 == 0) {
				for (long[] node : batch.nodes) {
					node[0] = Integer.MAX_VALUE;
				}
			}
			bodies.add(forged.encode());
		}
		System.out.printf(Locale.ROOT, "HostileBodiesTests: 8 bodies of %,d bytes claiming 2^31-1 rows%n",
				bodies.get(0).length);
		try (RssSampler rss = new RssSampler("2^31-1 row claims")) {
			List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
			for (byte[] body : bodies) {
				responses.add(client.http()
					.sendAsync(client.request(NARROW_UPLOADS)
						.header("Content-Type", AdminClient.ARROW)
						.POST(HttpRequest.BodyPublishers.ofByteArray(body))
						.build(), HttpResponse.BodyHandlers.ofString()));
			}
			for (CompletableFuture<HttpResponse<String>> future : responses) {
				assertRefused(future.join(), Set.of(400, 413, 503));
			}
		}
		assertThat(warehouse.snapshotCount(HostileFixtures.NARROW)).isEqualTo(narrowSnapshots);
	}

	@Test
	@Order(11)
	void stalledUploadsAnnouncingHugeMetadataAreRefused() throws Exception {
		long narrowSnapshots = warehouse.snapshotCount(HostileFixtures.NARROW);
		byte[] prefix = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putInt(0xFFFFFFFF).putInt(0x00FFFFF8)
			.putLong(0x0102030405060708L).array();
		List<RawUpload> uploads = new ArrayList<>();
		try (RssSampler rss = new RssSampler("48 stalled uploads announcing 16 MiB of metadata")) {
			for (int i = 0; i < 48; i++) {
				uploads.add(new RawUpload(client.uri(NARROW_UPLOADS), TOKEN, 8L + 0x00FFFFF8 + 64, prefix));
			}
			long deadline = System.nanoTime() + 30_000_000_000L;
			List<Integer> statuses = new ArrayList<>();
			for (RawUpload upload : uploads) {
				int wait = (int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
				RawUpload.Answer answer = upload.awaitAnswer(wait);
				assertThat(answer).as("an answer to a stalled upload within 30 s (upload %d)", statuses.size())
					.isNotNull();
				statuses.add(answer.status());
				assertThat(answer.status()).as(answer.head()).isIn(400, 503);
				if (answer.status() == 503) {
					assertThat(answer.retryAfter()).as(answer.head()).isNotBlank();
				}
				assertThat(answer.contentType()).as(answer.head()).startsWith("application/problem+json");
			}
			System.out.println("HostileBodiesTests: stalled uploads answered " + statuses);
		}
		finally {
			for (RawUpload upload : uploads) {
				upload.close();
			}
		}
		assertThat(app.isAlive()).isTrue();
		assertThat(warehouse.snapshotCount(HostileFixtures.NARROW)).isEqualTo(narrowSnapshots);
	}

	@Test
	@Order(12)
	void multiGigabyteBodyAnnouncementsAreRefused() throws Exception {
		long narrowSnapshots = warehouse.snapshotCount(HostileFixtures.NARROW);
		IpcMessages valid = IpcMessages.parse(HostileFixtures.narrowBody(10, 1, 0));
		List<RawUpload> uploads = new ArrayList<>();
		try (RssSampler rss = new RssSampler("8 multi-GB body announcements")) {
			for (int i = 0; i < 8; i++) {
				IpcMessages forged = valid.copy();
				IpcMessages.Msg schema = forged.messages().get(0);
				IpcMessages.Msg batch = forged.recordBatches().get(0);
				long announced = (3L << 30) + i * (512L << 20);
				int last = batch.buffers.length - 1;
				batch.buffers[last][1] = announced - batch.buffers[last][0];
				batch.bodyLength = announced;
				byte[] head = IpcMessages.encode(List.of(schema), false);
				byte[] header = batch.encode();
				byte[] batchHeader = Arrays.copyOf(header, header.length - batch.body.length);
				byte[] prefix = new byte[head.length + batchHeader.length + 4096];
				System.arraycopy(head, 0, prefix, 0, head.length);
				System.arraycopy(batchHeader, 0, prefix, head.length, batchHeader.length);
				uploads.add(new RawUpload(client.uri(NARROW_UPLOADS), TOKEN,
						(long) head.length + batchHeader.length + announced, prefix));
			}
			long deadline = System.nanoTime() + 30_000_000_000L;
			List<Integer> statuses = new ArrayList<>();
			for (RawUpload upload : uploads) {
				RawUpload.Answer answer = upload.awaitAnswer((int) Math.max(1,
						(deadline - System.nanoTime()) / 1_000_000));
				assertThat(answer).as("an answer within 30 s (upload %d)", statuses.size()).isNotNull();
				statuses.add(answer.status());
				assertThat(answer.status()).as(answer.head()).isIn(413, 503);
				if (answer.status() == 503) {
					assertThat(answer.retryAfter()).as(answer.head()).isNotBlank();
				}
			}
			System.out.println("HostileBodiesTests: multi-GB announcements answered " + statuses);
		}
		finally {
			for (RawUpload upload : uploads) {
				upload.close();
			}
		}
		assertThat(app.isAlive()).isTrue();
		assertThat(warehouse.snapshotCount(HostileFixtures.NARROW)).isEqualTo(narrowSnapshots);
	}

	@Test
	@Order(13)
	void batchesJustBelowAndAboveMaxBatchMemory() throws Exception {
		int megabyte = 1 << 20;
		int below = (int) (MAX_BATCH_MEMORY * 7 / 8 / megabyte);
		int above = (int) (MAX_BATCH_MEMORY * 9 / 8 / megabyte);
		byte[] belowBody = bigBody(below, megabyte);
		byte[] aboveBody = bigBody(above, megabyte);
		try (RssSampler rss = new RssSampler("batches around max-batch-memory")) {
			HttpResponse<String> accepted = client.postArrow(BIG_UPLOADS, belowBody);
			System.out.printf(Locale.ROOT, "HostileBodiesTests: one batch of %,d bytes (limit %,d) -> %d%n",
					belowBody.length, MAX_BATCH_MEMORY, accepted.statusCode());
			assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
			assertThat(json(accepted).path("rows").asLong()).isEqualTo(below);
			// over a plain socket: the server may answer 413 before it has read the whole body
			try (RawUpload refused = new RawUpload(client.uri(BIG_UPLOADS), TOKEN, aboveBody.length, aboveBody)) {
				RawUpload.Answer answer = refused.awaitAnswer(60_000);
				assertThat(answer).as("an answer to the batch over the limit").isNotNull();
				System.out.printf(Locale.ROOT, "HostileBodiesTests: one batch of %,d bytes (limit %,d) -> %d%n",
						aboveBody.length, MAX_BATCH_MEMORY, answer.status());
				assertThat(answer.status()).as(answer.head()).isEqualTo(413);
				assertThat(answer.contentType()).as(answer.head()).startsWith("application/problem+json");
			}
		}
		assertThat(warehouse.latestSnapshotRecordCount(HostileFixtures.BIG)).isEqualTo(below);
	}

	@Test
	@Order(20)
	void noCrashNoOutOfMemoryErrorNoFatalErrorLog() throws Exception {
		assertThat(crashes).as("the app died under some cases; its last output:%n%s", String.join("\n----\n", crashes))
			.isEmpty();
		assertThat(app.isAlive()).isTrue();
		String log = app.output();
		assertThat(log).doesNotContain("OutOfMemoryError").doesNotContain("SIGSEGV")
				.doesNotContain("StackOverflowError")
			.doesNotContain("A fatal error has been detected");
		try (Stream<Path> files = Files.list(errorDir)) {
			assertThat(files.toList()).as("hs_err files").isEmpty();
		}
		assertThat(peakRss.get()).as("peak RSS").isLessThan(RSS_LIMIT);
	}

	private static void assertRefused(HttpResponse<String> response, Set<Integer> statuses) {
		assertThat(response.statusCode()).as("%s -> %s", response.uri(), response.body()).isIn(statuses);
		assertThat(response.headers().firstValue("Content-Type")).as(response.body())
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		if (response.statusCode() == 503) {
			assertThat(response.headers().firstValue("Retry-After")).as(response.body()).isPresent();
		}
	}

	/** One batch of {@code rows} rows with {@code bytes}-byte random text payloads. */
	private static byte[] bigBody(int rows, int bytes) {
		Random random = new Random(rows);
		byte[] payload = new byte[bytes];
		org.apache.arrow.vector.types.pojo.Schema schema = new org.apache.arrow.vector.types.pojo.Schema(
				List.of(HostileFixtures.field("id", new ArrowType.Int(32, true)),
						HostileFixtures.field("payload", ArrowType.Utf8.INSTANCE)));
		try (BufferAllocator allocator = new RootAllocator(); VectorSchemaRoot root = VectorSchemaRoot.create(schema,
				allocator)) {
			ByteArrayOutputStream out = new ByteArrayOutputStream(rows * bytes + 4096);
			try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
				writer.start();
				root.allocateNew();
				for (int i = 0; i < rows; i++) {
					for (int k = 0; k < bytes; k++) {
						payload[k] = (byte) ('a' + random.nextInt(26));
					}
					((IntVector) root.getVector(0)).setSafe(i, i);
					((VarCharVector) root.getVector(1)).setSafe(i, payload);
				}
				root.setRowCount(rows);
				writer.writeBatch();
				writer.end();
			}
			return out.toByteArray();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Samples the app's RSS every 20 ms while open and for 2 s after; fails the test over the limit. */
	private static final class RssSampler implements AutoCloseable {

		private final String what;

		private final long before;

		private final AtomicLong peak = new AtomicLong();

		private volatile boolean running = true;

		private final Thread thread;

		RssSampler(String what) {
			this.what = what;
			this.before = app.residentSetSize();
			this.thread = new Thread(() -> {
				while (this.running) {
					sample();
					try {
						Thread.sleep(20);
					}
					catch (InterruptedException ex) {
						return;
					}
				}
			}, "rss-sampler");
			this.thread.setDaemon(true);
			this.thread.start();
		}

		private void sample() {
			long rss = app.residentSetSize();
			this.peak.accumulateAndGet(rss, Math::max);
			peakRss.accumulateAndGet(rss, Math::max);
		}

		@Override
		public void close() throws Exception {
			long end = System.nanoTime() + 2_000_000_000L;
			while (System.nanoTime() < end && app.isAlive()) {
				Thread.sleep(20);
			}
			this.running = false;
			this.thread.join();
			sample();
			System.out.printf(Locale.ROOT,
					"HostileBodiesTests: %s: RSS before %,d MB, peak %,d MB, after %,d MB (limit %,d MB)%n",
					this.what, this.before >> 20, this.peak.get() >> 20, app.residentSetSize() >> 20, RSS_LIMIT >> 20);
			assertThat(app.isAlive()).as("app alive after %s", this.what).isTrue();
			assertThat(this.peak.get()).as("peak RSS during %s", this.what).isLessThan(RSS_LIMIT);
			assertThat(app.output()).as("app log after %s", this.what).doesNotContain("OutOfMemoryError");
		}

	}

	// ------------------------------------------------------------------ forging

	/** Access to one record batch of a parsed body and the layout of its schema. */
	static final class Forge {

		final IpcMessages.Msg batch;

		final List<Slot> slots;

		Forge(IpcMessages.Msg batch, List<Slot> slots) {
			this.batch = batch;
			this.slots = slots;
		}

		Slot slot(String path) {
			return HostileFixtures.slot(this.slots, path);
		}

		int count(Slot slot) {
			return (int) this.batch.nodes[slot.node()][0];
		}

		long childLength(Slot slot) {
			return this.batch.nodes[slot.node() + 1][0];
		}

		int bufferLength(Slot slot, int i) {
			return this.batch.bufferLength(slot.buffer() + i);
		}

		void setBufferLength(Slot slot, int i, long length) {
			this.batch.buffers[slot.buffer() + i][1] = length;
		}

		void setNodeLength(Slot slot, long length) {
			this.batch.nodes[slot.node()][0] = length;
		}

		private boolean large(Slot slot) {
			return slot.type() instanceof ArrowType.LargeUtf8 || slot.type() instanceof ArrowType.LargeBinary
					|| slot.type() instanceof ArrowType.LargeList;
		}

		long offset(Slot slot, int k) {
			int at = this.batch.bufferStart(slot.buffer() + 1);
			return large(slot) ? getLong(this.batch.body, at + 8 * k) : getInt(this.batch.body, at + 4 * k);
		}

		void setOffset(Slot slot, int k, long value) {
			int at = this.batch.bufferStart(slot.buffer() + 1);
			if (large(slot)) {
				putLong(this.batch.body, at + 8 * k, value);
			}
			else {
				putInt(this.batch.body, at + 4 * k, (int) value);
			}
		}

		/** Sets element {@code k} of a fixed-width data buffer of {@code width}-byte little-endian values. */
		void setFixed(Slot slot, int k, int width, int value) {
			int at = this.batch.bufferStart(slot.buffer() + 1) + k * width;
			putInt(this.batch.body, at, value);
		}

		/**
		 * Sets the 32-bit word at {@code field} (0 length, 8 buffer index, 12 offset) of the first view
		 * that refers to a data buffer (length over 12).
		 */
		void setView(Slot slot, int field, int value) {
			int views = this.batch.bufferStart(slot.buffer() + 1);
			for (int k = 0; k < count(slot); k++) {
				if (getInt(this.batch.body, views + 16 * k) > 12) {
					putInt(this.batch.body, views + 16 * k + field, value);
					return;
				}
			}
			throw new IllegalStateException("no out-of-line view in " + slot);
		}

	}

	static Hostile forge(Variant variant, String path, boolean secondBatch, String what, Consumer<Forge> patch) {
		IpcMessages ipc = IpcMessages.parse(HostileFixtures.wideBody(variant, ROWS, 2));
		IpcMessages.Msg batch = ipc.recordBatches().get(secondBatch ? 1 : 0);
		patch.accept(new Forge(batch, HostileFixtures.layout(HostileFixtures.wideFields(variant),
				batch.variadicBufferCounts)));
		String column = path.split("[.\\[]")[0];
		return new Hostile(variant + " " + path + " (batch " + (secondBatch ? 2 : 1) + "): " + what, ipc.encode(),
				column,
				true);
	}

	static Hostile forgeDictionary(String what, Consumer<IpcMessages.Msg> patch) {
		IpcMessages ipc = IpcMessages.parse(HostileFixtures.wideBody(DICT, ROWS, 2));
		patch.accept(ipc.dictionaryBatches().get(0));
		return new Hostile("dict s: " + what, ipc.encode(), "s", true);
	}

	/**
	 * A schema message for the wide table whose column {@code ls} is a list nested {@code depth}
	 * deep (names, types and the innermost field are shared, so 100,000 levels take a few MB).
	 */
	static byte[] deepSchema(int depth) {
		FlatBufferBuilder builder = new FlatBufferBuilder(1 << 16);
		int element = builder.createString("element");
		Utf8.startUtf8(builder);
		int utf8 = Utf8.endUtf8(builder);
		org.apache.arrow.flatbuf.List.startList(builder);
		int list = org.apache.arrow.flatbuf.List.endList(builder);
		int field = Field.createField(builder, element, true, Type.Utf8, utf8, 0, 0, 0);
		for (int i = 0; i < depth; i++) {
			int children = Field.createChildrenVector(builder, new int[] { field });
			field = Field.createField(builder, element, true, Type.List, list, 0, children, 0);
		}
		int ls = Field.createField(builder, builder.createString("ls"), true, Type.List, list, 0,
				Field.createChildrenVector(builder, new int[] { field }), 0);
		return schemaMessage(builder, wideTopLevel(builder, ls, -1));
	}

	/** A schema message for the wide table whose {@code r} struct has {@code width} children. */
	static byte[] wideSchema(int width) {
		FlatBufferBuilder builder = new FlatBufferBuilder(1 << 16);
		int int32 = Int.createInt(builder, 32, true);
		int[] children = new int[width];
		for (int i = 0; i < width; i++) {
			children[i] = Field.createField(builder, builder.createString((i == 0) ? "x" : "x" + i), true, Type.Int,
					int32,
					0, 0, 0);
		}
		Struct_.startStruct_(builder);
		int struct = Struct_.endStruct_(builder);
		int r = Field.createField(builder, builder.createString("r"), true, Type.Struct_, struct, 0,
				Field.createChildrenVector(builder, children), 0);
		return schemaMessage(builder, wideTopLevel(builder, -1, r));
	}

	/** The wide table's top-level fields as plain Int32 columns except {@code ls} or {@code r}. */
	private static int[] wideTopLevel(FlatBufferBuilder builder, int ls, int r) {
		String[] names = { "id", "s", "b", "fb", "ls", "li", "m", "r", "d" };
		int[] fields = new int[names.length];
		for (int i = 0; i < names.length; i++) {
			if (names[i].equals("ls") && ls >= 0) {
				fields[i] = ls;
			}
			else if (names[i].equals("r") && r >= 0) {
				fields[i] = r;
			}
			else {
				int type = Int.createInt(builder, 32, true);
				fields[i] = Field.createField(builder, builder.createString(names[i]), true, Type.Int, type, 0, 0, 0);
			}
		}
		return fields;
	}

	private static byte[] schemaMessage(FlatBufferBuilder builder, int[] fields) {
		int vector = Schema.createFieldsVector(builder, fields);
		int schema = Schema.createSchema(builder, Endianness.Little, vector, 0, 0);
		int message = Message.createMessage(builder, MetadataVersion.V5, MessageHeader.Schema, schema, 0, 0);
		builder.finish(message);
		byte[] metadata = builder.sizedByteArray();
		int padded = (metadata.length + 7) / 8 * 8;
		ByteBuffer out = ByteBuffer.allocate(8 + padded + 8).order(ByteOrder.LITTLE_ENDIAN);
		out.putInt(0xFFFFFFFF).putInt(padded).put(metadata);
		out.position(8 + padded);
		out.putInt(0xFFFFFFFF).putInt(0);
		return out.array();
	}

	static int getInt(byte[] bytes, int at) {
		return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(at);
	}

	static void putInt(byte[] bytes, int at, int value) {
		ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(at, value);
	}

	static long getLong(byte[] bytes, int at) {
		return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getLong(at);
	}

	static void putLong(byte[] bytes, int at, long value) {
		ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong(at, value);
	}

}
