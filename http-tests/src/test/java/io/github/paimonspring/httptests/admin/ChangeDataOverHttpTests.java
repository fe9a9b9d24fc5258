package io.github.paimonspring.httptests.admin;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.paimonspring.httptests.ArrowBodies;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Change data over HTTP against the packaged app: one-shot uploads with a {@code _row_kind} column
 * delete and update rows (also through the fixed-bucket path of a {@code bucket = -2} table), kinds a
 * table cannot take are refused with 422 naming the row and value, and batches may omit nullable
 * columns.
 */
class ChangeDataOverHttpTests extends AdminAppTests {

	private static final String TOKEN = "change-data-token";

	private static final List<Field> CHANGES = List.of(ArrowBodies.utf8Field("_row_kind"), ArrowBodies.intField("id",
			32),
			ArrowBodies.utf8Field("name"));

	@BeforeAll
	static void start() throws Exception {
		warehouse.create("default.cdc", Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.primaryKey("id").option("bucket", "2").build());
		warehouse.create("default.cdc_postponed", Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).primaryKey("id").option("bucket", "-2").build());
		warehouse.create("default.cdc_log", Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).build());
		warehouse.create("default.cdc_partial", Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).build());
		startApp(TOKEN, "--paimon.ingest.commit-interval=0ms");
	}

	@Test
	void deletesAndUpdatesThroughOneShotUploads() throws Exception {
		upload("/paimon/tables/default/cdc/uploads");
		assertThat(warehouse.idNames("default.cdc")).containsExactlyInAnyOrderElementsOf(expected());
	}

	@Test
	void deletesAndUpdatesThroughTheFixedBucketPath() throws Exception {
		upload("/paimon/tables/default/cdc_postponed/uploads");
		assertThat(warehouse.idNames("default.cdc_postponed")).containsExactlyInAnyOrderElementsOf(expected());
	}

	@Test
	void kindsATableCannotTakeAre422NamingTheRow() throws Exception {
		JsonNode append = AdminSupport.problem(client.postArrow("/paimon/tables/default/cdc_log/uploads",
				ArrowBodies.of(CHANGES, new Object[] { "+I", 1, "a" }, new Object[] { "-D", 2, null })), 422);
		assertThat(append.path("detail").asText()).contains("Row 1 has row kind '-D'").contains("append table");
		JsonNode unknown = AdminSupport.problem(client.postArrow("/paimon/tables/default/cdc/uploads",
				ArrowBodies.of(CHANGES, new Object[] { "+I", 1, "a" }, new Object[] { "?", 2, "b" })), 422);
		assertThat(unknown.path("detail").asText()).contains("Row 1").contains("unknown row kind '?'");
		assertThat(warehouse.idNames("default.cdc_log")).isEmpty();
	}

	@Test
	void aBatchMayOmitNullableColumns() throws Exception {
		AdminSupport.expect(client.postArrow("/paimon/tables/default/cdc_partial/uploads",
				ArrowBodies.of(List.of(ArrowBodies.intField("id", 32)), new Object[] { 42 })), 200);
		assertThat(warehouse.idNames("default.cdc_partial")).containsExactly("42:null");
	}

	private static void upload(String path) throws Exception {
		Object[][] inserts = new Object[1000][];
		for (int id = 1; id <= 1000; id++) {
			inserts[id - 1] = new Object[] { "+I", id, "v" + id };
		}
		AdminSupport.expect(client.postArrow(path, ArrowBodies.of(CHANGES, inserts)), 200);
		List<Object[]> changes = new ArrayList<>();
		for (int id = 1; id <= 1000; id++) {
			if (id % 2 == 0) {
				changes.add(new Object[] { "-D", id, null });
			}
			else if (id % 5 == 0) {
				changes.add(new Object[] { "+U", id, "u" + id });
			}
		}
		AdminSupport.expect(client.postArrow(path, ArrowBodies.of(CHANGES, changes.toArray(Object[][]::new))), 200);
	}

	private static List<String> expected() {
		List<String> rows = new ArrayList<>();
		for (int id = 1; id <= 1000; id += 2) {
			rows.add(id + ":" + ((id % 5 == 0) ? "u" : "v") + id);
		}
		return rows;
	}

}
