package io.github.paimonspring.httptests.admin;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static io.github.paimonspring.httptests.admin.AdminSupport.commit;
import static io.github.paimonspring.httptests.admin.AdminSupport.expect;
import static io.github.paimonspring.httptests.admin.AdminSupport.open;
import static io.github.paimonspring.httptests.admin.AdminSupport.problem;
import static io.github.paimonspring.httptests.admin.AdminSupport.upload;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Go binding's standard scenarios (write-commit-read, overwrite, overwrite retry, multiple
 * writers, two-writer postpone fixed-bucket) driven over HTTP with staged transactions against the
 * packaged sample app, and checked by reading the tables back with Paimon's own reader. Each
 * scenario has its own fixture table so that the scenarios do not depend on each other's order.
 */
class AdminScenariosTests extends AdminAppTests {

	private static final String TOKEN = "scenarios-token";

	private static final String PK = "default.simple_pk_table";

	private static final String LOG = "default.simple_log_table";

	private static final String OVERWRITE_PK = "default.overwrite_pk_table";

	private static final String RETRY_PK = "default.overwrite_retry_pk_table";

	private static final String POSTPONE = "default.postpone_fixed_bucket_pk_table";

	private static final String AUTO_POSTPONE = "default.postpone_auto_plan_pk_table";

	private static final String INSPECT = "default.inspect_pk_table";

	private static final String TRUNCATE = "default.truncate_pk_table";

	private static final String TRUNCATE_PARTITIONS = "default.truncate_partitioned_table";

	@BeforeAll
	static void start() throws Exception {
		AdminSupport.simplePkTable(warehouse, PK);
		AdminSupport.simpleLogTable(warehouse, LOG);
		AdminSupport.simplePkTable(warehouse, OVERWRITE_PK);
		AdminSupport.simplePkTable(warehouse, RETRY_PK);
		AdminSupport.simplePkTable(warehouse, INSPECT);
		AdminSupport.postponeTable(warehouse, POSTPONE);
		AdminSupport.postponeTable(warehouse, AUTO_POSTPONE);
		AdminSupport.postponeTable(warehouse, "default.postpone_two_writers_pk_table");
		AdminSupport.simpleLogTable(warehouse, "default.merged_log_table");
		AdminSupport.simplePkTable(warehouse, TRUNCATE);
		warehouse.create(TRUNCATE_PARTITIONS, Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.column("dt", DataTypes.STRING())
			.primaryKey("id", "dt")
			.partitionKeys("dt")
			.option("bucket", "1")
			.build());
		warehouse.insert(TRUNCATE_PARTITIONS, Warehouse.row(1, "alice", "2026-08-14"),
				Warehouse.row(2, "bob", "2026-08-15"), Warehouse.row(3, "carol", "2026-08-15"));
		startApp(TOKEN);
	}

	@Test
	void writeCommitReadRoundTrip() throws Exception {
		long snapshots = warehouse.snapshotCount(PK);
		String id = open(client, PK, "{\"mode\":\"standard\"}");
		JsonNode uploaded = upload(client, id, ArrowBodies.idName(4, "dave"));
		assertThat(uploaded.path("rows").asLong()).isEqualTo(1);
		assertThat(uploaded.path("totalRows").asLong()).isEqualTo(1);
		JsonNode committed = commit(client, id, "{}");
		assertThat(committed.path("committed").asBoolean()).isTrue();
		assertThat(committed.path("rows").asLong()).isEqualTo(1);
		assertThat(committed.path("snapshotId").asLong()).isEqualTo(snapshots + 1);
		assertThat(warehouse.idNames(PK)).containsExactly("1:alice", "2:bob", "3:carol", "4:dave");
		assertThat(warehouse.snapshotCount(PK)).isEqualTo(snapshots + 1);
		// repeating the commit returns the same body and commits nothing
		assertThat(commit(client, id, "{}")).isEqualTo(committed);
		assertThat(warehouse.snapshotCount(PK)).isEqualTo(snapshots + 1);
	}

	@Test
	void overwrite() throws Exception {
		String id = open(client, OVERWRITE_PK, "{\"mode\":\"standard\",\"overwrite\":true}");
		upload(client, id, ArrowBodies.idName(4, "dave"));
		assertThat(commit(client, id, "{}").path("committed").asBoolean()).isTrue();
		assertThat(warehouse.idNames(OVERWRITE_PK)).containsExactly("4:dave");
	}

	@Test
	void overwriteRetryWithFilterCommittedCommitsNothing() throws Exception {
		String user = "go-binding-overwrite-retry";
		String first = open(client, RETRY_PK, "{\"commitUser\":\"" + user + "\",\"overwrite\":true}");
		upload(client, first, ArrowBodies.idName(4, "dave"));
		JsonNode firstCommit = commit(client, first, "{\"identifier\":7}");
		assertThat(firstCommit.path("committed").asBoolean()).isTrue();
		assertThat(warehouse.idNames(RETRY_PK)).containsExactly("4:dave");

		JsonNode append = expect(client
				.postArrow("/paimon/tables/default/overwrite_retry_pk_table/uploads?overwrite=false",
				ArrowBodies.idName(5, "eve")), 200);
		assertThat(append.path("committed").asBoolean()).isTrue();
		long snapshots = warehouse.snapshotCount(RETRY_PK);

		String retry = open(client, RETRY_PK, "{\"commitUser\":\"" + user + "\",\"overwrite\":true}");
		upload(client, retry, ArrowBodies.idName(4, "dave"));
		JsonNode retried = commit(client, retry, "{\"identifier\":7,\"filterCommitted\":true}");
		assertThat(retried.path("committed").asBoolean()).isFalse();
		assertThat(retried.path("rows").asLong()).isZero();
		assertThat(retried.path("snapshotId").asLong()).isEqualTo(firstCommit.path("snapshotId").asLong());
		assertThat(warehouse.snapshotCount(RETRY_PK)).isEqualTo(snapshots);
		// the retry did not overwrite eve's row
		assertThat(warehouse.idNames(RETRY_PK)).containsExactly("4:dave", "5:eve");
	}

	@Test
	void multipleWritersWithOneCommitUser() throws Exception {
		String user = "go-binding-multiple-writers";
		String body = "{\"commitUser\":\"" + user + "\"}";
		String first = open(client, LOG, body);
		String second = open(client, LOG, body);
		upload(client, first, ArrowBodies.idName(4, "dave"));
		upload(client, second, ArrowBodies.idName(5, "eve"));
		assertThat(commit(client, first, "{\"identifier\":7}").path("committed").asBoolean()).isTrue();
		assertThat(commit(client, second, "{\"identifier\":8}").path("committed").asBoolean()).isTrue();
		long snapshots = warehouse.snapshotCount(LOG);

		String replay = open(client, LOG, body);
		upload(client, replay, ArrowBodies.idName(4, "dave"));
		JsonNode replayed = commit(client, replay, "{\"identifier\":7,\"filterCommitted\":true}");
		assertThat(replayed.path("committed").asBoolean()).isFalse();
		assertThat(warehouse.snapshotCount(LOG)).isEqualTo(snapshots);
		assertThat(warehouse.idNames(LOG)).containsExactly("1:alice", "2:bob", "3:carol", "4:dave", "5:eve");
	}

	@Test
	void twoUploadsIntoOnePostponeFixedBucketTransaction() throws Exception {
		String id = open(client, POSTPONE, """
				{"mode":"postpone-fixed-bucket","commitUser":"go-postpone-fixed-bucket-write",
				 "bucketPlan":[{"partition":{"dt":"2026-08-14"},"totalBuckets":1},
				               {"partition":{"dt":"2026-08-15"},"totalBuckets":1}]}""");
		assertThat(upload(client, id, ArrowBodies.idNameDt(4, "dave", "2026-08-14")).path("totalRows").asLong())
			.isEqualTo(1);
		assertThat(upload(client, id, ArrowBodies.idNameDt(5, "eve", "2026-08-15")).path("totalRows").asLong())
			.isEqualTo(2);
		JsonNode committed = commit(client, id, "{}");
		assertThat(committed.path("committed").asBoolean()).isTrue();
		assertThat(committed.path("rows").asLong()).isEqualTo(2);
		// readable at once: the rows went to real buckets, not to the postpone bucket
		assertThat(idNameDts(POSTPONE)).containsExactly("4:dave:2026-08-14", "5:eve:2026-08-15");
		assertThat(warehouse.dataFiles(POSTPONE)).isNotEmpty().noneMatch((file) -> file.contains("bucket-postpone"));
	}

	/**
	 * The Go test as written: two writers (transactions) with one commit user and one plan, each with one
	 * row, their prepared messages merged and committed once; visible at once, and a replay of the same
	 * commit with the same identifier commits nothing.
	 */
	@Test
	void twoPostponeFixedBucketWritersShareAPlanAndCommitOnce() throws Exception {
		String table = "default.postpone_two_writers_pk_table";
		String body = """
				{"mode":"postpone-fixed-bucket","commitUser":"go-postpone-fixed-bucket-write",
				 "bucketPlan":[{"partition":{"dt":"2026-08-14"},"totalBuckets":1},
				               {"partition":{"dt":"2026-08-15"},"totalBuckets":1}]}""";
		String first = open(client, table, body);
		String second = open(client, table, body);
		upload(client, first, ArrowBodies.idNameDt(4, "dave", "2026-08-14"));
		upload(client, second, ArrowBodies.idNameDt(5, "eve", "2026-08-15"));
		String one = expect(client.postJson("/paimon/transactions/" + first + "/prepare", ""),
				200).path("preparedCommit").asText();
		String two = expect(client.postJson("/paimon/transactions/" + second + "/prepare", ""),
				200).path("preparedCommit").asText();
		// a prepared writer takes no more data
		problem(client.postArrow("/paimon/transactions/" + first + "/batches", ArrowBodies.idNameDt(6, "x",
				"2026-08-14")), 409);
		assertThat(warehouse.snapshotCount(table)).isZero();
		String merged = "{\"preparedCommits\":[\"" + one + "\",\"" + two + "\"],\"identifier\":7}";
		JsonNode committed = expect(client.postJson("/paimon/tables/default/postpone_two_writers_pk_table/commits",
				merged), 200);
		assertThat(committed.path("committed").asBoolean()).isTrue();
		assertThat(committed.path("rows").asLong()).isEqualTo(2);
		assertThat(idNameDts(table)).containsExactly("4:dave:2026-08-14", "5:eve:2026-08-15");
		assertThat(warehouse.dataFiles(table)).isNotEmpty().noneMatch((file) -> file.contains("bucket-postpone"));
		long snapshots = warehouse.snapshotCount(table);
		assertThat(expect(client.postJson("/paimon/tables/default/postpone_two_writers_pk_table/commits", merged), 200)
			.path("committed").asBoolean()).isFalse();
		assertThat(warehouse.snapshotCount(table)).isEqualTo(snapshots);
		// the prepared commits say their family: a standard one and a fixed-bucket one are not merged
		String standard = open(client, table, "{\"commitUser\":\"go-postpone-fixed-bucket-write\"}");
		String fixed = open(client, table, body);
		upload(client, standard, ArrowBodies.idNameDt(8, "heidi", "2026-08-14"));
		upload(client, fixed, ArrowBodies.idNameDt(9, "ivan", "2026-08-15"));
		String three = expect(client.postJson("/paimon/transactions/" + standard + "/prepare", ""),
				200).path("preparedCommit").asText();
		String four = expect(client.postJson("/paimon/transactions/" + fixed + "/prepare", ""),
				200).path("preparedCommit").asText();
		assertThat(problem(client.postJson("/paimon/tables/default/postpone_two_writers_pk_table/commits",
				"{\"preparedCommits\":[\"" + four + "\",\"" + three + "\"]}"), 400).path("detail").asText())
			.contains("mix standard and postpone fixed-bucket transactions");
		assertThat(warehouse.snapshotCount(table)).isEqualTo(snapshots);
		expect(client.postJson("/paimon/transactions/" + standard + "/abort", ""), 200);
		expect(client.postJson("/paimon/transactions/" + fixed + "/abort", ""), 200);
		assertThat(idNameDts(table)).containsExactly("4:dave:2026-08-14", "5:eve:2026-08-15");
	}

	/**
	 * The Go append-table test as written: two writers with one commit user, messages merged and
	 * committed with identifier 7; the filtered retry with 7 commits nothing; rows exactly 1..5.
	 */
	@Test
	void twoAppendWritersMergedAndCommittedWithIdentifierSeven() throws Exception {
		String table = "default.merged_log_table";
		String body = "{\"commitUser\":\"go-binding-multiple-writers\"}";
		String first = open(client, table, body);
		String second = open(client, table, body);
		upload(client, first, ArrowBodies.idName(4, "dave"));
		upload(client, second, ArrowBodies.idName(5, "eve"));
		String one = expect(client.postJson("/paimon/transactions/" + first + "/prepare", ""),
				200).path("preparedCommit").asText();
		String two = expect(client.postJson("/paimon/transactions/" + second + "/prepare", ""),
				200).path("preparedCommit").asText();
		String merged = "{\"preparedCommits\":[\"" + one + "\",\"" + two + "\"],\"identifier\":7}";
		assertThat(expect(client.postJson("/paimon/tables/default/merged_log_table/commits", merged), 200)
			.path("committed").asBoolean()).isTrue();
		long snapshots = warehouse.snapshotCount(table);
		assertThat(expect(client.postJson("/paimon/tables/default/merged_log_table/commits", merged), 200)
			.path("committed").asBoolean()).isFalse();
		assertThat(warehouse.snapshotCount(table)).isEqualTo(snapshots);
		assertThat(warehouse.idNames(table)).containsExactly("1:alice", "2:bob", "3:carol", "4:dave", "5:eve");
	}

	@Test
	void postponeFixedBucketTransactionWithAutomaticPlan() throws Exception {
		String id = open(client, AUTO_POSTPONE, "{\"mode\":\"postpone-fixed-bucket\",\"bucketPlan\":\"auto\"}");
		upload(client, id, ArrowBodies.idNameDt(6, "frank", "2026-08-16", 7, "grace", "2026-08-17"));
		assertThat(commit(client, id, "{}").path("committed").asBoolean()).isTrue();
		assertThat(idNameDts(AUTO_POSTPONE)).containsExactly("6:frank:2026-08-16", "7:grace:2026-08-17");
		assertThat(warehouse.dataFiles(AUTO_POSTPONE)).isNotEmpty().noneMatch((file) -> file
				.contains("bucket-postpone"));
		JsonNode view = expect(client.get("/paimon/transactions/" + id), 200);
		assertThat(view.path("mode").asText()).isEqualTo("postpone-fixed-bucket");
		assertThat(view.path("state").asText()).isEqualTo("COMMITTED");
	}

	@Test
	void listsAndDescribesTables() throws Exception {
		JsonNode tables = expect(client.get("/paimon/tables"), 200);
		assertThat(tables.isArray()).isTrue();
		JsonNode pk = find(tables, PK);
		assertThat(strings(pk.path("primaryKeys"))).containsExactly("id");
		assertThat(pk.path("bucket").asInt()).isEqualTo(1);
		assertThat(strings(pk.path("partitionKeys"))).isEmpty();
		JsonNode log = find(tables, LOG);
		assertThat(strings(log.path("primaryKeys"))).isEmpty();
		assertThat(log.path("bucket").asInt()).isEqualTo(-1);
		JsonNode postpone = find(tables, POSTPONE);
		assertThat(strings(postpone.path("primaryKeys"))).containsExactly("id", "dt");
		assertThat(strings(postpone.path("partitionKeys"))).containsExactly("dt");
		assertThat(postpone.path("bucket").asInt()).isEqualTo(-2);
		// the sample app's own tables are listed too
		find(tables, "shop.orders");

		JsonNode described = expect(client.get("/paimon/tables/default/simple_pk_table"), 200);
		assertThat(described.path("identifier").asText()).isEqualTo(PK);
		assertThat(strings(described.path("primaryKeys"))).containsExactly("id");
		assertThat(described.path("bucket").asInt()).isEqualTo(1);
		JsonNode fields = described.path("fields");
		assertThat(fields.size()).isEqualTo(2);
		assertThat(fields.get(0).path("name").asText()).isEqualTo("id");
		assertThat(fields.get(0).path("paimonType").asText()).isEqualTo("INT NOT NULL");
		assertThat(fields.get(0).path("arrowType").asText()).isNotBlank();
		assertThat(fields.get(0).path("nullable").asBoolean()).isFalse();
		assertThat(fields.get(1).path("name").asText()).isEqualTo("name");
		assertThat(fields.get(1).path("paimonType").asText()).isEqualTo("STRING");
		assertThat(fields.get(1).path("arrowType").asText()).isNotBlank();
		assertThat(fields.get(1).path("nullable").asBoolean()).isTrue();
		assertThat(described.path("options").path("bucket").asText()).isEqualTo("1");
	}

	@Test
	void showsTransactionStateRowsAndBytes() throws Exception {
		String id = open(client, INSPECT, "{\"commitUser\":\"inspector\"}");
		byte[] body = ArrowBodies.idName(8, "heidi", 9, "ivan");
		JsonNode uploaded = upload(client, id, body);
		assertThat(uploaded.path("rows").asLong()).isEqualTo(2);
		assertThat(uploaded.path("batches").asLong()).isEqualTo(1);
		assertThat(uploaded.path("bytes").asLong()).isEqualTo(body.length);

		JsonNode view = expect(client.get("/paimon/transactions/" + id), 200);
		assertThat(view.path("id").asText()).isEqualTo(id);
		assertThat(view.path("table").asText()).isEqualTo(INSPECT);
		assertThat(view.path("mode").asText()).isEqualTo("standard");
		assertThat(view.path("commitUser").asText()).isEqualTo("inspector");
		assertThat(view.path("state").asText()).isEqualTo("OPEN");
		assertThat(view.path("rows").asLong()).isEqualTo(2);
		assertThat(view.path("bytes").asLong()).isEqualTo(body.length);
		assertThat(view.path("batches").asLong()).isEqualTo(1);
		assertThat(view.has("snapshotId")).isFalse();

		JsonNode listed = expect(client.get("/paimon/transactions"), 200);
		JsonNode entry = null;
		for (JsonNode candidate : listed) {
			if (candidate.path("id").asText().equals(id)) {
				entry = candidate;
			}
		}
		assertThat(entry).as("transaction %s in %s", id, listed).isNotNull();
		assertThat(entry.path("state").asText()).isEqualTo("OPEN");
		assertThat(entry.path("rows").asLong()).isEqualTo(2);

		JsonNode committed = commit(client, id, "{}");
		JsonNode after = expect(client.get("/paimon/transactions/" + id), 200);
		assertThat(after.path("state").asText()).isEqualTo("COMMITTED");
		assertThat(after.path("snapshotId").asLong()).isEqualTo(committed.path("snapshotId").asLong());
		assertThat(warehouse.idNames(INSPECT)).contains("8:heidi", "9:ivan");
	}

	@Test
	void truncateWithIdentifierIsNotRepeated() throws Exception {
		String body = "{\"commitUser\":\"truncater\",\"identifier\":3}";
		JsonNode truncated = expect(client.postJson("/paimon/tables/default/truncate_pk_table/truncate", body), 200);
		assertThat(truncated.path("committed").asBoolean()).isTrue();
		assertThat(truncated.path("snapshotId").asLong()).isEqualTo(warehouse.snapshotCount(TRUNCATE));
		assertThat(warehouse.idNames(TRUNCATE)).isEmpty();

		expect(client.postArrow("/paimon/tables/default/truncate_pk_table/uploads", ArrowBodies.idName(9, "judy")),
				200);
		long snapshots = warehouse.snapshotCount(TRUNCATE);
		JsonNode repeated = expect(client.postJson("/paimon/tables/default/truncate_pk_table/truncate", body), 200);
		assertThat(repeated.path("committed").asBoolean()).isFalse();
		assertThat(warehouse.snapshotCount(TRUNCATE)).isEqualTo(snapshots);
		assertThat(warehouse.idNames(TRUNCATE)).containsExactly("9:judy");
	}

	@Test
	void truncatePartitions() throws Exception {
		JsonNode truncated = expect(client.postJson("/paimon/tables/default/truncate_partitioned_table/truncate",
				"{\"partitions\":[{\"dt\":\"2026-08-15\"}]}"), 200);
		assertThat(truncated.path("committed").asBoolean()).isTrue();
		assertThat(idNameDts(TRUNCATE_PARTITIONS)).containsExactly("1:alice:2026-08-14");
		// with an identifier and a stable commit user, the repeat is a no-op
		String once = "{\"partitions\":[{\"dt\":\"2026-08-14\"}],\"identifier\":3,\"commitUser\":\"daily-cleanup\"}";
		assertThat(expect(client.postJson("/paimon/tables/default/truncate_partitioned_table/truncate", once), 200)
			.path("committed").asBoolean()).isTrue();
		long snapshots = warehouse.snapshotCount(TRUNCATE_PARTITIONS);
		assertThat(expect(client.postJson("/paimon/tables/default/truncate_partitioned_table/truncate", once), 200)
			.path("committed").asBoolean()).isFalse();
		assertThat(warehouse.snapshotCount(TRUNCATE_PARTITIONS)).isEqualTo(snapshots);
		assertThat(idNameDts(TRUNCATE_PARTITIONS)).isEmpty();
	}

	private static List<String> idNameDts(String table) {
		return warehouse
			.read(table, (row) -> row.getInt(0) + ":" + row.getString(1) + ":" + row.getString(2))
			.stream()
			.sorted()
			.toList();
	}

	private static JsonNode find(JsonNode tables, String identifier) {
		for (JsonNode table : tables) {
			if (table.path("identifier").asText().equals(identifier)) {
				return table;
			}
		}
		throw new AssertionError(identifier + " not listed in " + tables);
	}

	private static List<String> strings(JsonNode array) {
		List<String> result = new ArrayList<>();
		array.forEach((node) -> result.add(node.asText()));
		return result;
	}

}
