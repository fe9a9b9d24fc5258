package io.github.paimonspring.httptests.admin;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A producer streams 200 batches with offset tokens through a channel on instance A; A is killed
 * ({@code kill -9}) with an append in flight; the producer reopens the channel on instance B, gets the
 * committed offset token and resumes after it: every row lands exactly once, and an append of the old
 * generation is refused with 409.
 */
class ChannelFailoverTests {

	private static final String TOKEN = "channel-token";

	private static final String TABLE = "default.channel_events";

	private static final String CHANNEL = "/paimon/tables/default/channel_events/channels/producer-1";

	private static final int BATCHES = 200;

	private static final int ROWS = 10;

	@TempDir
	Path warehouseDir;

	@Test
	void producerResumesOnAnotherInstanceExactlyOnce() throws Exception {
		try (Warehouse warehouse = new Warehouse(this.warehouseDir)) {
			warehouse.create(TABLE, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
				.build());
			String[] args = AdminSupport.adminArgs(TOKEN,
					"--paimon.ingest.commit-interval=20ms").toArray(String[]::new);
			long oldGeneration;
			int next = 0;
			SampleAppProcess instanceA = SampleAppProcess.start(this.warehouseDir, AdminSupport.JVM, args);
			CompletableFuture<HttpResponse<String>> inFlight;
			try {
				AdminClient a = new AdminClient(instanceA, TOKEN);
				JsonNode opened = open(a);
				assertThat(opened.path("offsetToken").isNull()).as(opened.toString()).isTrue();
				oldGeneration = opened.path("generation").asLong();
				for (; next < BATCHES / 2; next++) {
					AdminSupport.expect(a.send(append(a, oldGeneration, next)), 200);
				}
				inFlight = a.http().sendAsync(append(a, oldGeneration, next), HttpResponse.BodyHandlers.ofString());
			}
			finally {
				instanceA.kill();
			}
			// the in-flight append either died with A or was committed just before: both are fine
			inFlight.handle((response, failure) -> null).get(60, TimeUnit.SECONDS);
			try (SampleAppProcess instanceB = SampleAppProcess.start(this.warehouseDir, AdminSupport.JVM, args)) {
				AdminClient b = new AdminClient(instanceB, TOKEN);
				JsonNode reopened = open(b);
				long generation = reopened.path("generation").asLong();
				assertThat(generation).isGreaterThan(oldGeneration);
				int committed = Integer.parseInt(reopened.path("offsetToken").asText());
				assertThat(committed).as("the last acknowledged or the in-flight batch").isBetween(BATCHES / 2 - 1,
						BATCHES / 2);
				JsonNode fenced = AdminSupport.problem(b.send(append(b, oldGeneration, committed + 1)), 409);
				assertThat(fenced.path("detail").asText()).contains("is not current");
				for (next = committed + 1; next < BATCHES; next++) {
					AdminSupport.expect(b.send(append(b, generation, next)), 200);
				}
				JsonNode state = AdminSupport.expect(b.get(CHANNEL), 200);
				assertThat(state.path("offsetToken").asText()).isEqualTo(String.valueOf(BATCHES - 1));
				assertThat(state.path("generation").asLong()).isEqualTo(generation);
			}
			List<String> expected = new ArrayList<>();
			for (int id = 0; id < BATCHES * ROWS; id++) {
				expected.add(id + ":b" + (id / ROWS));
			}
			assertThat(warehouse.idNames(TABLE)).containsExactlyInAnyOrderElementsOf(expected);
		}
	}

	private static JsonNode open(AdminClient client) throws Exception {
		return AdminSupport.expect(client.send(client.request(CHANNEL).PUT(HttpRequest.BodyPublishers.noBody())
				.build()),
				200);
	}

	/** The append of batch {@code batch}: rows {@code batch * ROWS ...}, offset token {@code batch}. */
	private static HttpRequest append(AdminClient client, long generation, int batch) {
		Object[] values = new Object[ROWS * 2];
		for (int i = 0; i < ROWS; i++) {
			values[i * 2] = batch * ROWS + i;
			values[i * 2 + 1] = "b" + batch;
		}
		return client.request(CHANNEL + "/rows?generation=" + generation + "&after=" + ((batch == 0) ? "" : batch - 1)
				+ "&offsetToken=" + batch)
			.header("Content-Type", AdminClient.ARROW)
			.POST(HttpRequest.BodyPublishers.ofByteArray(ArrowBodies.idName(values)))
			.build();
	}

}
