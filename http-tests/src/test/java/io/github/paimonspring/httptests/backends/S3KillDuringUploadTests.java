package io.github.paimonspring.httptests.backends;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.ClusterTests;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import io.github.paimonspring.s3.S3Clients;
import io.github.paimonspring.s3.S3Settings;
import io.github.paimonspring.support.InJvmS3;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ListMultipartUploadsRequest;
import software.amazon.awssdk.services.s3.model.MultipartUpload;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code kill -9} of the packaged sample app in the middle of a large upload to S3: its data file is a multipart
 * upload (parts of 5 MB), held inside S3Proxy at its first part when the process is killed. The upload stays
 * pending — listed through the S3 API, its parts on S3Proxy's disk — and nothing is committed. The restarted
 * instance's sweep of stale multipart uploads aborts it (no part left), and the client's retry with the same
 * idempotency key commits the rows once.
 */
@Tag(ClusterTests.TAG)
class S3KillDuringUploadTests {

	static final String TOKEN = "kill-upload";

	static final int ROWS = 300_000;

	@TempDir
	Path dir;

	@Test
	void aKilledUploadLeavesNoPartAfterTheRestartAndItsRetryCommitsOnce() throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "lake"); S3Clients clients = new S3Clients()) {
			Map<String, String> catalog = new LinkedHashMap<>(s3.catalogOptions());
			catalog.put("warehouse", "s3://lake/wh");
			S3Client client = clients.client(S3Settings.of(s3.catalogOptions()));
			try (Warehouse warehouse = new Warehouse(catalog)) {
				warehouse.create("big.blobs", Schema.newBuilder()
					.column("id", DataTypes.INT())
					.column("payload", DataTypes.STRING())
					.build());
				byte[] body = body();
				SampleAppProcess killed = SampleAppProcess.start(null, List.of("-Xmx768m"), args(s3));
				try (InJvmS3.Gate gate = s3.hold((key) -> key.startsWith("lake/wh/big.db/blobs/"))) {
					CompletableFuture<Integer> upload = CompletableFuture.supplyAsync(() -> post(killed, body));
					String held = gate.awaitHeld(Duration.ofMinutes(2));
					assertThat(pending(client)).as("the data file's multipart upload, held at its first part")
						.anyMatch((key) -> ("lake/" + key).equals(held));
					killed.kill();
					assertThat(killed.isAlive()).isFalse();
					upload.cancel(true);
				}
				finally {
					killed.close();
				}
				assertThat(pending(client)).as("pending after the kill").isNotEmpty();
				assertThat(warehouse.read("big.blobs", (row) -> row.getInt(0))).as("nothing committed").isEmpty();

				// S3Proxy reports every pending upload as started at the moment it is listed: only a cutoff in the
				// future makes the killed upload stale here (on S3 the default 24h counts from its real start)
				List<String> restart = new ArrayList<>(List.of(args(s3)));
				restart.add("--paimon.s3.multipart.abort-after=-1m");
				try (SampleAppProcess survivor = SampleAppProcess.start(null, List.of("-Xmx768m"),
						restart.toArray(new String[0]))) {
					long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
					while (!pending(client).isEmpty() && System.nanoTime() < deadline) {
						Thread.sleep(100);
					}
					assertThat(pending(client)).as("pending after the restart's sweep").isEmpty();
					assertThat(s3.multipartFiles("lake")).as("parts on S3Proxy's disk").isEmpty();
					assertThat(survivor.output()).contains("Aborted the stale multipart upload");
					assertThat(post(survivor, body)).isEqualTo(200);
					assertThat(post(survivor, body)).as("the retry with the same key again").isEqualTo(200);
				}
				List<Integer> ids = warehouse.read("big.blobs", (row) -> row.getInt(0));
				assertThat(ids).hasSize(ROWS).doesNotHaveDuplicates();
			}
			assertThat(pending(client)).isEmpty();
		}
	}

	/** A batch whose Parquet file is larger than two 5 MB parts: random, incompressible payloads. */
	private static byte[] body() {
		Random random = new Random(42);
		Object[][] rows = new Object[ROWS][];
		StringBuilder payload = new StringBuilder();
		for (int i = 0; i < ROWS; i++) {
			payload.setLength(0);
			for (int c = 0; c < 48; c++) {
				payload.append((char) ('!' + random.nextInt(90)));
			}
			rows[i] = new Object[] { i, payload.toString() };
		}
		return ArrowBodies.of(List.of(ArrowBodies.intField("id", 32), ArrowBodies.utf8Field("payload")), rows);
	}

	private static int post(SampleAppProcess app, byte[] body) {
		try {
			HttpResponse<String> response = new AdminClient(app, TOKEN).postArrow("/paimon/tables/big/blobs/uploads",
					body, "Idempotency-Key", "the-big-batch");
			assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
			return response.statusCode();
		}
		catch (Exception ex) {
			return -1;
		}
	}

	private static List<String> pending(S3Client client) {
		return client.listMultipartUploads(ListMultipartUploadsRequest.builder().bucket("lake").build())
			.uploads()
			.stream()
			.map(MultipartUpload::key)
			.toList();
	}

	private static String[] args(InJvmS3 s3) {
		List<String> args = new ArrayList<>(List.of("--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN,
				"--paimon.catalog.warehouse=s3://lake/wh", "--paimon.maintenance.enabled=false",
				"--paimon.catalog.options.s3.multipart.size=5M"));
		s3.catalogOptions().forEach((key, value) -> args.add("--paimon.catalog.options." + key + "=" + value));
		return args.toArray(new String[0]);
	}

}
