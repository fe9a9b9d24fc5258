package io.github.paimonspring.httptests.admin;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The maintenance endpoints of the packaged app: small uploads compacted into few files and expired
 * down to the configured snapshots, rows unchanged; an unknown table is a 404.
 */
class MaintenanceOverHttpTests {

	private static final String TOKEN = "maintenance-token";

	private static final String TABLE = "default.maintained";

	@TempDir
	Path warehouseDir;

	@Test
	void compactAndExpireOverHttp() throws Exception {
		try (Warehouse warehouse = new Warehouse(this.warehouseDir)) {
			warehouse.create(TABLE, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
				.option("write-only", "true").option("snapshot.num-retained.min", "1")
				.option("snapshot.num-retained.max", "2").build());
			try (SampleAppProcess app = SampleAppProcess.start(this.warehouseDir, AdminSupport.JVM,
					AdminSupport.adminArgs(TOKEN, "--paimon.ingest.commit-interval=0ms").toArray(String[]::new))) {
				AdminClient client = new AdminClient(app, TOKEN);
				List<String> expected = new ArrayList<>();
				for (int upload = 0; upload < 20; upload++) {
					AdminSupport.expect(client.postArrow("/paimon/tables/default/maintained/uploads",
							ArrowBodies.idName(upload, "u" + upload)), 200);
					expected.add(upload + ":u" + upload);
				}
				JsonNode compacted = AdminSupport.expect(
						client.post("/paimon/tables/default/maintained/compact", "application/json", new byte[0]), 200);
				assertThat(compacted.path("filesBefore").asInt()).isEqualTo(20);
				assertThat(compacted.path("filesAfter").asInt()).isBetween(1, 10);
				assertThat(compacted.path("snapshotId").asLong()).isPositive();
				JsonNode expired = AdminSupport.expect(client.post("/paimon/tables/default/maintained/expire-snapshots",
						"application/json", new byte[0]), 200);
				// the compaction commit may have expired them already (a table that is not write-only expires on
				// commit)
				assertThat(expired.path("expired").asInt()).isNotNegative();
				AdminSupport.problem(client.post("/paimon/tables/default/nope/compact", "application/json",
						new byte[0]),
						404);
				assertThat(warehouse.snapshotCount(TABLE)).isLessThanOrEqualTo(2);
				assertThat(warehouse.idNames(TABLE)).containsExactlyInAnyOrderElementsOf(expected);

				JsonNode state = AdminSupport.expect(client.get("/paimon/tables/default/maintained/maintenance"), 200);
				assertThat(state.path("liveFiles").asLong()).isEqualTo(compacted.path("filesAfter").asLong());
				assertThat(state.path("pending").path("bytes").asLong()).isPositive();
				assertThat(state.path("pending").path("pendingPostponeFiles").asLong()).isZero();
				// files younger than the safe age (1 day) and no dead instance: nothing is an orphan yet
				JsonNode dryRun = AdminSupport.expect(client.post(
						"/paimon/tables/default/maintained/remove-orphan-files?dryRun=true", "application/json",
								new byte[0]),
						200);
				assertThat(dryRun.path("dryRun").asBoolean()).isTrue();
				assertThat(dryRun.path("files").asLong()).isZero();
				assertThat(warehouse.idNames(TABLE)).containsExactlyInAnyOrderElementsOf(expected);
			}
		}
	}

	@Test
	void postponedRowsBecomeReadableAfterACompactionOverHttp() throws Exception {
		String table = "default.postponed";
		try (Warehouse warehouse = new Warehouse(this.warehouseDir)) {
			AdminSupport.postponeTable(warehouse, table);
			try (SampleAppProcess app = SampleAppProcess.start(this.warehouseDir, AdminSupport.JVM,
					AdminSupport.adminArgs(TOKEN, "--paimon.ingest.commit-interval=0ms").toArray(String[]::new))) {
				AdminClient client = new AdminClient(app, TOKEN);
				// the standard path of a staged transaction writes bucket-postpone files
				for (byte[] body : List.of(ArrowBodies.idNameDt(1, "first", "d1", 40, "new", "d1"),
						ArrowBodies.idNameDt(1, "updated", "d1"))) {
					String id = AdminSupport.open(client, table, "{\"mode\":\"standard\"}");
					AdminSupport.upload(client, id, body);
					AdminSupport.commit(client, id, "{}");
				}
				assertThat(warehouse.idNames(table)).as("postponed rows are invisible").isEmpty();
				JsonNode pending = AdminSupport.expect(client.get("/paimon/tables/default/postponed/maintenance"), 200);
				assertThat(pending.path("pending").path("pendingPostponeFiles").asLong()).isPositive();

				JsonNode compacted = AdminSupport.expect(
						client.post("/paimon/tables/default/postponed/compact", "application/json", new byte[0]), 200);
				assertThat(compacted.path("snapshotId").asLong()).isPositive();
				assertThat(warehouse.idNames(table)).containsExactly("1:updated", "40:new");
				JsonNode after = AdminSupport.expect(client.get("/paimon/tables/default/postponed/maintenance"), 200);
				assertThat(after.path("pending").path("pendingPostponeFiles").asLong()).isZero();

				// a table the fixed-bucket path cannot write: the upload says its rows stay invisible
				warehouse.create("default.cross_partition", Schema.newBuilder().column("id", DataTypes.INT())
					.column("name", DataTypes.STRING()).column("dt", DataTypes.STRING()).primaryKey("id")
					.partitionKeys("dt").option("bucket", "-2").build());
				HttpResponse<String> hidden = client.postArrow("/paimon/tables/default/cross_partition/uploads",
						ArrowBodies.idNameDt(5, "e", "d1"));
				assertThat(hidden.statusCode()).as(hidden.body()).isEqualTo(200);
				assertThat(hidden.headers().firstValue("Warning")).hasValueSatisfying((warning) -> assertThat(warning)
					.startsWith("299 paimon").contains("bucket-postpone").contains("Flink or Spark"));
				assertThat(warehouse.idNames("default.cross_partition")).isEmpty();
				HttpResponse<String> visible = client.postArrow("/paimon/tables/default/postponed/uploads",
						ArrowBodies.idNameDt(99, "x", "d1"));
				assertThat(visible.statusCode()).as(visible.body()).isEqualTo(200);
				assertThat(visible.headers().firstValue("Warning")).as("the fixed-bucket path: readable at once")
						.isEmpty();
			}
		}
	}

}
