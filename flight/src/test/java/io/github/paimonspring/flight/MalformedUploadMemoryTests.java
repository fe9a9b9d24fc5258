package io.github.paimonspring.flight;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.channels.Channels;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import io.github.paimonspring.support.TestWarehouse;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.message.MessageMetadataResult;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Malformed uploads sent with a raw gRPC client leave no Arrow memory behind: batches whose buffers lie beyond their
 * body are refused by the endpoint's gate with the problem text before Flight loads them (Flight would keep a
 * reference to the body), and the bodies of messages Flight's decoder cannot decode at all (metadata that is no
 * message) are freed after it drops them.
 */
class MalformedUploadMemoryTests {

	@TempDir
	Path warehouse;

	ConfigurableApplicationContext context;

	BufferAllocator allocator;

	PaimonFlightServer server;

	ManagedChannel channel;

	@BeforeEach
	void start() throws Exception {
		try (TestWarehouse tables = new TestWarehouse(this.warehouse)) {
			tables.create("shop.orders", org.apache.paimon.schema.Schema.newBuilder().column("id", DataTypes.INT())
				.column("name", DataTypes.STRING()).build());
		}
		List<String> properties = new ArrayList<>(List.of("server.port=0", "spring.main.banner-mode=off",
				"paimon.catalog.warehouse=" + this.warehouse, "paimon.admin.enabled=true",
				"paimon.flight.enabled=true", "paimon.flight.port=0", "paimon.flight.address=127.0.0.1",
				"paimon.admin.auth=bearer"));
		FlightEndpointTests.credential(properties, "gateway", "ingest", "shop.*");
		this.context = new SpringApplicationBuilder(FlightEndpointTests.App.class)
			.properties(properties.toArray(String[]::new))
			.run();
		this.allocator = new RootAllocator();
		FlightEndpointTests.allocator = this.allocator;
		this.server = this.context.getBean(PaimonFlightServer.class);
		this.channel = NettyChannelBuilder.forAddress("127.0.0.1", this.server.getPort()).usePlaintext().build();
	}

	@AfterEach
	void stop() throws Exception {
		this.channel.shutdownNow().awaitTermination(30, TimeUnit.SECONDS);
		this.allocator.close();
		this.context.close();
	}

	@Test
	void malformedUploadsAreRefusedAndFreeTheirMemory() throws Exception {
		PaimonFlightServer server = this.server;
		ManagedChannel channel = this.channel;
		List<Flight.FlightData> valid;
		try (VectorSchemaRoot root = FlightEndpointTests.batch(0, 100)) {
			valid = messages(root);
		}
		for (int cut : new int[] { 0, 1, 300 }) {
			List<Flight.FlightData> stream = new ArrayList<>(valid);
			stream.set(1, valid.get(1).toBuilder().setDataBody(valid.get(1).getDataBody().substring(0, cut))
				.build());
			Status status = put(channel, stream);
			assertThat(status.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
			assertThat(status.getDescription())
				.startsWith("Malformed Arrow IPC stream: Arrow IPC message 1 is not accepted: ");
			assertThat(server.arrowMemoryAllocated()).as("after a body cut at %d bytes", cut).isZero();
		}
		List<Flight.FlightData> garbage = new ArrayList<>(valid);
		garbage.set(1, valid.get(1).toBuilder().setDataHeader(ByteString.copyFrom(new byte[] { 1, 2, 3, 4 }))
			.setDataBody(ByteString.copyFrom(new byte[1 << 20]))
			.build());
		// metadata that is no Arrow message: the endpoint's decoder refuses it with the problem text, and has freed
		// the body it copied before the answer
		Status undecodable = put(channel, garbage);
		assertThat(undecodable.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(undecodable.getDescription())
			.startsWith("Malformed Arrow IPC stream: Arrow IPC message 1 is not accepted: it cannot be decoded (");
		assertThat(server.arrowMemoryAllocated()).as("after a 1 MB body that cannot be decoded").isZero();
	}

	@Test
	void randomMutationsLeaveNoArrowMemory() throws Exception {
		PaimonFlightServer server = this.server;
		ManagedChannel channel = this.channel;
		List<Flight.FlightData> valid;
		try (VectorSchemaRoot root = FlightEndpointTests.batch(0, 50)) {
			valid = messages(root);
		}
		Random random = new Random(31);
		for (int i = 0; i < 200; i++) {
			List<Flight.FlightData> stream = new ArrayList<>(valid);
			int message = 1 + random.nextInt(stream.size() - 1);
			Flight.FlightData data = stream.get(message);
			boolean header = random.nextBoolean();
			byte[] bytes = (header ? data.getDataHeader() : data.getDataBody()).toByteArray();
			StringBuilder flipped = new StringBuilder();
			for (int flips = 1 + random.nextInt(4); flips > 0 && bytes.length > 0; flips--) {
				int at = random.nextInt(bytes.length);
				bytes[at] ^= (byte) (1 + random.nextInt(255));
				flipped.append(at).append(' ');
			}
			stream.set(message, header ? data.toBuilder().setDataHeader(ByteString.copyFrom(bytes)).build()
					: data.toBuilder().setDataBody(ByteString.copyFrom(bytes)).build());
			Status status = put(channel, stream);
			// every stream is written or refused by the endpoint with a status of its own, never gRPC's UNKNOWN
			assertThat(status.getCode()).as("status of mutation %d: %s", i, status)
				.isNotIn(Status.Code.UNKNOWN, Status.Code.INTERNAL);
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
			while (server.arrowMemoryAllocated() != 0 && System.nanoTime() < deadline) {
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20)); // the next look at the memory
			}
			assertThat(server.arrowMemoryAllocated())
				.as("Arrow memory after mutation %d (%s bytes %s): %s", i, header ? "header" : "body", flipped,
						status)
				.isZero();
		}
	}

	static List<Flight.FlightData> messages(VectorSchemaRoot root) throws Exception {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, Channels.newChannel(out))) {
			writer.start();
			writer.writeBatch();
		}
		FlightSql.CommandStatementIngest ingest = FlightSql.CommandStatementIngest.newBuilder().setTable("orders")
			.setSchema("shop")
			.setTableDefinitionOptions(FlightSql.CommandStatementIngest.TableDefinitionOptions.newBuilder()
				.setIfExists(FlightSql.CommandStatementIngest.TableDefinitionOptions.TableExistsOption
					.TABLE_EXISTS_OPTION_APPEND))
			.build();
		List<Flight.FlightData> messages = new ArrayList<>();
		try (BufferAllocator allocator = new RootAllocator()) {
			ReadChannel in = new ReadChannel(Channels.newChannel(new ByteArrayInputStream(out.toByteArray())));
			MessageMetadataResult message;
			while ((message = MessageSerializer.readMessage(in)) != null) {
				byte[] header = new byte[message.getMessageLength()];
				message.getMessageBuffer().duplicate().get(header, 0, Math.min(header.length,
						message.getMessageBuffer().remaining()));
				byte[] body = new byte[(int) message.getMessageBodyLength()];
				if (body.length > 0) {
					try (ArrowBuf buffer = MessageSerializer.readMessageBody(in, body.length, allocator)) {
						buffer.getBytes(0, body);
					}
				}
				Flight.FlightData.Builder data = Flight.FlightData.newBuilder()
					.setDataHeader(ByteString.copyFrom(header))
					.setDataBody(ByteString.copyFrom(body));
				if (messages.isEmpty()) {
					data.setFlightDescriptor(Flight.FlightDescriptor.newBuilder()
						.setType(Flight.FlightDescriptor.DescriptorType.CMD)
						.setCmd(Any.pack(ingest).toByteString()));
				}
				messages.add(data.build());
			}
		}
		return messages;
	}

	static Status put(ManagedChannel channel, List<Flight.FlightData> messages) throws Exception {
		Metadata headers = new Metadata();
		headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
				"Bearer " + FlightEndpointTests.token("gateway"));
		CompletableFuture<Status> done = new CompletableFuture<>();
		StreamObserver<Flight.FlightData> out = FlightServiceGrpc.newStub(channel)
			.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
			.doPut(new StreamObserver<>() {

				@Override
				public void onNext(Flight.PutResult value) {
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
		for (Flight.FlightData message : messages) {
			out.onNext(message);
		}
		out.onCompleted();
		return done.get(60, TimeUnit.SECONDS);
	}

}
