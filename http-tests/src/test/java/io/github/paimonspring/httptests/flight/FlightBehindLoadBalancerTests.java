package io.github.paimonspring.httptests.flight;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import io.github.paimonspring.httptests.ClusterTests;
import io.github.paimonspring.httptests.Haproxy;
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
 * docs/flight.md gives ({@link Haproxy}, next to production.md's HTTP frontend): ingests committed on their own
 * work on whichever instance a connection reaches, and a transaction's calls that reach the other instance are
 * answered clearly (they belong to the instance that holds its writer).
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

	static Haproxy haproxy;

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
		haproxy = Haproxy.start(haproxyDir, a.port(), b.port(), portA, portB);
		balancerPort = haproxy.flightPort();
		haproxy.awaitServer("a", "UP", Duration.ofMinutes(1));
		haproxy.awaitServer("b", "UP", Duration.ofMinutes(1));
		allocator = new RootAllocator();
	}

	@AfterAll
	static void stop() throws Exception {
		if (haproxy != null) {
			haproxy.close();
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
