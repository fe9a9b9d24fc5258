package io.github.paimonspring.httptests.admin;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.PipelinedChannel;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A producer pipelines channel appends (8 in flight) into the packaged app on its embedded warehouse;
 * the app is killed with {@code kill -9} at a different moment in each of 6 rounds and restarted on the
 * same warehouse; the producer reopens the channel and resumes after the offset token it gets. In every
 * round the reopened token covers every acknowledged append, and the table holds exactly the rows up to
 * it, each once.
 */
class ChannelPipelineCrashTests {

	private static final String TOKEN = "pipeline-token";

	private static final String TABLE = "default.pipeline";

	private static final int ROWS = 20;

	/** After how many acknowledged appends each round's instance is killed. */
	private static final int[] KILL_AFTER = { 1, 9, 17, 30, 4, 45 };

	@TempDir
	Path warehouseDir;

	@Test
	void everyRowExactlyOnceAcrossKillsWithAppendsInFlight() throws Exception {
		try (Warehouse warehouse = new Warehouse(this.warehouseDir)) {
			warehouse.create(TABLE, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
				.build());
			String[] args = AdminSupport.adminArgs(TOKEN, "--paimon.ingest.commit-interval=30ms",
					"--paimon.maintenance.enabled=false").toArray(String[]::new);
			long resumeAfter = 0;
			List<String> rounds = new ArrayList<>();
			for (int round = 0; round < KILL_AFTER.length; round++) {
				SampleAppProcess app = SampleAppProcess.start(this.warehouseDir, AdminSupport.JVM, args);
				PipelinedChannel.Result result;
				long reopened;
				try {
					PipelinedChannel producer = new PipelinedChannel(new AdminClient(app, TOKEN), "default/pipeline",
							"c1", ROWS, 8);
					reopened = producer.open();
					// every row up to the token the reopened channel answers, each once, nothing beyond
					assertThat(reopened).as("round %d: the reopened token covers every acknowledged append", round)
						.isGreaterThanOrEqualTo(resumeAfter);
					assertThat(warehouse.idNames(TABLE)).as("round %d", round)
						.containsExactlyInAnyOrderElementsOf(PipelinedChannel.rowsUpTo(reopened));
					int killAfter = KILL_AFTER[round];
					result = producer.stream(reopened, 1000, (acknowledged) -> {
						if (acknowledged == killAfter) {
							killQuietly(app);
						}
					});
				}
				finally {
					killQuietly(app);
				}
				assertThat(result.acknowledged()).as("round %d: %s", round,
						result).hasSizeGreaterThanOrEqualTo(KILL_AFTER[round]);
				rounds.add("round " + round + ": resumed after " + reopened + ", killed after " + KILL_AFTER[round]
						+ " acks, "
						+ result.acknowledged().size() + " acknowledged up to " + result.highestAcknowledged() + " ("
						+ result.outOfOrder() + " out-of-order resends, " + result.duplicates() + " duplicates)");
				resumeAfter = result.highestAcknowledged();
			}
			// the last restart: everything acknowledged is there, once
			try (SampleAppProcess app = SampleAppProcess.start(this.warehouseDir, AdminSupport.JVM, args)) {
				long reopened = new PipelinedChannel(new AdminClient(app, TOKEN), "default/pipeline", "c1", ROWS,
						8).open();
				assertThat(reopened).isGreaterThanOrEqualTo(resumeAfter);
				assertThat(warehouse.idNames(TABLE)).containsExactlyInAnyOrderElementsOf(PipelinedChannel
						.rowsUpTo(reopened));
				rounds.add("final: reopened at " + reopened);
			}
			rounds.forEach((line) -> System.out.println("ChannelPipelineCrashTests " + line));
		}
	}

	private static void killQuietly(SampleAppProcess app) {
		try {
			app.kill();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
