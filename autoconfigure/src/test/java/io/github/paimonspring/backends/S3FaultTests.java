package io.github.paimonspring.backends;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.maintenance.OrphanFiles;
import io.github.paimonspring.maintenance.PendingFiles;
import io.github.paimonspring.s3.S3Clients;
import io.github.paimonspring.s3.S3FileIOLoader;
import io.github.paimonspring.s3.S3Settings;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.InJvmS3;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.model.ListMultipartUploadsRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * S3 answering 503 for a burst while {@link PaimonWriter} writes and commits through paimon-spring-boot-s3's FileIO
 * (S3Proxy in this JVM): a burst within the retry budget is retried through and the batch commits; a burst longer
 * than the budget, during the snapshot's write or during the multipart upload of a large data file, fails the write
 * with a {@link PaimonUnavailableException} naming the operation, bucket and key — nothing committed, the table
 * readable with what it had, no pending multipart upload, no object of the failed write left (after the orphan-file
 * cleanup of the maintenance, for a failed snapshot write, whose outcome Paimon cannot tell) — and the same batch
 * commits once S3 answers again.
 */
class S3FaultTests {

	@TempDir
	Path dir;

	@Test
	void burstsDuringTheCommitAndDuringAMultipartUploadAreRetriedOrFailCleanly() throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "lake"); S3Clients clients = new S3Clients();
				BufferAllocator allocator = new RootAllocator()) {
			Options options = new Options();
			options.set("warehouse", "s3://lake/wh");
			s3.catalogOptions().forEach(options::set);
			options.set("s3.multipart.size", "5M");
			options.set("s3.attempts.maximum", "3");
			try (Catalog catalog = CatalogFactory
				.createCatalog(CatalogContext.create(options, new S3FileIOLoader("s3", clients), null))) {
				catalog.createDatabase("db", true);
				catalog.createTable(Identifier.create("db", "t"), Schema.newBuilder()
					.column("id", DataTypes.INT())
					.column("name", DataTypes.STRING())
					.build(), false);
				PaimonWriter writer = PaimonWriter.builder(new PaimonTables(catalog, Map.of()))
					.spillDirectory(this.dir.resolve("spill"))
					.build();

				// a burst shorter than the retry budget while the snapshot is written: retried, committed
				try (InJvmS3.Fault fault = s3.fail("PutObject", (key) -> key.contains("/snapshot/snapshot-"), 2, 503);
						VectorSchemaRoot batch = Batches.idName(allocator, 1, "alice", 2, "bob")) {
					assertThat(writer.write("db.t", batch).committed()).isTrue();
					assertThat(fault.failed()).isEqualTo(2);
				}
				assertThat(count(catalog)).isEqualTo(2);
				List<String> before = s3.objects("lake", "wh/db.db/t");

				// longer than the budget while the snapshot is written: nothing committed, nothing left
				try (InJvmS3.Fault fault = s3.fail("PutObject", (key) -> key.contains("/snapshot/snapshot-"), 100,
						503); VectorSchemaRoot batch = Batches.idName(allocator, 3, "carol")) {
					assertThatExceptionOfType(PaimonUnavailableException.class)
						.isThrownBy(() -> writer.write("db.t", batch))
						.withMessageContaining("nothing was committed")
						.withMessageContaining("S3 PutObject of s3://lake/wh/db.db/t/snapshot/snapshot-2")
						.withMessageContaining("bucket 'lake'")
						.withMessageContaining("HTTP 503")
						.withMessageContaining("after 3 attempts");
					// three attempts per snapshot write, and Paimon tries the commit again (commit.max-retries)
					assertThat(fault.failed()).isGreaterThanOrEqualTo(3);
				}
				assertThat(count(catalog)).isEqualTo(2);
				// Paimon keeps the files of a commit whose snapshot write failed (it cannot tell whether the write
				// took effect); the maintenance's orphan-file cleanup removes them once they are old enough
				assertThat(s3.objects("lake", "wh/db.db/t")).hasSizeGreaterThan(before.size());
				new OrphanFiles(new PaimonTables(catalog, Map.of()), null, Duration.ofMillis(-1000), PendingFiles.NONE)
					.remove("db.t", false);
				assertThat(s3.objects("lake", "wh/db.db/t")).as("no object of the failed commit after maintenance")
					.isEqualTo(before);
				assertThat(count(catalog)).isEqualTo(2);

				// a large data file (a multipart upload) whose part keeps failing: nothing committed, no part left
				try (InJvmS3.Fault fault = s3.fail("UploadPart", 100, 503);
						VectorSchemaRoot batch = Batches.idNameRange(allocator, 100, 300_100, S3FaultTests::noise)) {
					assertThatExceptionOfType(PaimonUnavailableException.class)
						.isThrownBy(() -> writer.write("db.t", batch))
						.withMessageContaining("nothing was committed")
						.withStackTraceContaining("S3 UploadPart of s3://lake/wh/db.db/t/bucket-0/")
						.withStackTraceContaining("bucket 'lake'");
					assertThat(fault.failed()).isGreaterThanOrEqualTo(3);
				}
				assertThat(count(catalog)).isEqualTo(2);
				assertThat(s3.objects("lake", "wh/db.db/t")).as("no object of the failed upload").isEqualTo(before);
				assertThat(clients.client(S3Settings.of(s3.catalogOptions()))
					.listMultipartUploads(ListMultipartUploadsRequest.builder().bucket("lake").build())
					.uploads()).as("no pending multipart upload").isEmpty();
				assertThat(s3.multipartFiles("lake")).isEmpty();

				// a burst within the budget during the multipart upload, then the same batch: committed once
				try (InJvmS3.Fault fault = s3.fail("UploadPart", 2, 503);
						VectorSchemaRoot batch = Batches.idNameRange(allocator, 100, 300_100, S3FaultTests::noise)) {
					assertThat(writer.write("db.t", batch).committed()).isTrue();
					assertThat(fault.failed()).isEqualTo(2);
				}
				assertThat(count(catalog)).isEqualTo(300_002);
				assertThat(s3.multipartFiles("lake")).isEmpty();
			}
		}
	}

	/** An incompressible name, so that the data file is larger than a part. */
	private static String noise(int id) {
		StringBuilder name = new StringBuilder();
		long state = id * 0x9E3779B97F4A7C15L;
		for (int i = 0; i < 40; i++) {
			state ^= state << 13;
			state ^= state >>> 7;
			state ^= state << 17;
			name.append((char) ('!' + (int) ((state >>> 1) % 90)));
		}
		return name.toString();
	}

	private static long count(Catalog catalog) throws Exception {
		Table table = catalog.getTable(Identifier.create("db", "t"));
		ReadBuilder read = table.newReadBuilder();
		List<Integer> ids = new ArrayList<>();
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
			reader.forEachRemaining((InternalRow row) -> ids.add(row.getInt(0)));
		}
		return ids.size();
	}

}
