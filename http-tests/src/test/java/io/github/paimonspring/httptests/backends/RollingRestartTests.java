package io.github.paimonspring.httptests.backends;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.paimonspring.httptests.Haproxy;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A full rolling restart with zero failed requests ({@link RollingRestart}): two packaged instances behind a real
 * HAProxy configured as production.md says, keyed uploads and pipelined channel appends through it that resend
 * exactly what rest-api.md's retry rule says, a Kafka pipeline on both instances; each instance gets a SIGTERM and
 * starts again in turn. No request fails, every acknowledged row is in the tables exactly once (read with Paimon's
 * reader), each channel's committed offset token is its last acknowledged one, and every Kafka record is in
 * {@code shop.kafka_events} once, with the group's committed offsets one beyond the channels' tokens. The instances
 * serve Flight SQL too, behind the balancer's TCP frontend of docs/flight.md: keyed bulk ingests sent there over one
 * gRPC channel during the roll fail none either, and each acknowledged ingest's rows are in {@code rr.flight} once.
 * <p>
 * Tagged {@value #TAG}: {@code mvn verify} leaves it out (it takes minutes), {@code .ci/run} runs it on its own
 * with HAProxy from Debian's packages.
 */
@Tag(RollingRestartTests.TAG)
class RollingRestartTests {

	static final String TAG = "rolling";

	@TempDir
	Path dir;

	@Test
	void aRollingRestartFailsNoRequestAndWritesEveryAcknowledgedRowOnce() throws Exception {
		Assumptions.assumeTrue(Haproxy.binary().isPresent(), "haproxy is not installed (.ci/run installs it)");
		try (RollingRestart roll = new RollingRestart(this.dir, List.of("--paimon.ingest.shutdown-drain=5s"))) {
			roll.withFlight();
			RollingRestart.Report report;
			try {
				report = roll.run("drain 5 s, ready when warm", 150);
				System.out.println("RollingRestartTests " + report.summary());
				assertThat(report.failures()).as("requests that failed").isEmpty();
				assertThat(report.roll()).as("requests sent during the roll").isNotEmpty();
				assertThat(report.roll()).as("Flight ingests sent during the roll")
					.anySatisfy((sample) -> assertThat(sample.kind()).isEqualTo("flight"));
				assertThat(report.restarts()).extracting(RollingRestart.Restart::exitCode)
					.as("exit codes after SIGTERM")
					.allSatisfy((code) -> assertThat(code).isIn(0, 143));
				assertTables(roll, report);
			}
			finally {
				roll.keepLogs("rolling-restart-logs");
			}
		}
	}

	private static void assertTables(RollingRestart roll, RollingRestart.Report report) throws Exception {
		assertThat(roll.catalog.warehouse.idNames("rr.keys")).as("every acknowledged key's rows, once")
			.containsExactlyInAnyOrderElementsOf(SharedCatalog.keyedRows(report.keys(), "roll"));
		assertThat(report.flightKeys()).as("acknowledged Flight ingests").isPositive();
		assertThat(roll.catalog.warehouse.idNames("rr.flight")).as("every acknowledged Flight ingest's rows, once")
			.containsExactlyInAnyOrderElementsOf(SharedCatalog.keyedRows(report.flightKeys(), "flight"));
		List<String> streamed = new ArrayList<>();
		for (int c = 0; c < 2; c++) {
			long token = report.channelTokens()[c];
			assertThat(token).as("channel c%d acknowledged appends", c).isPositive();
			JsonNode state = roll.channelState(c);
			assertThat(state.path("offsetToken").asText()).as("channel c%d's committed offset token", c)
				.isEqualTo(String.valueOf(token));
			for (long id = RollingRestart.channelIds(c) + 1; id <= RollingRestart.channelIds(c) + token; id++) {
				streamed.add(id + ":n" + id);
			}
		}
		assertThat(roll.catalog.warehouse.idNames("rr.stream")).as("every acknowledged append's rows, once")
			.containsExactlyInAnyOrderElementsOf(streamed);
		int records = report.kafkaRecords();
		assertThat(records).as("Kafka records produced").isPositive();
		awaitKafka(roll, records);
		KafkaEvents.assertEveryRecordOnce(roll.catalog.warehouse, records);
	}

	/** Waits (bounded) until the pipeline committed every record and the group's offsets follow the tokens. */
	private static void awaitKafka(RollingRestart roll, int records) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
		long committed = -1;
		int partitions = RollingRestart.PARTITIONS;
		while (System.nanoTime() < deadline) {
			committed = KafkaEvents.committed(roll.instance(0), roll.topic(), partitions);
			if (committed == records
					&& KafkaEvents.kafkaOffsetsFollowTokens(roll.instance(0), roll.topic(), partitions)) {
				return;
			}
			LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
		}
		throw new AssertionError("the pipeline committed " + committed + " of " + records
				+ " records, or Kafka's offsets do not follow the channels' tokens, within 3 minutes");
	}

}
