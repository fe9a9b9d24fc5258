package io.github.paimonspring.httptests.flight;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.paimonspring.httptests.ClusterTests;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two instances on one warehouse behind a real HAProxy in TCP mode, configured with exactly the snippet
 * docs/flight.md gives: ingests committed on their own work on whichever instance a connection reaches, and a
 * transaction's calls that reach the other instance are answered clearly (they belong to the instance that holds
 * its writer).
 */
@Tag(ClusterTests.TAG)
class FlightBehindLoadBalancerTests {

	static final String TABLE = "shop.flight_lb";

	@TempDir
	static Path warehouseDir;

	@TempDir
	static Path haproxyDir;

	static Warehouse warehouse;

	static SampleAppProcess a;

	static SampleAppProcess b;

	static int portA;

	static int portB;

	static int balancerPort;

	static Process haproxy;

	static BufferAllocator allocator;

	@BeforeAll
	static void start() throws Exception {
		warehouse = new Warehouse(warehouseDir);
		warehouse.create(TABLE, org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.build());
		portA = SampleAppProcess.freePort();
		portB = SampleAppProcess.freePort();
		a = FlightSupport.start(warehouseDir, portA);
		b = FlightSupport.start(warehouseDir, portB);
		balancerPort = SampleAppProcess.freePort();
		haproxy = startHaproxy(a.port(), b.port());
		allocator = new RootAllocator();
	}

	@AfterAll
	static void stop() throws Exception {
		if (haproxy != null) {
			haproxy.destroy();
			haproxy.waitFor(30, TimeUnit.SECONDS);
		}
		if (allocator != null) {
			allocator.close();
		}
		for (SampleAppProcess app : new SampleAppProcess[] { a, b }) {
			if (app != null) {
				app.close();
			}
		}
		if (warehouse != null) {
			warehouse.close();
		}
	}

	/** HAProxy with the configuration of docs/flight.md, its addresses replaced by the instances'. */
	static Process startHaproxy(int httpA, int httpB) throws Exception {
		String page = Files.readString(Path.of("..", "docs", "flight.md"));
		Matcher block = Pattern.compile("```text\n(frontend flight\n.*?)```", Pattern.DOTALL).matcher(page);
		assertThat(block.find()).as("docs/flight.md shows the HAProxy configuration").isTrue();
		String configuration = block.group(1)
			.replace("bind :32010", "bind 127.0.0.1:" + balancerPort)
			.replace("10.0.0.1:32010 check port 8080", "127.0.0.1:" + portA + " check port " + httpA)
			.replace("10.0.0.2:32010 check port 8080", "127.0.0.1:" + portB + " check port " + httpB);
		assertThat(configuration).contains("127.0.0.1:" + portA, "127.0.0.1:" + portB);
		Path file = haproxyDir.resolve("haproxy.cfg");
		Files.writeString(file, "defaults\n    timeout connect 2s\n    timeout client 2m\n    timeout server 2m\n\n"
				+ configuration);
		Path haproxy = Files.isExecutable(Path.of("/usr/sbin/haproxy")) ? Path.of("/usr/sbin/haproxy")
				: Path.of("haproxy");
		Process process = new ProcessBuilder(haproxy.toString(), "-db", "-f", file.toString())
			.redirectErrorStream(true)
			.redirectOutput(haproxyDir.resolve("haproxy.log").toFile())
			.start();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (true) {
			try (Socket probe = new Socket()) {
				probe.connect(new InetSocketAddress("127.0.0.1", balancerPort), 1000);
				return process;
			}
			catch (IOException ex) {
				if (!process.isAlive() || System.nanoTime() > deadline) {
					throw new IllegalStateException("haproxy did not listen:\n"
							+ Files.readString(haproxyDir.resolve("haproxy.log")), ex);
				}
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20)); // the next look at the port
			}
		}
	}

	@Test
	void ingestsCommittedOnTheirOwnWorkOnEitherInstance() throws Exception {
		long snapshots = warehouse.snapshotCount(TABLE);
		for (int i = 0; i < 12; i++) {
			// a new connection each time: the balancer picks an instance per connection
			try (FlightSqlClient sql = FlightSupport.client(allocator, balancerPort);
					VectorSchemaRoot rows = FlightSupport.batch(allocator, i * 10, 10)) {
				assertThat(sql.executeIngest(rows, FlightSupport.append("shop", "flight_lb"), FlightSupport.as(
						"gateway"))).isEqualTo(10);
			}
		}
		assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(snapshots + 12);
		assertThat(warehouse.idNames(TABLE)).hasSize(120).doesNotHaveDuplicates();
		assertThat(ingests(a)).as("ingests answered by instance a").isPositive();
		assertThat(ingests(b)).as("ingests answered by instance b").isPositive();
	}

	@Test
	void aTransactionsCallsOnTheOtherInstanceAreAnsweredClearly() throws Exception {
		try (FlightSqlClient onA = FlightSupport.client(allocator, portA);
				FlightSqlClient onB = FlightSupport.client(allocator, portB)) {
			FlightSqlClient.Transaction transaction = onA.beginTransaction(FlightSupport.as("gateway"));
			String id = new String(transaction.getTransactionId(), StandardCharsets.UTF_8);
			try (VectorSchemaRoot rows = FlightSupport.batch(allocator, 5000, 2)) {
				assertThatThrownBy(() -> onB.executeIngest(rows, FlightSupport.append("shop", "flight_lb"),
						transaction, FlightSupport.as("gateway")))
					.isInstanceOfSatisfying(FlightRuntimeException.class,
							(ex) -> assertThat(ex.getMessage()).contains("Transaction", id));
				onA.executeIngest(rows, FlightSupport.append("shop", "flight_lb"), transaction,
						FlightSupport.as("gateway"));
			}
			assertThatThrownBy(() -> onB.commit(transaction, FlightSupport.as("gateway")))
				.isInstanceOfSatisfying(FlightRuntimeException.class,
						(ex) -> assertThat(ex.getMessage()).contains("Transaction " + id, "send the request there"));
			onA.commit(transaction, FlightSupport.as("gateway"));
			// once committed, every instance answers its COMMIT with success from the shared state
			onB.commit(transaction, FlightSupport.as("gateway"));
		}
		assertThat(warehouse.idNames(TABLE)).contains("5000:n5000", "5001:n5001");
	}

	static long ingests(SampleAppProcess app) throws IOException {
		return app.output().lines()
			.filter((line) -> line.contains("operation=upload outcome=succeeded") && line.contains("channel=flight"))
			.count();
	}

}
