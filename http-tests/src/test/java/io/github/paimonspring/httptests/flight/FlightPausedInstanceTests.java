package io.github.paimonspring.httptests.flight;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.github.paimonspring.httptests.ClusterTests;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.arrow.flight.CallOptions;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementIngest.TableDefinitionOptions;
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

/**
 * A Flight SQL transaction on an instance that freezes ({@code kill -STOP}: a long GC pause, a frozen VM) after the
 * client's ingest, with the client's COMMIT waiting in the frozen instance's socket. Two instances share one
 * warehouse with a 3 s instance lease. The other instance answers the COMMIT with "send the request there" while
 * the frozen one's lease holds, then, once it ran out, refuses it (the transaction is settled as aborted); the client
 * starts over there and commits. When the frozen instance runs again, the COMMIT that waited for it commits nothing
 * (its lease ran out, so it commits nothing any more) and is answered as a failed transaction to begin again, not
 * as a commit to retry. Every row is there once.
 */
@Tag(ClusterTests.TAG)
class FlightPausedInstanceTests {

	static final String TABLE = "shop.flight_paused";

	static final String[] LEASE = { "--paimon.cluster.heartbeat-interval=1s", "--paimon.cluster.instance-lease=3s" };

	@TempDir
	static Path warehouseDir;

	static Warehouse warehouse;

	static SampleAppProcess a;

	static SampleAppProcess b;

	static int portA;

	static int portB;

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
		a = FlightSupport.start(warehouseDir, portA, LEASE);
		b = FlightSupport.start(warehouseDir, portB, LEASE);
		allocator = new RootAllocator();
	}

	@AfterAll
	static void stop() throws Exception {
		if (a != null) {
			a.resume(); // a failed test may leave it frozen
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
	void aCommitThatReachesAFrozenInstanceAfterTheClientStartedOverElsewhereCommitsNothing() throws Exception {
		long snapshots = warehouse.snapshotCount(TABLE);
		try (FlightSqlClient toA = FlightSupport.client(allocator, portA);
				FlightSqlClient toB = FlightSupport.client(allocator, portB)) {
			FlightSqlClient.Transaction first = toA.beginTransaction(FlightSupport.as("gateway"));
			assertThat(ingest(toA, first, 100, 10)).isEqualTo(10);
			String id = new String(first.getTransactionId(), StandardCharsets.UTF_8);
			a.pause();
			CompletableFuture<String> late;
			List<String> answers = new ArrayList<>();
			try {
				// the client's COMMIT waits in the frozen instance's socket; the client gives up on it
				late = CompletableFuture.supplyAsync(() -> outcome(() -> toA.commit(first, FlightSupport.as("gateway"),
						CallOptions.timeout(120, TimeUnit.SECONDS))));
				// the other instance sends it there while the frozen one's lease holds, then refuses it
				long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
				while (true) {
					String answer = outcome(() -> toB.commit(first, FlightSupport.as("gateway")));
					answers.add(answer);
					if (!answer.contains("send the request there")) {
						break;
					}
					assertThat(System.nanoTime()).as("B still sends the COMMIT to A: %s", answers)
						.isLessThan(deadline);
					LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200)); // the next retry of the client
				}
				assertThat(answers.get(answers.size() - 1)).as("B's answers: %s", answers)
					.startsWith("INVALID_ARGUMENT")
					.contains("Transaction " + id + " cannot be committed here: it is ABORTED");
				assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(snapshots);
				// the client starts over on the instance that answers
				FlightSqlClient.Transaction redo = toB.beginTransaction(FlightSupport.as("gateway"));
				assertThat(ingest(toB, redo, 100, 10)).isEqualTo(10);
				toB.commit(redo, FlightSupport.as("gateway"));
			}
			finally {
				a.resume();
			}
			// the COMMIT that waited reaches the instance that was frozen: its lease ran out, it commits nothing
			String lateAnswer = late.get(120, TimeUnit.SECONDS);
			assertThat(lateAnswer).as("the late COMMIT's answer").startsWith("INVALID_ARGUMENT")
				.contains("Transaction " + id + " could not be committed", "begin a new transaction");
			System.out.println("FlightPausedInstanceTests: B answered " + answers.size() + " COMMITs, the last: "
					+ answers.get(answers.size() - 1) + "; the frozen instance answered its late COMMIT: "
					+ lateAnswer);
			// and it commits nothing when the client retries it there either
			assertThat(outcome(() -> toA.commit(first, FlightSupport.as("gateway")))).startsWith("INVALID_ARGUMENT")
				.contains("Transaction " + id + " is FAILED", "lease");
		}
		assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(snapshots + 1);
		assertThat(warehouse.idNames(TABLE).stream().filter((row) -> {
			int key = Integer.parseInt(row.substring(0, row.indexOf(':')));
			return key >= 100 && key < 110;
		}).count()).as("every row once").isEqualTo(10);
	}

	static long ingest(FlightSqlClient sql, FlightSqlClient.Transaction transaction, int from, int count) {
		FlightSqlClient.ExecuteIngestOptions options = new FlightSqlClient.ExecuteIngestOptions("flight_paused",
				TableDefinitionOptions.newBuilder()
					.setIfExists(TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_APPEND)
					.build(),
				null, "shop", Map.of());
		try (VectorSchemaRoot root = FlightSupport.batch(allocator, from, count)) {
			return sql.executeIngest(root, options, transaction, FlightSupport.as("gateway"));
		}
	}

	/** {@code OK}, or the status code and message a call failed with. */
	static String outcome(Runnable call) {
		try {
			call.run();
			return "OK";
		}
		catch (FlightRuntimeException ex) {
			FlightStatusCode code = ex.status().code();
			return code + " " + ex.getMessage();
		}
	}

}
