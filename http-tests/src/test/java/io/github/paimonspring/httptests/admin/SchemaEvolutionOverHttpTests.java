package io.github.paimonspring.httptests.admin;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.paimonspring.httptests.ArrowBodies;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static io.github.paimonspring.httptests.admin.AdminSupport.expect;
import static io.github.paimonspring.httptests.admin.AdminSupport.problem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Schema evolution over real HTTP against the packaged sample app (default policy {@code none}, the
 * request parameter allowed): a body with a new column is refused with 422 naming the column and the
 * policy, and nothing changes; with {@code schemaEvolution=add-columns} the column is added and
 * written, through the group commit and through a one-shot (overwriting) upload.
 */
class SchemaEvolutionOverHttpTests extends AdminAppTests {

	private static final String TOKEN = "evolution-token";

	private static final List<Field> WITH_SCORE = List.of(ArrowBodies.intField("id", 32), ArrowBodies.utf8Field("name"),
			ArrowBodies.intField("score", 64));

	@BeforeAll
	static void start() throws Exception {
		AdminSupport.simpleLogTable(warehouse, "default.evo_none");
		AdminSupport.simpleLogTable(warehouse, "default.evo_grouped");
		AdminSupport.simpleLogTable(warehouse, "default.evo_oneshot");
		startApp(TOKEN, "--paimon.admin.allow-schema-evolution=true");
	}

	@Test
	void aNewColumnIsRefusedUnderNoneNamingTheColumnAndThePolicy() throws Exception {
		JsonNode table = expect(client.get("/paimon/tables/default/evo_none"), 200);
		assertThat(table.path("schemaEvolution").asText()).isEqualTo("none");
		JsonNode problem = problem(client.postArrow("/paimon/tables/default/evo_none/uploads",
				ArrowBodies.of(WITH_SCORE, new Object[] { 4, "dave", 40L })), 422);
		assertThat(problem.path("detail").asText()).contains("default.evo_none")
			.contains("column 'score'")
			.contains("paimon.write.schema-evolution=add-columns")
			.contains("schemaEvolution=add-columns");
		assertThat(warehouse.table("default.evo_none").rowType().getFieldNames()).containsExactly("id", "name");
		assertThat(warehouse.table("default.evo_none").schemaManager().listAllIds()).containsExactly(0L);
		assertThat(warehouse.idNames("default.evo_none")).containsExactly("1:alice", "2:bob", "3:carol");
	}

	@Test
	void addColumnsAddsAndWritesTheColumnThroughTheGroupCommit() throws Exception {
		JsonNode committed = expect(client
				.postArrow("/paimon/tables/default/evo_grouped/uploads?schemaEvolution=add-columns",
				ArrowBodies.of(WITH_SCORE, new Object[] { 4, "dave", 40L })), 200);
		assertThat(committed.path("committed").asBoolean()).isTrue();
		assertThat(warehouse.table("default.evo_grouped").rowType().getFieldNames()).containsExactly("id", "name",
				"score");
		assertThat(warehouse.table("default.evo_grouped").rowType().getTypeAt(2)).isEqualTo(DataTypes.BIGINT());
		assertThat(scores("default.evo_grouped")).containsExactly("1:null", "2:null", "3:null", "4:40");
		JsonNode table = expect(client.get("/paimon/tables/default/evo_grouped"), 200);
		assertThat(table.path("schemaId").asLong()).isEqualTo(1);
		assertThat(table.path("fields").size()).isEqualTo(3);
	}

	@Test
	void addColumnsAddsAndWritesTheColumnThroughAOneShotUpload() throws Exception {
		JsonNode committed = expect(client.postArrow(
				"/paimon/tables/default/evo_oneshot/uploads?overwrite=true&schemaEvolution=add-columns",
				ArrowBodies.of(WITH_SCORE, new Object[] { 7, "gina", 70L }, new Object[] { 8, "hank", null })), 200);
		assertThat(committed.path("rows").asLong()).isEqualTo(2);
		assertThat(warehouse.table("default.evo_oneshot").rowType().getFieldNames()).containsExactly("id", "name",
				"score");
		assertThat(scores("default.evo_oneshot")).containsExactly("7:70", "8:null");
		problem(client.postArrow("/paimon/tables/default/evo_oneshot/uploads?schemaEvolution=drop-columns",
				ArrowBodies.of(WITH_SCORE, new Object[] { 9, "ivan", 90L })), 400);
	}

	private static List<String> scores(String table) {
		return warehouse.read(table, (row) -> row.getInt(0) + ":" + (row.isNullAt(2) ? "null" : row.getLong(2)))
			.stream()
			.sorted()
			.toList();
	}

}
