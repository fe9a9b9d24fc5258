package io.github.paimonspring.s3;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.support.InJvmS3;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.AbortMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link StaleMultipartUploads} against S3Proxy: a multipart upload that a writer left pending under a warehouse
 * that an {@link S3FileIO} was opened for is aborted once it is older than the given age; a younger one and one
 * outside every warehouse are left alone.
 */
@Timeout(60)
class StaleMultipartUploadsTests {

	private static final String BUCKET = "lake";

	@TempDir
	java.nio.file.Path dir;

	private InJvmS3 s3;

	private S3Clients clients;

	private Map<String, String> options;

	private S3Client client;

	@BeforeEach
	void start() throws Exception {
		this.s3 = new InJvmS3(this.dir.resolve("s3"), BUCKET);
		// S3Proxy lists every upload as started at the time of the listing; S3 lists the time it was started
		this.clients = new S3Clients(List.of(this.s3.initiationTimes()));
		this.options = S3Fixtures.options(this.s3);
		this.client = this.clients.client(S3Settings.of(this.options));
	}

	@AfterEach
	void stop() throws Exception {
		this.clients.close();
		this.s3.close();
	}

	@Test
	void abortsTheStaleUploadsUnderTheWarehousesOnly() {
		String stale = start("wh/db.db/t/bucket-0/data-1.parquet");
		String outside = start("elsewhere/data-2.parquet");
		String sibling = start("wh2/data-3.parquet");
		assertThat(S3Fixtures.pendingUploads(this.client, BUCKET)).as("listed through the S3 API")
			.containsExactlyInAnyOrder("wh/db.db/t/bucket-0/data-1.parquet " + stale,
					"elsewhere/data-2.parquet " + outside, "wh2/data-3.parquet " + sibling);
		assertThat(this.s3.multipartFiles(BUCKET)).anyMatch((file) -> file.contains(stale));

		StaleMultipartUploads sweep = new StaleMultipartUploads(this.clients);
		assertThat(sweep.abortAll(Duration.ZERO)).as("no warehouse opened yet").isZero();

		Map<String, String> warehouse = new LinkedHashMap<>(this.options);
		warehouse.put("warehouse", "s3://" + BUCKET + "/wh");
		S3Fixtures.fileIO(this.clients, warehouse);
		assertThat(this.clients.warehouses()).containsOnlyKeys("s3://" + BUCKET + "/wh");

		assertThat(sweep.abortAll(Duration.ofHours(1))).as("younger than an hour").isZero();
		assertThat(S3Fixtures.pendingUploads(this.client, BUCKET)).hasSize(3);

		assertThat(sweep.abortAll(Duration.ZERO)).isEqualTo(1);
		assertThat(S3Fixtures.pendingUploads(this.client, BUCKET)).containsExactlyInAnyOrder(
				"elsewhere/data-2.parquet " + outside, "wh2/data-3.parquet " + sibling);
		assertThat(this.s3.multipartFiles(BUCKET)).as("the parts of the aborted upload")
			.noneMatch((file) -> file.contains(stale));
		assertThat(sweep.abortAll(Duration.ZERO)).as("again").isZero();

		abort("elsewhere/data-2.parquet", outside);
		abort("wh2/data-3.parquet", sibling);
		assertThat(S3Fixtures.pendingUploads(this.client, BUCKET)).isEmpty();
		assertThat(this.s3.multipartFiles(BUCKET)).isEmpty();
	}

	@Test
	void aWarehouseIsSweptWithTheSettingsItWasOpenedWith() throws Exception {
		String stale = start("wh/data.parquet");
		Map<String, String> warehouse = new LinkedHashMap<>(this.options);
		warehouse.put("warehouse", "s3a://" + BUCKET + "/wh/");
		S3Fixtures.fileIO(this.clients, warehouse);

		StaleMultipartUploads sweep = new StaleMultipartUploads(this.clients);
		assertThat(sweep.abort("s3a://" + BUCKET + "/wh/", S3Settings.of(warehouse), Duration.ofMinutes(5)))
			.isZero();
		assertThat(sweep.abortAll(Duration.ZERO)).isEqualTo(1);
		assertThat(S3Fixtures.pendingUploads(this.client, BUCKET)).isEmpty();
		assertThat(this.s3.multipartFiles(BUCKET)).noneMatch((file) -> file.contains(stale));
	}

	private void abort(String key, String uploadId) {
		this.client.abortMultipartUpload(
				AbortMultipartUploadRequest.builder().bucket(BUCKET).key(key).uploadId(uploadId).build());
	}

	/** Starts a multipart upload and sends one part, as a writer that died in the middle of a file. */
	private String start(String key) {
		String uploadId = this.client
			.createMultipartUpload(CreateMultipartUploadRequest.builder().bucket(BUCKET).key(key).build())
			.uploadId();
		this.client.uploadPart(
				UploadPartRequest.builder().bucket(BUCKET).key(key).uploadId(uploadId).partNumber(1).build(),
				RequestBody.fromBytes(S3Fixtures.bytes(1024, key.hashCode())));
		return uploadId;
	}

}
