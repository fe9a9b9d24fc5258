package io.github.paimonspring.httptests.admin;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.paimonspring.httptests.admin.AdminSupport.expect;
import static io.github.paimonspring.httptests.admin.AdminSupport.open;
import static io.github.paimonspring.httptests.admin.AdminSupport.problem;
import static io.github.paimonspring.httptests.admin.AdminSupport.upload;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Aborted and expired transactions leave nothing behind: no snapshot and no data file (the writers
 * have already written files when the transaction ends), and they cannot be committed afterwards.
 * Each test starts its own server, the expiry one with a 2 s idle timeout.
 */
class AbortAndExpiryTests {

	private static final String TOKEN = "abort-token";

	private static final String LOG = "default.abort_log_table";

	private static final String POSTPONE = "default.abort_postpone_table";

	private static final String EXPIRING = "default.expiring_log_table";

	@TempDir
	Path warehouseDir;

	@Test
	void abortDeletesUploadedFilesAndBlocksCommit() throws Exception {
		try (Warehouse warehouse = new Warehouse(this.warehouseDir)) {
			logTable(warehouse, LOG);
			// a small write buffer, so that the key-value writer spills files before the abort
			warehouse.create(POSTPONE, Schema.newBuilder()
				.column("id", DataTypes.INT())
				.column("name", DataTypes.STRING())
				.column("dt", DataTypes.STRING())
				.primaryKey("id", "dt")
				.partitionKeys("dt")
				.option("bucket", "-2")
				.option("write-buffer-size", "256 kb")
				.option("page-size", "32 kb")
				.option("write-buffer-spillable", "false")
				.build());
			try (SampleAppProcess app = SampleAppProcess.start(this.warehouseDir, AdminSupport.JVM,
					AdminSupport.adminArgs(TOKEN).toArray(String[]::new))) {
				AdminClient client = new AdminClient(app, TOKEN);
				abortAndCheck(client, warehouse, LOG, "{}", ArrowBodies.stream(false, 3, 1, "alice", 2, "bob"), 6);
				abortAndCheck(client, warehouse, POSTPONE, "{\"mode\":\"postpone-fixed-bucket\"}", manyRows(20_000),
						20_000);
			}
		}
	}

	private static void abortAndCheck(AdminClient client, Warehouse warehouse, String table, String request,
			byte[] body,
			long rows) throws Exception {
		String id = open(client, table, request);
		assertThat(upload(client, id, body).path("rows").asLong()).isEqualTo(rows);
		// the test is only meaningful if the writer already put files into the table directory
		assertThat(warehouse.dataFiles(table)).as("data files of %s before the abort", table).isNotEmpty();

		JsonNode aborted = expect(client.postJson("/paimon/transactions/" + id + "/abort", ""), 200);
		assertThat(aborted.path("aborted").asBoolean()).isTrue();
		JsonNode again = expect(client.postJson("/paimon/transactions/" + id + "/abort", ""), 200);
		assertThat(again.path("aborted").asBoolean()).isTrue();
		assertThat(expect(client.get("/paimon/transactions/" + id), 200).path("state").asText()).isEqualTo("ABORTED");

		problem(client.postJson("/paimon/transactions/" + id + "/commit", "{}"), 409);
		problem(client.postArrow("/paimon/transactions/" + id + "/batches", body), 409);

		assertThat(warehouse.snapshotCount(table)).as(table).isZero();
		assertThat(warehouse.dataFiles(table)).as(table).isEmpty();
	}

	@Test
	void idleTransactionExpiresAndIsCleanedUp() throws Exception {
		try (Warehouse warehouse = new Warehouse(this.warehouseDir)) {
			logTable(warehouse, EXPIRING);
			try (SampleAppProcess app = SampleAppProcess.start(this.warehouseDir, AdminSupport.JVM,
					AdminSupport.adminArgs(TOKEN, "--paimon.admin.idle-timeout=2s").toArray(String[]::new))) {
				AdminClient client = new AdminClient(app, TOKEN);
				String id = open(client, EXPIRING, "{}");
				upload(client, id, ArrowBodies.stream(false, 3, 4, "dave", 5, "eve"));
				assertThat(warehouse.dataFiles(EXPIRING)).as("data files before the expiry").isNotEmpty();

				String state = null;
				long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
				while (System.nanoTime() < deadline) {
					state = expect(client.get("/paimon/transactions/" + id), 200).path("state").asText();
					if (!state.equals("OPEN")) {
						break;
					}
					Thread.sleep(250);
				}
				assertThat(state).isEqualTo("EXPIRED");

				assertThat(warehouse.snapshotCount(EXPIRING)).isZero();
				assertThat(warehouse.dataFiles(EXPIRING)).isEmpty();
				problem(client.postJson("/paimon/transactions/" + id + "/commit", "{}"), 409);
				problem(client.postArrow("/paimon/transactions/" + id + "/batches", ArrowBodies.idName(6, "frank")),
						409);
				assertThat(warehouse.snapshotCount(EXPIRING)).isZero();
			}
		}
	}

	private static void logTable(Warehouse warehouse, String table) {
		warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING()).build());
	}

	private static byte[] manyRows(int rows) {
		Object[] values = new Object[rows * 3];
		for (int i = 0; i < rows; i++) {
			values[i * 3] = i;
			values[i * 3 + 1] = "name-" + i + "-with-some-padding-to-fill-the-write-buffer";
			values[i * 3 + 2] = (i % 2 == 0) ? "2026-08-14" : "2026-08-15";
		}
		return ArrowBodies.idNameDt(values);
	}

}
