package io.github.paimonspring.httptests.ops;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import com.jayway.jsonpath.JsonPath;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A ~2 GB one-shot upload into a server with a 512 MB heap. The body is generated batch by batch
 * while it is sent, so neither process holds it; the row count is checked from the snapshot. Tagged {@code large}:
 * excluded from
 * {@code mvn verify}; run it with
 * {@code mvn -B -pl http-tests surefire:test -Dgroups=large -DexcludedGroups=none} (after a build).
 */
@Tag("large")
class LargeUploadTests {

	private static final long TARGET_BYTES = 2L * 1024 * 1024 * 1024;

	private static final int ROWS_PER_BATCH = 8192;

	private static final int PAYLOAD_BYTES = 1024;

	/** Random text that payloads are sliced from, larger than any compression window or page. */
	private static final int POOL_BYTES = 16 * 1024 * 1024;

	@TempDir
	Path warehouse;

	@Test
	void streamsTwoGigabytesIntoAnAppendTable() throws Exception {
		try (Warehouse fixture = new Warehouse(this.warehouse)) {
			fixture.create("big.events",
					Schema.newBuilder().column("id", DataTypes.BIGINT()).column("payload", DataTypes.STRING()).build());
		}
		long batchBytes = (long) ROWS_PER_BATCH * (PAYLOAD_BYTES + Long.BYTES + Integer.BYTES);
		int batches = (int) ((TARGET_BYTES + batchBytes - 1) / batchBytes);
		long expectedRows = (long) batches * ROWS_PER_BATCH;

		try (SampleAppProcess app = SampleAppProcess.start(this.warehouse, List.of("-Xmx512m"),
				"--paimon.admin.enabled=true", "--paimon.admin.token=t");
				ArrowGenerator body = new ArrowGenerator(batches)) {
			AdminClient client = new AdminClient(app, "t");
			HttpRequest request = client.request("/paimon/tables/big/events/uploads")
				.timeout(Duration.ofMinutes(60))
				.version(HttpClient.Version.HTTP_1_1)
				.header("Content-Type", AdminClient.ARROW)
				.POST(HttpRequest.BodyPublishers.ofInputStream(() -> body))
				.build();
			long started = System.nanoTime();
			HttpResponse<String> response = client.send(request);
			double seconds = (System.nanoTime() - started) / 1e9;
			double megabytes = body.produced() / 1048576.0;
			System.out.printf(Locale.ROOT,
					"LargeUploadTests: %,d bytes (%,d rows in %d batches) uploaded and committed "
					+ "in %.1f s: %.1f MB/s, %,.0f rows/s%n", body.produced(), expectedRows, batches, seconds,
					megabytes / seconds, expectedRows / seconds);

			assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
			assertThat(body.produced()).isGreaterThanOrEqualTo(TARGET_BYTES);
			assertThat(JsonPath.<Boolean>read(response.body(), "$.committed")).as(response.body()).isTrue();
			assertThat(JsonPath.<Number>read(response.body(), "$.rows").longValue()).isEqualTo(expectedRows);
			assertThat(app.isAlive()).isTrue();
		}
		try (Warehouse fixture = new Warehouse(this.warehouse)) {
			assertThat(fixture.latestSnapshotRecordCount("big.events")).isEqualTo(expectedRows);
		}
	}

	/**
	 * An Arrow IPC stream of (id, payload) batches produced while it is read: one batch is encoded
	 * whenever the previous one has been consumed, so memory stays at about two batches.
	 */
	private static final class ArrowGenerator extends InputStream {

		private final int batches;

		private final byte[] pool = new byte[POOL_BYTES];

		private final BufferAllocator allocator = new RootAllocator();

		private final VectorSchemaRoot root;

		private final Chunk chunk = new Chunk();

		private final ArrowStreamWriter writer;

		private int written = -1;

		private boolean ended;

		private int position;

		private long produced;

		ArrowGenerator(int batches) {
			this.batches = batches;
			SplittableRandom random = new SplittableRandom(42);
			byte[] alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "
				.getBytes(StandardCharsets.US_ASCII);
			for (int i = 0; i < this.pool.length; i++) {
				this.pool[i] = alphabet[random.nextInt(alphabet.length)];
			}
			this.root = VectorSchemaRoot.create(new org.apache.arrow.vector.types.pojo.Schema(
					List.of(new Field("id", FieldType.nullable(new ArrowType.Int(64, true)), null),
							new Field("payload", FieldType.nullable(ArrowType.Utf8.INSTANCE), null))),
					this.allocator);
			this.writer = new ArrowStreamWriter(this.root, null, this.chunk);
		}

		long produced() {
			return this.produced;
		}

		@Override
		public int read() throws IOException {
			byte[] one = new byte[1];
			return (read(one, 0, 1) < 0) ? -1 : (one[0] & 0xff);
		}

		@Override
		public int read(byte[] b, int off, int len) throws IOException {
			if (len == 0) {
				return 0;
			}
			while (this.position == this.chunk.size()) {
				if (!next()) {
					return -1;
				}
			}
			int n = Math.min(len, this.chunk.size() - this.position);
			System.arraycopy(this.chunk.bytes(), this.position, b, off, n);
			this.position += n;
			this.produced += n;
			return n;
		}

		/** Encodes the schema, the next batch or the end of the stream; {@code false} when done. */
		private boolean next() throws IOException {
			this.chunk.reset();
			this.position = 0;
			if (this.written < 0) {
				this.writer.start();
				this.written = 0;
			}
			else if (this.written < this.batches) {
				BigIntVector id = (BigIntVector) this.root.getVector(0);
				VarCharVector payload = (VarCharVector) this.root.getVector(1);
				this.root.allocateNew();
				long first = (long) this.written * ROWS_PER_BATCH;
				for (int i = 0; i < ROWS_PER_BATCH; i++) {
					long row = first + i;
					id.setSafe(i, row);
					payload.setSafe(i, this.pool, (int) ((row * 1_000_003L) % (POOL_BYTES - PAYLOAD_BYTES)),
							PAYLOAD_BYTES);
				}
				this.root.setRowCount(ROWS_PER_BATCH);
				this.writer.writeBatch();
				this.written++;
			}
			else if (!this.ended) {
				this.writer.end();
				this.ended = true;
			}
			else {
				return false;
			}
			return true;
		}

		@Override
		public void close() {
			this.writer.close();
			this.root.close();
			this.allocator.close();
		}

	}

	/** A reusable byte buffer the Arrow writer encodes into. */
	private static final class Chunk extends ByteArrayOutputStream {

		byte[] bytes() {
			return this.buf;
		}

	}

}
