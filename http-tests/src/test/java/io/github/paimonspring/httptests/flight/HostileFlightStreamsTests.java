package io.github.paimonspring.httptests.flight;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.IpcMessages;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import io.grpc.CallOptions;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTTP API's hostile bodies replayed as Flight streams, sent with a raw gRPC client (no Arrow client would
 * send them): bad IPC (garbage metadata, batches without a schema, truncated bodies, random mutations), lying
 * lengths (buffers beyond the body, 2^31-1 row claims), huge declared sizes (multi-GB bodies announced, messages
 * over the limit), and unknown commands. Each gets a Flight status with the HTTP API's problem text; the app
 * stays up, writes nothing (no snapshot, no data file) and takes a valid ingest afterwards.
 */
class HostileFlightStreamsTests {

	static final String TABLE = "shop.hostile";

	/** The limit of one gRPC message (the app's {@code paimon.admin.max-batch-memory}). */
	static final int MAX_BATCH_MEMORY = 8 << 20;

	/** What a refused stream may be answered with. */
	static final Set<Status.Code> REFUSED = Set.of(Status.Code.INVALID_ARGUMENT, Status.Code.RESOURCE_EXHAUSTED,
			Status.Code.UNAVAILABLE);

	/** The app's {@code paimon.flight.read-timeout}. */
	static final String READ_TIMEOUT = "3s";

	@TempDir
	static Path warehouseDir;

	static Warehouse warehouse;

	static SampleAppProcess app;

	static int flightPort;

	static ManagedChannel channel;

	long snapshots;

	int files;

	@BeforeAll
	static void start() throws Exception {
		warehouse = new Warehouse(warehouseDir);
		warehouse.create(TABLE, org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.build());
		flightPort = SampleAppProcess.freePort();
		app = FlightSupport.start(warehouseDir, flightPort,
				"--paimon.admin.max-batch-memory=" + MAX_BATCH_MEMORY + "B", "--paimon.admin.max-upload-memory=64MB",
				"--paimon.flight.read-timeout=" + READ_TIMEOUT);
		channel = NettyChannelBuilder.forAddress("127.0.0.1", flightPort)
			.usePlaintext()
			.maxInboundMessageSize(64 << 20)
			.build();
	}

	@AfterAll
	static void stop() throws Exception {
		if (channel != null) {
			channel.shutdownNow().awaitTermination(30, TimeUnit.SECONDS);
		}
		if (app != null) {
			app.close();
		}
		if (warehouse != null) {
			warehouse.close();
		}
	}

	@BeforeEach
	void before() {
		this.snapshots = warehouse.snapshotCount(TABLE);
		this.files = warehouse.dataFiles(TABLE).size();
	}

	@AfterEach
	void nothingWrittenAndTheAppStillIngests() throws Exception {
		assertThat(app.isAlive()).isTrue();
		assertThat(arrowMemoryOnceIdle()).as("the endpoint's Arrow memory after the refused streams").isZero();
		assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(this.snapshots);
		assertThat(warehouse.dataFiles(TABLE)).as("no orphan data files").hasSize(this.files);
		try (BufferAllocator allocator = new RootAllocator();
				FlightSqlClient sql = FlightSupport.client(allocator, flightPort);
				VectorSchemaRoot rows = FlightSupport.batch(allocator, 1, 2)) {
			assertThat(sql.executeIngest(rows, FlightSupport.append("shop", "hostile"), FlightSupport.as("gateway")))
				.isEqualTo(2);
		}
		this.snapshots++;
		this.files = warehouse.dataFiles(TABLE).size();
		assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(this.snapshots);
	}

	// ------------------------------------------------------------------ bad IPC

	@Test
	void garbageMetadataIsMalformed() throws Exception {
		List<Flight.FlightData> stream = valid(10);
		byte[] garbage = new byte[64];
		new Random(7).nextBytes(garbage);
		stream.set(1, stream.get(1).toBuilder().setDataHeader(ByteString.copyFrom(garbage)).build());
		// the endpoint's own decoder refuses it with the problem text (Flight's answered gRPC's UNKNOWN)
		Status status = put(stream);
		assertRefused(status, "garbage metadata");
		assertThat(status.getDescription()).startsWith("Malformed Arrow IPC stream: Arrow IPC message 1 ");
	}

	@Test
	void aBatchWithoutASchemaIsMalformed() throws Exception {
		List<Flight.FlightData> stream = valid(10);
		Flight.FlightData batch = stream.get(1).toBuilder().setFlightDescriptor(stream.get(0).getFlightDescriptor())
			.build();
		// Flight's stream waits for a schema without a bound: the read timeout ends the call
		Status status = put(List.of(batch));
		assertThat(status.getCode()).as(String.valueOf(status)).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
		assertThat(status.getDescription()).startsWith("Request timeout: no ");
	}

	@Test
	void truncatedBodiesAreMalformed() throws Exception {
		List<Flight.FlightData> stream = valid(100);
		ByteString body = stream.get(1).getDataBody();
		for (int cut : new int[] { 0, 1, body.size() / 2 }) {
			List<Flight.FlightData> truncated = new ArrayList<>(stream);
			truncated.set(1, stream.get(1).toBuilder().setDataBody(body.substring(0, cut)).build());
			assertRefused(put(truncated), "body cut at " + cut);
		}
	}

	@Test
	void randomMutationsNeverWriteOrCrash() throws Exception {
		Random random = new Random(31);
		List<Flight.FlightData> valid = valid(50);
		int refused = 0;
		int written = 0;
		for (int i = 0; i < 200; i++) {
			List<Flight.FlightData> stream = new ArrayList<>(valid);
			int message = 1 + random.nextInt(stream.size() - 1);
			Flight.FlightData data = stream.get(message);
			boolean header = random.nextBoolean();
			byte[] bytes = (header ? data.getDataHeader() : data.getDataBody()).toByteArray();
			for (int flips = 1 + random.nextInt(4); flips > 0 && bytes.length > 0; flips--) {
				bytes[random.nextInt(bytes.length)] ^= (byte) (1 + random.nextInt(255));
			}
			stream.set(message, header ? data.toBuilder().setDataHeader(ByteString.copyFrom(bytes)).build()
					: data.toBuilder().setDataBody(ByteString.copyFrom(bytes)).build());
			Status status = put(stream);
			if (status.isOk()) {
				written++; // a flip in a string's bytes is still a valid batch
			}
			else {
				assertRefused(status, "mutation " + i);
				refused++;
			}
		}
		// a valid mutation committed its rows (none for a batch whose length became 0)
		long committed = warehouse.snapshotCount(TABLE) - this.snapshots;
		assertThat(committed).isBetween(0L, (long) written);
		System.out.println("HostileFlightStreamsTests: 200 mutated streams, " + refused + " refused by the endpoint, "
				+ written + " valid");
		assertThat(refused).isPositive();
		this.snapshots += committed;
		this.files = warehouse.dataFiles(TABLE).size();
	}

	// ------------------------------------------------------------------ lying lengths

	@Test
	void buffersBeyondTheBodyAreMalformed() throws Exception {
		assertRefused(put(forged((batch) -> {
			int last = batch.buffers.length - 1;
			batch.buffers[last][1] = batch.body.length * 4L;
		})), "a buffer beyond the body");
	}

	@Test
	void aFlightDataFieldLongerThanItsMessageIsMalformed() throws Exception {
		List<Flight.FlightData> stream = valid(10);
		ByteArrayOutputStream lying = new ByteArrayOutputStream();
		CodedOutputStream out = CodedOutputStream.newInstance(lying);
		out.writeBytes(Flight.FlightData.DATA_HEADER_FIELD_NUMBER, stream.get(1).getDataHeader());
		// the body claims 1 GiB and brings 16 bytes: refused before any Arrow memory is taken for it
		out.writeTag(Flight.FlightData.DATA_BODY_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
		out.writeUInt32NoTag(1 << 30);
		out.writeRawBytes(new byte[16]);
		out.flush();
		Status status = putRaw(List.of(stream.get(0).toByteArray(), lying.toByteArray()));
		assertRefused(status, "a body longer than its message");
		assertThat(status.getDescription()).startsWith("Malformed Arrow IPC stream: Arrow IPC message 1 is not "
				+ "accepted: it cannot be decoded (field 1000 claims 1073741824 bytes, the message has 16 left)");
	}

	@Test
	void twoBillionRowClaimsAreRefusedWithoutTheMemory() throws Exception {
		List<CompletableFuture<Status>> answers = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			boolean nodes = i % 2 == 0;
			List<Flight.FlightData> stream = forged((batch) -> {
				batch.length = Integer.MAX_VALUE;
				if (nodes) {
					for (long[] node : batch.nodes) {
						node[0] = Integer.MAX_VALUE;
					}
				}
			});
			answers.add(CompletableFuture.supplyAsync(() -> put(stream)));
		}
		for (CompletableFuture<Status> answer : answers) {
			assertRefused(answer.get(120, TimeUnit.SECONDS), "2^31-1 rows claimed");
		}
	}

	// ------------------------------------------------------------------ huge declared sizes

	@Test
	void multiGigabyteBodyAnnouncementsAreRefused() throws Exception {
		assertRefused(put(forged((batch) -> {
			long announced = 3L << 30;
			int last = batch.buffers.length - 1;
			batch.buffers[last][1] = announced - batch.buffers[last][0];
			batch.bodyLength = announced;
		})), "a 3 GB body announced");
	}

	@Test
	void aMessageOverTheLimitIsRefusedBeforeItIsRead() throws Exception {
		List<Flight.FlightData> stream = valid(10);
		byte[] big = new byte[MAX_BATCH_MEMORY + (1 << 20)];
		stream.set(1, stream.get(1).toBuilder().setDataBody(ByteString.copyFrom(big)).build());
		Status status = put(stream);
		// gRPC refuses the message with RESOURCE_EXHAUSTED and resets the stream; a client still writing the message
		// may see the reset (CANCELLED) or its connection's broken pipe (UNAVAILABLE) instead: never OK
		assertThat(status.getCode()).as(String.valueOf(status)).isIn(Status.Code.RESOURCE_EXHAUSTED,
				Status.Code.CANCELLED, Status.Code.UNAVAILABLE);
	}

	// ------------------------------------------------------------------ unknown commands

	@Test
	void unknownCommandsAreRefused() throws Exception {
		Flight.FlightDescriptor garbage = Flight.FlightDescriptor.newBuilder()
			.setType(Flight.FlightDescriptor.DescriptorType.CMD)
			.setCmd(ByteString.copyFrom(new byte[] { 1, 2, 3, 4, 5 }))
			.build();
		Flight.FlightDescriptor unknownType = Flight.FlightDescriptor.newBuilder()
			.setType(Flight.FlightDescriptor.DescriptorType.CMD)
			.setCmd(Any.newBuilder().setTypeUrl("type.googleapis.com/no.such.Command").build().toByteString())
			.build();
		Flight.FlightDescriptor path = Flight.FlightDescriptor.newBuilder()
			.setType(Flight.FlightDescriptor.DescriptorType.PATH)
			.addPath("shop")
			.addPath("hostile")
			.build();
		for (Flight.FlightDescriptor descriptor : List.of(garbage, unknownType, path)) {
			List<Flight.FlightData> stream = valid(10);
			stream.set(0, stream.get(0).toBuilder().setFlightDescriptor(descriptor).build());
			Status status = put(stream);
			assertThat(status.getCode()).as(String.valueOf(status)).isIn(Status.Code.INVALID_ARGUMENT,
					Status.Code.UNIMPLEMENTED);
		}
		FlightServiceGrpc.FlightServiceBlockingStub blocking = FlightServiceGrpc.newBlockingStub(channel)
			.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers()))
			.withDeadlineAfter(60, TimeUnit.SECONDS);
		Status action = statusOf(() -> blocking.doAction(Flight.Action.newBuilder().setType("DropTable")
			.setBody(ByteString.copyFromUtf8("shop.hostile"))
			.build()).hasNext());
		assertThat(action.getCode()).as(String.valueOf(action)).isIn(Status.Code.INVALID_ARGUMENT,
				Status.Code.UNIMPLEMENTED);
		Status ticket = statusOf(() -> blocking.doGet(Flight.Ticket.newBuilder()
			.setTicket(ByteString.copyFrom(new byte[] { 9, 9, 9 }))
			.build()).hasNext());
		assertThat(ticket.getCode()).as(String.valueOf(ticket)).isIn(Status.Code.INVALID_ARGUMENT,
				Status.Code.UNIMPLEMENTED);
		Status info = statusOf(() -> blocking.getFlightInfo(garbage));
		assertThat(info.getCode()).as(String.valueOf(info)).isIn(Status.Code.INVALID_ARGUMENT,
				Status.Code.UNIMPLEMENTED);
	}

	// ------------------------------------------------------------------ plumbing

	/** The {@code arrowMemory} of the {@code paimonFlight} health details, once it is 0 (or after 30 s). */
	static long arrowMemoryOnceIdle() throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		HttpRequest request = HttpRequest.newBuilder(app.uri("/actuator/health/paimonFlight"))
			.header("Authorization", "Bearer " + FlightSupport.token("ops"))
			.build();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (true) {
			HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
			Matcher memory = Pattern.compile("\"arrowMemory\":(\\d+)").matcher(response.body());
			assertThat(memory.find()).as(response.body()).isTrue();
			long bytes = Long.parseLong(memory.group(1));
			if (bytes == 0 || System.nanoTime() > deadline) {
				return bytes;
			}
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50)); // the next look at the memory
		}
	}

	static void assertRefused(Status status, String what) {
		assertThat(status.getCode()).as(what + ": " + status).isIn(REFUSED);
		String description = String.valueOf(status.getDescription());
		if (status.getCode() != Status.Code.RESOURCE_EXHAUSTED || description.contains(":")) {
			assertThat(description).as(what).matches("(Malformed Arrow IPC stream|Payload too large|Server busy"
					+ "|Arrow data does not match the table|Invalid argument): .*");
		}
	}

	/** A valid stream of one batch, as Flight messages: the schema with the ingest command, then the batch. */
	static List<Flight.FlightData> valid(int rows) {
		IpcMessages ipc = IpcMessages.parse(ArrowBodies.idNameRange(1, rows));
		return messages(ipc);
	}

	static List<Flight.FlightData> forged(Consumer<IpcMessages.Msg> forge) {
		IpcMessages ipc = IpcMessages.parse(ArrowBodies.idNameRange(1, 10)).copy();
		forge.accept(ipc.recordBatches().get(0));
		return messages(ipc);
	}

	static List<Flight.FlightData> messages(IpcMessages ipc) {
		FlightSql.CommandStatementIngest ingest = FlightSql.CommandStatementIngest.newBuilder()
			.setTable("hostile")
			.setSchema("shop")
			.setTableDefinitionOptions(FlightSql.CommandStatementIngest.TableDefinitionOptions.newBuilder()
				.setIfExists(FlightSql.CommandStatementIngest.TableDefinitionOptions.TableExistsOption
					.TABLE_EXISTS_OPTION_APPEND))
			.build();
		Flight.FlightDescriptor descriptor = Flight.FlightDescriptor.newBuilder()
			.setType(Flight.FlightDescriptor.DescriptorType.CMD)
			.setCmd(Any.pack(ingest).toByteString())
			.build();
		List<Flight.FlightData> messages = new ArrayList<>();
		for (IpcMessages.Msg msg : ipc.messages()) {
			Flight.FlightData.Builder data = Flight.FlightData.newBuilder()
				.setDataHeader(ByteString.copyFrom(msg.encodeMetadata()))
				.setDataBody(ByteString.copyFrom(msg.body));
			if (messages.isEmpty()) {
				data.setFlightDescriptor(descriptor);
			}
			messages.add(data.build());
		}
		return messages;
	}

	static Metadata headers() {
		Metadata headers = new Metadata();
		headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
				"Bearer " + FlightSupport.token("gateway"));
		return headers;
	}

	/** DoPut with messages as bytes: the protobuf of a {@code FlightData}, or bytes no protobuf library writes. */
	static final MethodDescriptor<byte[], byte[]> RAW_PUT = MethodDescriptor.<byte[], byte[]>newBuilder()
		.setType(MethodDescriptor.MethodType.BIDI_STREAMING)
		.setFullMethodName(FlightServiceGrpc.getDoPutMethod().getFullMethodName())
		.setRequestMarshaller(Bytes.INSTANCE)
		.setResponseMarshaller(Bytes.INSTANCE)
		.build();

	/** Sends the messages as one DoPut and returns the status it ended with. */
	static Status put(List<Flight.FlightData> messages) {
		return putRaw(messages.stream().map(Flight.FlightData::toByteArray).toList());
	}

	/** Sends the messages, each as it is, as one DoPut and returns the status it ended with. */
	static Status putRaw(List<byte[]> messages) {
		CompletableFuture<Status> done = new CompletableFuture<>();
		StreamObserver<byte[]> out = ClientCalls.asyncBidiStreamingCall(
				ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(headers()))
					.newCall(RAW_PUT, CallOptions.DEFAULT.withDeadlineAfter(120, TimeUnit.SECONDS)),
				new StreamObserver<>() {

				@Override
				public void onNext(byte[] value) {
				}

				@Override
				public void onError(Throwable t) {
					done.complete(Status.fromThrowable(t));
				}

				@Override
				public void onCompleted() {
					done.complete(Status.OK);
				}

			});
		try {
			for (byte[] message : messages) {
				out.onNext(message);
			}
			out.onCompleted();
		}
		catch (RuntimeException ex) {
			// the server ended the call while the stream was being sent: its status is the answer
		}
		try {
			return done.get(120, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new AssertionError("no answer to a DoPut within 120 s", ex);
		}
	}

	/** Messages as they are. */
	enum Bytes implements MethodDescriptor.Marshaller<byte[]> {

		INSTANCE;

		@Override
		public InputStream stream(byte[] value) {
			return new ByteArrayInputStream(value);
		}

		@Override
		public byte[] parse(InputStream stream) {
			try {
				return stream.readAllBytes();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	}

	static Status statusOf(Runnable call) {
		try {
			call.run();
			return Status.OK;
		}
		catch (RuntimeException ex) {
			return Status.fromThrowable(ex);
		}
	}

}
