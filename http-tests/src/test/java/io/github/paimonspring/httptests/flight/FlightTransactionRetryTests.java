package io.github.paimonspring.httptests.flight;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import com.google.protobuf.Any;

import io.github.paimonspring.httptests.ClusterTests;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.SyncPutListener;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementIngest.TableDefinitionOptions;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Exactly once for Flight SQL transactions on the packaged sample app, with every call a client may retry: an
 * ingest resent with its key, a COMMIT and a ROLLBACK sent twice, a COMMIT sent late (after the instance restarted)
 * and after a {@code kill -9} of the instance between ingest and commit, or between commit and its answer. Every
 * row is read back once, nothing of a rolled-back or lost transaction. Append tables make a duplicate commit a
 * duplicate row. The tests share one table in any order, so each writes ids of its own range (and the test of the
 * SIGTERM reads 5000 to 9999, the whole of its range).
 */
class FlightTransactionRetryTests {

	static final String TABLE = "shop.flight_tx";

	@TempDir
	static Path warehouseDir;

	static Warehouse warehouse;

	static int flightPort;

	SampleAppProcess app;

	BufferAllocator allocator;

	FlightSqlClient sql;

	@BeforeAll
	static void tables() throws Exception {
		warehouse = new Warehouse(warehouseDir);
		warehouse.create(TABLE, org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.build());
		flightPort = SampleAppProcess.freePort();
	}

	@AfterAll
	static void close() throws Exception {
		if (warehouse != null) {
			warehouse.close();
		}
	}

	@BeforeEach
	void start() throws Exception {
		this.app = startApp();
		this.allocator = new RootAllocator();
		this.sql = FlightSupport.client(this.allocator, flightPort);
	}

	@AfterEach
	void stop() throws Exception {
		this.sql.close();
		this.allocator.close();
		if (this.app != null) {
			this.app.close();
		}
	}

	/** Restarts the app (stopped or killed) and connects anew, as a client that retries after a failure does. */
	void restart() throws Exception {
		this.app = startApp();
		this.sql.close();
		this.sql = FlightSupport.client(this.allocator, flightPort);
	}

	static SampleAppProcess startApp() throws Exception {
		return FlightSupport.start(warehouseDir, flightPort);
	}

	long ingest(FlightSqlClient.Transaction transaction, int from, int count, String key) {
		FlightSqlClient.ExecuteIngestOptions options = new FlightSqlClient.ExecuteIngestOptions("flight_tx",
				TableDefinitionOptions.newBuilder()
					.setIfExists(TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_APPEND)
					.build(),
				null, "shop", (key != null) ? Map.of("idempotency-key", key) : Map.of());
		try (VectorSchemaRoot root = FlightSupport.batch(this.allocator, from, count)) {
			return this.sql.executeIngest(root, options, transaction, FlightSupport.as("gateway"));
		}
	}

	long rows(int from, int to) {
		return warehouse.idNames(TABLE).stream()
			.mapToInt((row) -> Integer.parseInt(row.substring(0, row.indexOf(':'))))
			.filter((id) -> id >= from && id < to)
			.count();
	}

	@Test
	void anIngestInFlightAtSigtermFinishes() throws Exception {
		long snapshots = warehouse.snapshotCount(TABLE);
		FlightSql.CommandStatementIngest command = FlightSql.CommandStatementIngest.newBuilder()
			.setTable("flight_tx")
			.setSchema("shop")
			.setTableDefinitionOptions(FlightSql.CommandStatementIngest.TableDefinitionOptions.newBuilder()
				.setIfExists(TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_APPEND))
			.build();
		SyncPutListener answer = new SyncPutListener();
		FlightRuntimeException failure = null;
		try (FlightClient client = FlightClient
			.builder(this.allocator, Location.forGrpcInsecure("127.0.0.1", flightPort))
			.build(); VectorSchemaRoot root = FlightSupport.batch(this.allocator, 5000, 1000)) {
			FlightClient.ClientStreamListener put = client.startPut(
					FlightDescriptor.command(Any.pack(command).toByteArray()), root, answer,
					FlightSupport.as("gateway"));
			put.putNext();
			this.app.terminate(); // SIGTERM while the ingest is open: its call stays until it ends
			for (int batch = 1; batch < 5; batch++) {
				try (VectorSchemaRoot next = FlightSupport.batch(this.allocator, 5000 + batch * 1000, 1000);
						ArrowRecordBatch rows = new VectorUnloader(next).getRecordBatch()) {
					new VectorLoader(root).load(rows);
				}
				put.putNext();
			}
			put.completed();
			try {
				put.getResult();
				try (PutResult result = answer.read()) {
					assertThat(result).isNotNull();
				}
			}
			catch (FlightRuntimeException ex) {
				failure = ex;
			}
		}
		assertThat(this.app.awaitExit(Duration.ofSeconds(90))).as("exit code after SIGTERM").isIn(0, 143);
		long rows = rows(5000, 10000);
		System.out.println("FlightTransactionRetryTests: an ingest open at SIGTERM was answered "
				+ ((failure == null) ? "OK" : failure.status().code()) + " with " + rows + " of 5000 rows committed");
		// the endpoint takes no new calls but lets this one finish within paimon.flight.shutdown-timeout
		assertThat(failure).as("the answer to the ingest open at SIGTERM").isNull();
		assertThat(rows).isEqualTo(5000);
		assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(snapshots + 1);
	}

	@Test
	void callsSentTwiceChangeNothing() {
		long snapshots = warehouse.snapshotCount(TABLE);
		FlightSqlClient.Transaction transaction = this.sql.beginTransaction(FlightSupport.as("gateway"));
		assertThat(ingest(transaction, 1000, 3, "part-1")).isEqualTo(3);
		assertThat(ingest(transaction, 1000, 3, "part-1")).as("the ingest resent with its key").isZero();
		assertThat(ingest(transaction, 1003, 2, "part-2")).isEqualTo(2);
		this.sql.commit(transaction, FlightSupport.as("gateway"));
		this.sql.commit(transaction, FlightSupport.as("gateway"));
		assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(snapshots + 1);
		assertThat(rows(1000, 1005)).isEqualTo(5);

		FlightSqlClient.Transaction rolledBack = this.sql.beginTransaction(FlightSupport.as("gateway"));
		ingest(rolledBack, 1100, 3, null);
		this.sql.rollback(rolledBack, FlightSupport.as("gateway"));
		this.sql.rollback(rolledBack, FlightSupport.as("gateway"));
		assertThatThrownBy(() -> this.sql.commit(rolledBack, FlightSupport.as("gateway")))
			.isInstanceOf(FlightRuntimeException.class);
		assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(snapshots + 1);
		assertThat(rows(1100, 1103)).isZero();
	}

	@Test
	void aCommitSentLateAfterARestartAnswersSuccessAndCommitsNothing() throws Exception {
		FlightSqlClient.Transaction transaction = this.sql.beginTransaction(FlightSupport.as("gateway"));
		ingest(transaction, 2000, 4, null);
		this.sql.commit(transaction, FlightSupport.as("gateway"));
		long snapshots = warehouse.snapshotCount(TABLE);
		this.app.close(); // a graceful stop: the next instance knows the transaction from the shared state only
		restart();
		this.sql.commit(transaction, FlightSupport.as("gateway"));
		assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(snapshots);
		assertThat(rows(2000, 2004)).isEqualTo(4);
	}

	@Test
	void aCommitRetriedAfterKill9OfTheInstanceThatCommittedCommitsNothingNew() throws Exception {
		FlightSqlClient.Transaction transaction = this.sql.beginTransaction(FlightSupport.as("gateway"));
		ingest(transaction, 3000, 4, null);
		this.sql.commit(transaction, FlightSupport.as("gateway"));
		long snapshots = warehouse.snapshotCount(TABLE);
		this.app.kill(); // as if the answer to the commit had been lost with the instance
		restart();
		this.sql.commit(transaction, FlightSupport.as("gateway"));
		assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(snapshots);
		assertThat(rows(3000, 3004)).isEqualTo(4);
	}

	@Test
	void aTransactionWhoseInstanceWasKilledBeforeItsCommitIsRefusedAndItsRedoWritesOnce() throws Exception {
		long snapshots = warehouse.snapshotCount(TABLE);
		FlightSqlClient.Transaction lost = this.sql.beginTransaction(FlightSupport.as("gateway"));
		ingest(lost, 4000, 5, null);
		this.app.kill();
		restart();
		assertThatThrownBy(() -> this.sql.commit(lost, FlightSupport.as("gateway")))
			.isInstanceOfSatisfying(FlightRuntimeException.class,
					(ex) -> assertThat(ex.getMessage())
						.contains("Transaction " + new String(lost.getTransactionId(), StandardCharsets.UTF_8)));
		assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(snapshots);
		// the client does it again
		FlightSqlClient.Transaction redo = this.sql.beginTransaction(FlightSupport.as("gateway"));
		ingest(redo, 4000, 5, null);
		this.sql.commit(redo, FlightSupport.as("gateway"));
		this.sql.commit(redo, FlightSupport.as("gateway"));
		assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(snapshots + 1);
		assertThat(rows(4000, 4005)).isEqualTo(5);
	}

	/**
	 * A rolling restart as a transaction sees it. After SIGTERM the instance drains ({@code shutdown-drain}, its
	 * readiness down): a COMMIT and a new ingest sent then are taken and committed. A transaction still open when
	 * the instance stops is aborted (and recorded so) as it stops: after the restart its COMMIT is refused at once as
	 * ABORTED, nothing of it is visible, and the client's redo lands once. Tagged {@code cluster}: it starts the app
	 * three times.
	 */
	@Test
	@Tag(ClusterTests.TAG)
	void duringTheDrainCallsAreTakenAndATransactionStillOpenWhenTheInstanceStopsIsAborted() throws Exception {
		this.app.close();
		this.app = FlightSupport.start(warehouseDir, flightPort, "--paimon.ingest.shutdown-drain=20s");
		this.sql.close();
		this.sql = FlightSupport.client(this.allocator, flightPort);
		long snapshots = warehouse.snapshotCount(TABLE);
		FlightSqlClient.Transaction drained = this.sql.beginTransaction(FlightSupport.as("gateway"));
		ingest(drained, 12000, 5, null);
		FlightSqlClient.Transaction open = this.sql.beginTransaction(FlightSupport.as("gateway"));
		ingest(open, 12100, 5, null);
		this.app.terminate();
		awaitNotReady(this.app);
		// the drain: the instance still takes calls while balancers take it out
		this.sql.commit(drained, FlightSupport.as("gateway"));
		try (VectorSchemaRoot root = FlightSupport.batch(this.allocator, 12200, 3)) {
			assertThat(this.sql.executeIngest(root, FlightSupport.append("shop", "flight_tx"),
					FlightSupport.as("gateway"))).as("an ingest sent during the drain").isEqualTo(3);
		}
		assertThat(this.app.awaitExit(Duration.ofSeconds(90))).as("exit code after SIGTERM").isIn(0, 143);
		assertThat(rows(12000, 12005)).as("the transaction committed during the drain").isEqualTo(5);
		assertThat(rows(12200, 12203)).as("the ingest sent during the drain").isEqualTo(3);
		assertThat(rows(12100, 12105)).as("the transaction still open when the instance stopped").isZero();
		assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(snapshots + 2);
		restart();
		String id = new String(open.getTransactionId(), StandardCharsets.UTF_8);
		assertThatThrownBy(() -> this.sql.commit(open, FlightSupport.as("gateway")))
			.isInstanceOfSatisfying(FlightRuntimeException.class,
					(ex) -> assertThat(ex.getMessage()).contains("Transaction " + id, "ABORTED"));
		FlightSqlClient.Transaction redo = this.sql.beginTransaction(FlightSupport.as("gateway"));
		ingest(redo, 12100, 5, null);
		this.sql.commit(redo, FlightSupport.as("gateway"));
		assertThat(rows(12100, 12105)).isEqualTo(5);
		assertThat(warehouse.snapshotCount(TABLE)).isEqualTo(snapshots + 3);
	}

	/** Waits (bounded) until the app's readiness probe refuses: it drains. */
	static void awaitNotReady(SampleAppProcess app) throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
		while (true) {
			int status = http.send(HttpRequest.newBuilder(app.uri("/actuator/health/readiness")).build(),
					HttpResponse.BodyHandlers.discarding()).statusCode();
			if (status != 200) {
				return;
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("the readiness probe still answers 200 20 s after SIGTERM");
			}
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20)); // the next look at the probe
		}
	}

}
