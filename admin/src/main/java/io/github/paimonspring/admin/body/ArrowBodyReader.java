package io.github.paimonspring.admin.body;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.PaimonException;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.admin.model.LogText;
import io.github.paimonspring.arrow.ArrowFormatException;
import io.github.paimonspring.arrow.ipc.ArrowIpcBusyException;
import io.github.paimonspring.arrow.ipc.ArrowIpcFramingException;
import io.github.paimonspring.arrow.ipc.ArrowIpcLimitException;
import io.github.paimonspring.arrow.ipc.ArrowIpcLimits;
import io.github.paimonspring.arrow.ipc.ArrowIpcReader;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;

/**
 * Reads and guards the Arrow IPC request bodies of the admin API. A body is streamed batch by batch
 * into a sink; the heap never holds a whole body. The body passes the core's Arrow input gate
 * ({@link ArrowIpcReader}): before Arrow allocates a batch, every IPC message is checked against its
 * schema and the {@code paimon.admin.*} limits, and its memory against the upload's and the shared
 * budget: a batch that can never fit is refused as {@link AdminException.Kind#PAYLOAD_TOO_LARGE}, one
 * that does not fit now, or an upload beyond the concurrent-upload limit, as
 * {@link AdminException.Kind#BUSY}. Long uploads log their progress.
 * Destroying the reader closes its root allocator.
 */
public class ArrowBodyReader implements DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(ArrowBodyReader.class);

	private final AdminSettings settings;

	private final BufferAllocator allocator;

	private final Semaphore uploadSlots;

	private final ArrowIpcLimits limits;

	/**
	 * Creates the reader with its root allocator of {@code maxUploadMemory}.
	 * @param settings the limits
	 */
	public ArrowBodyReader(AdminSettings settings) {
		this.settings = settings;
		this.allocator = new RootAllocator(settings.maxUploadMemory());
		this.uploadSlots = new Semaphore(settings.maxConcurrentUploads());
		this.limits = new ArrowIpcLimits(settings.maxMetadataBytes(), settings.maxSchemaDepth(),
				settings.maxSchemaFields(), "paimon.admin");
	}

	/** Receives the batches of a body; returns the rows written. */
	@FunctionalInterface
	public interface BatchSink {

		long write(VectorSchemaRoot root, DictionaryProvider dictionaries);

		/**
		 * Waits for a batch the sink still writes in the background and throws its failure; called before
		 * the memory of the next batch is refused, before a read failure is reported, and after the last batch.
		 */
		default void drain() {
		}

		/** Called after the last batch, while the batches' Arrow memory is still open. */
		default void end() {
		}

		/** Called when reading ends, successfully or not, before the upload's Arrow memory is released. */
		default void release() {
		}

	}

	/** A permit of the concurrent-upload limit, released on close. */
	@FunctionalInterface
	public interface UploadSlot extends AutoCloseable {

		@Override
		void close();

	}

	/** Counters of one request body. */
	public final class Upload {

		final String table;

		final String label;

		final long started = System.nanoTime();

		long nextLog;

		long rows;

		long bytes;

		long batches;

		long batchesWritten;

		private Upload(String table, String label) {
			this.table = table;
			this.label = label;
			this.nextLog = this.started + ArrowBodyReader.this.settings.progressInterval().toNanos();
		}

		/**
		 * Returns the rows read so far.
		 * @return the rows
		 */
		public long rows() {
			return this.rows;
		}

		/**
		 * Returns the body bytes read so far.
		 * @return the bytes
		 */
		public long bytes() {
			return this.bytes;
		}

		/**
		 * Returns the batches read so far.
		 * @return the batches
		 */
		public long batches() {
			return this.batches;
		}

		/**
		 * Returns the batches the sink has written so far.
		 * @return the batches written
		 */
		public long batchesWritten() {
			return this.batchesWritten;
		}

		void progress(ArrowIpcReader reader) {
			this.bytes = reader.bytesRead();
			long now = System.nanoTime();
			if (now >= this.nextLog) {
				this.nextLog = now + ArrowBodyReader.this.settings.progressInterval().toNanos();
				double seconds = (now - this.started) / 1e9;
				double megabytes = this.bytes / 1048576.0;
				logger.info(String.format(Locale.ROOT,
						"Upload to table '%s' (%s): %,d rows, %,.1f MB in %.0f s (%,.1f MB/s, %,.0f rows/s)",
								this.table,
						this.label, this.rows, megabytes, seconds, megabytes / seconds, this.rows / seconds));
			}
		}

	}

	/** Starts the counters of one body to the given table. */
	public Upload upload(String table, String label) {
		return new Upload(table, label);
	}

	/**
	 * Reads a body into a sink, counting into {@code upload}.
	 * @param upload the counters
	 * @param body the request body
	 * @param limit the most bytes the body may have
	 * @param sink where the batches go
	 */
	public void read(Upload upload, InputStream body, long limit, BatchSink sink) {
		long[] lastNeed = { 0 };
		try (BufferAllocator child = this.allocator.newChildAllocator("upload", 0, this.settings.maxBatchMemory())) {
			try {
				read(upload, body, limit, sink, child, lastNeed);
			}
			finally {
				sink.release();
			}
		}
		catch (IllegalStateException ex) {
			// a leak report from closing the allocator after a failed batch must not hide the failure
			if (String.valueOf(ex.getMessage()).contains("Memory was leaked")) {
				logger.warn("Arrow allocator of an upload to '{}' reported: {}", upload.table, ex.getMessage());
				return;
			}
			throw ex;
		}
	}

	private void read(Upload upload, InputStream body, long limit, BatchSink sink, BufferAllocator child,
			long[] lastNeed) {
		try (ArrowIpcReader reader = new ArrowIpcReader(body, this.limits, limit, child, (index, bytes) -> {
			lastNeed[0] = bytes;
			requireMemory(child, index, bytes, sink);
		}, upload.table)) {
			VectorSchemaRoot root;
			try {
				root = reader.getVectorSchemaRoot();
			}
			catch (IOException | RuntimeException ex) {
				throw readFailure(upload.table, "Cannot read the Arrow schema", ex, lastNeed[0]);
			}
			while (true) {
				boolean loaded;
				try {
					loaded = reader.loadNextBatch();
				}
				catch (IOException | RuntimeException ex) {
					sink.drain(); // the failure of an earlier batch comes first
					throw readFailure(upload.table, "Cannot read Arrow batch " + upload.batches, ex, lastNeed[0]);
				}
				if (!loaded) {
					sink.drain();
					break;
				}
				upload.batches++;
				long rows = sink.write(root, reader);
				if (rows > 0) {
					upload.batchesWritten++;
				}
				upload.rows += rows;
				upload.progress(reader);
				// release the batch's buffers before the next one is announced, so that they are not counted twice
				root.clear();
			}
			upload.bytes = reader.bytesRead();
			sink.end();
		}
		catch (IOException ex) {
			throw readFailure(upload.table, "Cannot read the request body", ex, lastNeed[0]);
		}
	}

	/**
	 * Refuses a batch that can never fit this upload's memory (too large) or does not fit the shared memory now (busy).
	 */
	private void requireMemory(BufferAllocator upload, long index, long bytes, BatchSink sink) throws IOException {
		long own = upload.getLimit() - upload.getAllocatedMemory();
		long shared = this.allocator.getLimit() - this.allocator.getAllocatedMemory();
		if (bytes > own || bytes > shared) {
			// the batch still being written holds memory: the next one waits for it rather than be refused
			sink.drain();
			own = upload.getLimit() - upload.getAllocatedMemory();
			shared = this.allocator.getLimit() - this.allocator.getAllocatedMemory();
		}
		if (bytes > own) {
			throw new ArrowIpcLimitException("Arrow IPC message " + index + " needs up to " + bytes
					+ " bytes of Arrow memory, more than the " + own + " bytes this upload may use"
					+ " (paimon.admin.max-batch-memory is " + upload.getLimit() + "); send smaller batches",
							upload.getLimit());
		}
		if (bytes > shared) {
			throw new ArrowIpcBusyException("Arrow IPC message " + index + " needs up to " + bytes
					+ " bytes of Arrow memory but only " + Math.max(0, shared)
					+ " bytes of paimon.admin.max-upload-memory are free now; retry later");
		}
	}

	private static PaimonException readFailure(String table, String what, Throwable ex, long lastNeed) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof PaimonException paimon) {
				return paimon;
			}
			if (cause instanceof ArrowIpcLimitException limit) {
				return new AdminException(AdminException.Kind.PAYLOAD_TOO_LARGE, "Payload too large", table,
						limit.getMessage()
								+ " (paimon.admin.max-request-size / max-transaction-size / max-batch-memory)");
			}
			if (cause instanceof ArrowIpcBusyException busy) {
				return AdminException.busy(table, busy.getMessage());
			}
			if (cause instanceof OutOfMemoryException) {
				// the budget was checked before allocating; another upload took the memory in between
				return AdminException.busy(table,
						"The Arrow memory of paimon.admin.max-upload-memory is in use by other uploads"
						+ " (a batch needs up to " + lastNeed + " bytes); retry later");
			}
			if (cause instanceof ArrowIpcFramingException framing) {
				return new ArrowFormatException(table, what + " for table '" + table + "': " + framing.getMessage(),
						null);
			}
		}
		return new ArrowFormatException(table,
				what + " for table '" + table + "': " + LogText.abbreviate(String.valueOf(ex.getMessage())), ex);
	}

	/**
	 * Takes a permit of the concurrent-upload limit, or refuses the upload as busy.
	 * @param table the table, for the refusal
	 * @return the permit, to close when the body is read
	 */
	public UploadSlot slot(String table) {
		if (!this.uploadSlots.tryAcquire()) {
			throw AdminException.busy(table, "All " + this.settings.maxConcurrentUploads()
					+ " upload slots are in use (paimon.admin.max-concurrent-uploads); retry later");
		}
		return this.uploadSlots::release;
	}

	/**
	 * Takes a permit of the concurrent-upload limit, waiting up to {@code wait} for one, or refuses the
	 * upload as busy. Small grouped uploads wait, because reading them takes a moment.
	 * @param table the table, for the refusal
	 * @param wait how long to wait for a permit
	 * @return the permit, to close when the body is read
	 */
	public UploadSlot slot(String table, Duration wait) {
		try {
			if (this.uploadSlots.tryAcquire(wait.toNanos(), TimeUnit.NANOSECONDS)) {
				return this.uploadSlots::release;
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		throw AdminException.busy(table, "All " + this.settings.maxConcurrentUploads()
				+ " upload slots stayed in use for " + wait.toMillis()
						+ " ms (paimon.admin.max-concurrent-uploads); retry later");
	}

	/** Refuses a body whose declared length is over the limit. */
	public static void checkDeclaredLength(String table, long contentLength, long limit) {
		if (contentLength > limit) {
			throw new AdminException(AdminException.Kind.PAYLOAD_TOO_LARGE, "Payload too large", table,
					"Request body of " + contentLength + " bytes exceeds the limit of " + limit
							+ " bytes (paimon.admin.max-request-size / max-transaction-size)");
		}
	}

	/**
	 * Returns the Arrow memory uploads hold now.
	 * @return bytes
	 */
	public long arrowMemoryAllocated() {
		return this.allocator.getAllocatedMemory();
	}

	/**
	 * Returns the most Arrow memory uploads have held at once.
	 * @return bytes
	 */
	public long arrowMemoryPeak() {
		return this.allocator.getPeakMemoryAllocation();
	}

	/**
	 * Closes the root allocator.
	 */
	@Override
	public void destroy() {
		this.allocator.close();
	}

}
