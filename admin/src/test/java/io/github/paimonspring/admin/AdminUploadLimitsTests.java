package io.github.paimonspring.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.admin.body.ArrowBodyReader;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.admin.web.AdminExceptionHandler;
import io.github.paimonspring.arrow.ArrowFormatException;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpStatus;

/**
 * The admin service refuses what does not fit before allocating it: row-count bombs, deep and wide
 * schemas, compressed batches, batches over the per-upload or the shared Arrow memory, uploads over
 * the concurrency limit, overlong keys; a bad commit argument leaves the transaction usable; ended
 * transactions are forgotten beyond a count; Paimon's system database is not served.
 */
class AdminUploadLimitsTests extends WarehouseTestBase {

	private static final long MB = 1 << 20;

	private static final String TABLE = "default.log";

	private AdminTransactions admin;

	private ArrowBodyReader reader;

	private AdminTables tables;

	private OneShotUploads uploads;

	@BeforeEach
	void createTable() {
		this.warehouse.simpleLogTable(TABLE);
	}

	@AfterEach
	void closeAdmin() {
		if (this.admin != null) {
			this.admin.destroy();
			this.reader.destroy();
		}
	}

	private AdminTransactions admin(long batchMemory, long uploadMemory, int concurrentUploads, int endedKept) {
		AdminSettings settings = new AdminSettings(1L << 40, 1L << 40, 64 * MB, batchMemory, uploadMemory,
				concurrentUploads, 64, 10_000, 16, endedKept, Duration.ofHours(1), Duration.ofHours(1),
						Duration.ofHours(1), 0);
		this.reader = new ArrowBodyReader(settings);
		this.tables = new AdminTables(this.writer);
		this.admin = new AdminTransactions(this.writer, settings, null, this.tables, this.reader);
		this.uploads = new OneShotUploads(this.writer, settings, null, this.tables, this.reader);
		return this.admin;
	}

	@Test
	void rowCountBombIsRefusedBeforeArrowAllocates() throws IOException {
		AdminTransactions admin = admin(8 * MB, 32 * MB, 4, 100);
		long rows = Integer.MAX_VALUE;
		byte[] body = IpcMessages.concat(IpcMessages.schema(schema()), IpcMessages.batch(rows, List.of(rows, rows), 0,
				false));
		AdminException ex = catchThrowableOfType(AdminException.class, () -> upload(admin, body));
		assertThat(AdminExceptionHandler.status(ex.getKind())).isEqualTo(HttpStatus.CONTENT_TOO_LARGE);
		assertThat(ex.getMessage()).contains("max-batch-memory");
		assertThat(this.reader.arrowMemoryPeak()).isLessThan(MB);
		assertThat(this.warehouse.snapshotCount(TABLE)).isEqualTo(1);
	}

	@Test
	void nodeLengthsOutsideIntRangeAreRefused() throws IOException {
		AdminTransactions admin = admin(8 * MB, 32 * MB, 4, 100);
		byte[] body = IpcMessages.concat(IpcMessages.schema(schema()),
				IpcMessages.batch(1, List.of(1L << 40, 1L), 0, false));
		ArrowFormatException ex = catchThrowableOfType(ArrowFormatException.class, () -> upload(admin, body));
		assertThat(ex.getMessage()).contains("field node 0");
	}

	@Test
	void deeplyNestedSchemaIsRefusedWithoutRecursion() {
		AdminTransactions admin = admin(8 * MB, 32 * MB, 4, 100);
		byte[] body = IpcMessages.deepSchema(100_000);
		ArrowFormatException ex = catchThrowableOfType(ArrowFormatException.class, () -> upload(admin, body));
		assertThat(ex.getMessage()).contains("max-schema-depth");
	}

	@Test
	void overlyWideSchemaIsRefused() {
		AdminTransactions admin = admin(8 * MB, 32 * MB, 4, 100);
		ArrowFormatException ex = catchThrowableOfType(ArrowFormatException.class,
				() -> upload(admin, IpcMessages.wideSchema(10_001)));
		assertThat(ex.getMessage()).contains("max-schema-fields");
	}

	@Test
	void compressedBatchesAreRefused() throws IOException {
		AdminTransactions admin = admin(8 * MB, 32 * MB, 4, 100);
		byte[] body = IpcMessages.concat(IpcMessages.schema(schema()), IpcMessages.batch(1, List.of(1L, 1L), 0, true));
		ArrowFormatException ex = catchThrowableOfType(ArrowFormatException.class, () -> upload(admin, body));
		assertThat(ex.getMessage()).contains("compressed");
	}

	@Test
	void batchOverTheSharedMemoryGets503WhileAnotherUploadHoldsIt() throws Exception {
		// the allocator rounds requests below 16 MB up to a power of two: 5 MB takes 8 MB, 3 MB takes 4 MB
		AdminTransactions admin = admin(11 * MB, 11 * MB, 4, 100);
		byte[] big = stream(5 * MB);
		StallingStream stalled = new StallingStream(big, big.length - 1024);
		CompletableFuture<Object> first = CompletableFuture.supplyAsync(() -> upload(admin, stalled));
		await(() -> first.isDone() || this.reader.arrowMemoryAllocated() >= 5 * MB);
		assertThat(first).as("first upload still reading").isNotDone();
		AdminException busy = catchThrowableOfType(AdminException.class, () -> upload(admin, stream(3 * MB)));
		assertThat(AdminExceptionHandler.status(busy.getKind())).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		assertThat(busy.getRetryAfterSeconds()).isPositive();
		assertThat(busy.getMessage()).contains("max-upload-memory");
		stalled.release();
		assertThat(first.get(60, TimeUnit.SECONDS)).isInstanceOf(AdminModel.CommitResponse.class);
		await(() -> this.reader.arrowMemoryAllocated() == 0);
		assertThat(upload(admin, stream(3 * MB))).isInstanceOf(AdminModel.CommitResponse.class);
	}

	@Test
	void uploadsOverTheConcurrencyLimitGet503() throws Exception {
		AdminTransactions admin = admin(8 * MB, 32 * MB, 1, 100);
		byte[] body = stream(MB);
		StallingStream stalled = new StallingStream(body, body.length / 2);
		CompletableFuture<Object> first = CompletableFuture.supplyAsync(() -> upload(admin, stalled));
		await(() -> first.isDone() || stalled.reachedStall());
		assertThat(first).as("first upload still reading").isNotDone();
		AdminException busy = catchThrowableOfType(AdminException.class, () -> upload(admin, stream(10)));
		assertThat(AdminExceptionHandler.status(busy.getKind())).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		assertThat(busy.getMessage()).contains("max-concurrent-uploads");
		stalled.release();
		assertThat(first.get(60, TimeUnit.SECONDS)).isInstanceOf(AdminModel.CommitResponse.class);
		assertThat(upload(admin, stream(10))).isInstanceOf(AdminModel.CommitResponse.class);
	}

	@Test
	void invalidCommitIdentifierLeavesTheTransactionOpen() throws IOException {
		AdminTransactions admin = admin(8 * MB, 32 * MB, 4, 100);
		AdminModel.TransactionView tx = admin.create("default", "log", null, null);
		admin.upload(tx.id(), new ByteArrayInputStream(stream(3)), -1);
		PaimonArgumentException ex = catchThrowableOfType(PaimonArgumentException.class,
				() -> admin.commit(tx.id(), new AdminModel.CommitRequest(-1L, null)));
		assertThat(ex.getMessage()).contains("identifier");
		assertThat(admin.get(tx.id()).state()).isEqualTo("OPEN");
		AdminModel.CommitResponse committed = admin.commit(tx.id(), new AdminModel.CommitRequest(1L, null));
		assertThat(committed.committed()).isTrue();
		assertThat(this.warehouse.latestSnapshotRecordCount(TABLE)).isEqualTo(6);
	}

	@Test
	void overlongCommitUsersAndKeysAreRefused() {
		AdminTransactions admin = admin(8 * MB, 32 * MB, 4, 100);
		String huge = "u".repeat(4 << 20);
		PaimonArgumentException user = catchThrowableOfType(PaimonArgumentException.class, () -> admin.create("default",
				"log", new AdminModel.TransactionRequest(null, huge, null, null, null), null));
		assertThat(user.getMessage()).contains("commitUser").hasSizeLessThan(500);
		PaimonArgumentException key = catchThrowableOfType(PaimonArgumentException.class,
				() -> this.uploads.uploadOnce("default",
				"log", false, "k".repeat(257), new ByteArrayInputStream(new byte[0]), -1));
		assertThat(key.getMessage()).contains("Idempotency-Key");
		assertThat(admin.list()).isEmpty();
	}

	@Test
	void endedTransactionsAreForgottenBeyondTheirCount() {
		AdminTransactions admin = admin(8 * MB, 32 * MB, 4, 5);
		for (int i = 0; i < 30; i++) {
			admin.abort(admin.create("default", "log", null, null).id());
		}
		AdminModel.TransactionView open = admin.create("default", "log", null, null);
		assertThat(admin.list()).hasSize(6).extracting(AdminModel.TransactionView::id).contains(open.id());
	}

	@Test
	void systemDatabaseIsNotServed() {
		AdminTransactions admin = admin(8 * MB, 32 * MB, 4, 5);
		assertThat(catchThrowableOfType(TableNotFoundException.class, () -> this.tables.table("sys",
				"all_table_options")))
			.hasMessageContaining("sys");
		assertThat(this.tables.tables()).extracting(AdminModel.TableSummary::identifier).containsExactly(TABLE);
	}

	@Test
	void batchesOverHalfTheBatchMemoryStillPassWhileTheNextIsReadAhead() throws IOException {
		admin(8 * MB, 32 * MB, 4, 100);
		// each batch needs over 4 MB: the next one is read only once the one written ahead has let go of its memory
		byte[] body = streamOfBatches(3 * MB, 3);
		AdminModel.CommitResponse response = this.uploads.uploadOnce("default", "log", false, null,
				new ByteArrayInputStream(body), body.length);
		assertThat(response.committed()).isTrue();
		assertThat(response.rows()).isEqualTo(3 * (3 * MB / 1000));
		assertThat(this.reader.arrowMemoryPeak()).isLessThanOrEqualTo(8 * MB);
		assertThat(this.reader.arrowMemoryAllocated()).isZero();
	}

	private Object upload(AdminTransactions admin, byte[] body) {
		return upload(admin, new ByteArrayInputStream(body));
	}

	private Object upload(AdminTransactions admin, InputStream body) {
		return this.uploads.uploadOnce("default", "log", false, null, body, -1);
	}

	private static Schema schema() {
		return new Schema(List.of(Field.nullable("id", new ArrowType.Int(32, true)),
				Field.nullable("name", ArrowType.Utf8.INSTANCE)));
	}

	/** A valid stream of one batch whose string column holds about {@code bytes} bytes (at least 3 rows). */
	private byte[] stream(long bytes) throws IOException {
		int rows = (int) Math.max(3, bytes / 1000);
		String value = "x".repeat((int) Math.min(1000, Math.max(1, bytes / rows)));
		try (VectorSchemaRoot root = VectorSchemaRoot.create(schema(), this.allocator)) {
			IntVector ids = (IntVector) root.getVector("id");
			VarCharVector names = (VarCharVector) root.getVector("name");
			for (int i = 0; i < rows; i++) {
				ids.setSafe(i, i);
				names.setSafe(i, value.getBytes(StandardCharsets.UTF_8));
			}
			root.setRowCount(rows);
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
				writer.writeBatch();
			}
			return out.toByteArray();
		}
	}

	/** A valid stream of {@code count} batches, each with a string column of about {@code bytes} bytes. */
	private byte[] streamOfBatches(long bytes, int count) throws IOException {
		int rows = (int) (bytes / 1000);
		String value = "x".repeat(1000);
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (VectorSchemaRoot root = VectorSchemaRoot.create(schema(), this.allocator);
				ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
			for (int batch = 0; batch < count; batch++) {
				root.allocateNew();
				IntVector ids = (IntVector) root.getVector("id");
				VarCharVector names = (VarCharVector) root.getVector("name");
				for (int i = 0; i < rows; i++) {
					ids.setSafe(i, batch * rows + i);
					names.setSafe(i, value.getBytes(StandardCharsets.UTF_8));
				}
				root.setRowCount(rows);
				writer.writeBatch();
			}
		}
		return out.toByteArray();
	}

	private static void await(BooleanSupplier condition) {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (!condition.getAsBoolean()) {
			assertThat(System.nanoTime()).as("condition within 30 s").isLessThan(deadline);
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
		}
	}

	/** Serves a body up to a point, then blocks until released (a stalled client). */
	private static final class StallingStream extends InputStream {

		private final byte[] body;

		private final int stallAt;

		private final CountDownLatch released = new CountDownLatch(1);

		private volatile boolean stalled;

		private int position;

		StallingStream(byte[] body, int stallAt) {
			this.body = body;
			this.stallAt = stallAt;
		}

		boolean reachedStall() {
			return this.stalled;
		}

		void release() {
			this.released.countDown();
		}

		@Override
		public int read() throws IOException {
			byte[] one = new byte[1];
			return (read(one, 0, 1) < 0) ? -1 : (one[0] & 0xff);
		}

		@Override
		public int read(byte[] buffer, int offset, int length) throws IOException {
			if (this.position == this.stallAt) {
				this.stalled = true;
				try {
					this.released.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new IOException(ex);
				}
			}
			if (this.position >= this.body.length) {
				return -1;
			}
			int limit = (this.position < this.stallAt) ? this.stallAt : this.body.length;
			int n = Math.min(length, limit - this.position);
			System.arraycopy(this.body, this.position, buffer, offset, n);
			this.position += n;
			return n;
		}

	}

}
