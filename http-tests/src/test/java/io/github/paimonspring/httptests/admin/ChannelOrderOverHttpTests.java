package io.github.paimonspring.httptests.admin;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.PipelinedChannel;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ordered channel appends over HTTP against the packaged app: an append sent before its predecessor
 * (the predecessor 300 ms later) waits for it and both are committed; a resend is answered 200
 * {@code committed: false} without writing; gaps, overlaps, a missing {@code after} and tokens that
 * are not decimal integers are refused with their problem types, changing nothing; a closed channel is
 * gone (404, fenced appends) and reopens without a token.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChannelOrderOverHttpTests {

	private static final String TOKEN = "order-token";

	private static final String TABLE = "default.ordered";

	/** The channel c2 writes here, so each test reads only its own rows. */
	private static final String GAPS = "default.gaps";

	/** The channel c3 writes here. */
	private static final String CLOSING = "default.closing";

	@TempDir
	static Path warehouseDir;

	private Warehouse warehouse;

	private SampleAppProcess app;

	private AdminClient client;

	@BeforeAll
	void start() throws Exception {
		this.warehouse = new Warehouse(warehouseDir);
		for (String table : new String[] { TABLE, GAPS, CLOSING }) {
			this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
					DataTypes.STRING())
				.build());
		}
		this.app = SampleAppProcess.start(warehouseDir, AdminSupport.JVM, AdminSupport.adminArgs(TOKEN,
				"--paimon.ingest.commit-interval=30ms",
						"--paimon.ingest.channel-order-wait=1500ms").toArray(String[]::new));
		this.client = new AdminClient(this.app, TOKEN);
	}

	@AfterAll
	void stop() throws Exception {
		this.app.close();
		this.warehouse.close();
	}

	@Test
	void appendsInAnyOrderAndResendsCommitEveryRowOnce() throws Exception {
		long generation = open("c1");
		// 21..40 is sent first, its predecessor 1..20 300 ms later
		CompletableFuture<HttpResponse<String>> second = sendAsync("c1", generation, "20", 40);
		CompletableFuture<HttpResponse<String>> first = CompletableFuture
			.supplyAsync(() -> null, CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS))
			.thenCompose((x) -> sendAsync("c1", generation, "", 20));
		JsonNode firstAnswer = AdminSupport.expect(first.get(60, TimeUnit.SECONDS), 200);
		JsonNode secondAnswer = AdminSupport.expect(second.get(60, TimeUnit.SECONDS), 200);
		assertThat(firstAnswer.path("committed").asBoolean()).isTrue();
		assertThat(secondAnswer.path("committed").asBoolean()).isTrue();
		assertThat(secondAnswer.path("snapshotId").asLong()).isGreaterThanOrEqualTo(firstAnswer.path("snapshotId")
				.asLong());
		assertThat(state("c1").path("offsetToken").asText()).isEqualTo("40");
		// the same append again, and the first one late: answered without writing
		for (String[] resend : new String[][] { { "20", "40" }, { "", "20" }, { "", "40" } }) {
			JsonNode answer = AdminSupport.expect(send("c1", generation, resend[0], Integer.parseInt(resend[1])), 200);
			assertThat(answer.path("committed").asBoolean()).as("resend after %s up to %s", resend[0],
					resend[1]).isFalse();
			assertThat(answer.path("rows").asLong()).isZero();
		}
		assertThat(state("c1").path("offsetToken").asText()).isEqualTo("40");
		assertThat(this.warehouse.idNames(TABLE)).containsExactlyInAnyOrderElementsOf(PipelinedChannel.rowsUpTo(40));
	}

	@Test
	void gapsOverlapsAndBadTokensAreRefusedAndChangeNothing() throws Exception {
		long generation = open("c2");
		AdminSupport.expect(send("c2", generation, "", 1000), 200);
		long snapshots = this.warehouse.snapshotCount(GAPS);
		JsonNode gap = AdminSupport.problem(send("c2", generation, "1100", 1120), 409);
		assertThat(gap.path("type").asText()).isEqualTo("urn:paimon-spring:problem:channel-out-of-order");
		assertThat(gap.path("tail").asText()).isEqualTo("1000");
		assertThat(gap.path("detail").asText()).contains("Append after 1100 to channel 'c2'").contains("tail is 1000");
		HttpResponse<String> overlapping = send("c2", generation, "990", 1010);
		JsonNode overlap = AdminSupport.problem(overlapping, 409);
		assertThat(overlap.path("type").asText()).isEqualTo("urn:paimon-spring:problem:channel-overlap");
		assertThat(overlap.path("detail").asText()).contains("after 990 up to 1010 overlaps").contains("tail is 1000");
		assertThat(overlapping.headers().firstValue("Retry-After")).as("an overlap is final").isEmpty();
		JsonNode missing = AdminSupport.problem(this.client.send(this.client
			.request("/paimon/tables/default/gaps/channels/c2/rows?generation=" + generation + "&offsetToken=1020")
			.header("Content-Type", AdminClient.ARROW)
			.POST(HttpRequest.BodyPublishers.ofByteArray(ArrowBodies.idNameRange(1001, 20)))
			.build()), 400);
		assertThat(missing.path("detail").asText()).contains("The query parameter 'after' is required");
		JsonNode notANumber = AdminSupport.problem(this.client.send(this.client
			.request("/paimon/tables/default/gaps/channels/c2/rows?generation=" + generation
					+ "&after=1000&offsetToken=abc")
			.header("Content-Type", AdminClient.ARROW)
			.POST(HttpRequest.BodyPublishers.ofByteArray(ArrowBodies.idNameRange(1001, 20)))
			.build()), 400);
		assertThat(notANumber.path("detail").asText()).contains("offsetToken 'abc' is not an offset token")
			.contains("decimal integer");
		assertThat(this.warehouse.snapshotCount(GAPS)).isEqualTo(snapshots);
		assertThat(this.warehouse.idNames(GAPS)).hasSize(20);
		assertThat(state("c2").path("offsetToken").asText()).isEqualTo("1000");
	}

	@Test
	void aClosedChannelIsGoneAndReopensWithoutAToken() throws Exception {
		long generation = open("c3");
		AdminSupport.expect(send("c3", generation, "", 20), 200);
		JsonNode closed = AdminSupport.expect(this.client.send(this.client.request(tablePath("c3") + "c3")
			.DELETE().build()), 200);
		assertThat(closed.path("offsetToken").asText()).isEqualTo("20");
		assertThat(closed.path("generation").asLong()).isEqualTo(generation);
		JsonNode unknown = AdminSupport.problem(this.client.get(tablePath("c3") + "c3"), 404);
		assertThat(unknown.path("detail").asText()).contains("Channel 'c3'").contains("was never opened");
		JsonNode fenced = AdminSupport.problem(send("c3", generation, "20", 40), 409);
		assertThat(fenced.path("detail").asText()).contains("Generation " + generation + " of channel 'c3'");
		long snapshots = this.warehouse.snapshotCount(CLOSING);
		JsonNode again = AdminSupport.problem(this.client.send(this.client.request(tablePath("c3") + "c3")
			.DELETE().build()), 404);
		assertThat(again.path("detail").asText()).contains("is not open");
		assertThat(this.warehouse.snapshotCount(CLOSING)).as("a retried close changes nothing").isEqualTo(snapshots);
		JsonNode reopened = AdminSupport.expect(this.client.send(this.client.request(tablePath("c3") + "c3")
			.PUT(HttpRequest.BodyPublishers.noBody()).build()), 200);
		assertThat(reopened.path("offsetToken").isNull()).isTrue();
		assertThat(reopened.path("generation").asLong()).isGreaterThan(generation);
		// and the OpenAPI document describes it
		JsonNode api = AdminSupport.expect(this.client.get("/v3/api-docs"), 200);
		assertThat(api.path("paths").path("/paimon/tables/{database}/{table}/channels/{channel}").path("delete")
			.path("operationId").asText()).isEqualTo("closeChannel");
	}

	private static String tablePath(String channel) {
		return switch (channel) {
			case "c2" -> "/paimon/tables/default/gaps/channels/";
			case "c3" -> "/paimon/tables/default/closing/channels/";
			default -> "/paimon/tables/default/ordered/channels/";
		};
	}

	private long open(String channel) throws Exception {
		return AdminSupport.expect(this.client.send(this.client.request(tablePath(channel) + channel)
			.PUT(HttpRequest.BodyPublishers.noBody()).build()), 200).path("generation").asLong();
	}

	private JsonNode state(String channel) throws Exception {
		return AdminSupport.expect(this.client.get(tablePath(channel) + channel), 200);
	}

	/** The append of rows {@code after + 1 .. token} (ids relative to the channel's own range). */
	private HttpRequest append(String channel, long generation, String after, int token) {
		int first = after.isEmpty() ? ((token > 100) ? token - 19 : 1) : Integer.parseInt(after) + 1;
		return this.client.request(tablePath(channel) + channel + "/rows?generation=" + generation
				+ "&after=" + after + "&offsetToken=" + token)
			.header("Content-Type", AdminClient.ARROW)
			.POST(HttpRequest.BodyPublishers.ofByteArray(ArrowBodies.idNameRange(first, token - first + 1)))
			.build();
	}

	private HttpResponse<String> send(String channel, long generation, String after, int token) throws Exception {
		return this.client.send(append(channel, generation, after, token));
	}

	private CompletableFuture<HttpResponse<String>> sendAsync(String channel, long generation, String after,
			int token) {
		return this.client.http().sendAsync(append(channel, generation, after, token),
				HttpResponse.BodyHandlers.ofString());
	}

}
