package io.github.paimonspring.admin.body;

import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.ingest.IngestBusyException;
import io.github.paimonspring.ingest.IngestGroupException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Reads small request bodies whole (guarded like every body) and hands their batches to the group
 * commit while they are still open: one-shot uploads and channel appends. Refusals of the group commit
 * become the admin API's retryable refusals (503 with {@code Retry-After}).
 */
public final class GroupedBodies {

	/** How long a grouped body waits for an upload slot before it is refused as busy. */
	private static final Duration SLOT_WAIT = Duration.ofSeconds(5);

	private final ArrowBodyReader reader;

	private final AdminSettings settings;

	private final AdminMetrics metrics;

	/**
	 * Creates the reader of grouped bodies.
	 * @param reader the guarded body reader
	 * @param settings the limits
	 * @param metrics receives the rows and bytes written
	 */
	public GroupedBodies(ArrowBodyReader reader, AdminSettings settings, AdminMetrics metrics) {
		this.reader = reader;
		this.settings = settings;
		this.metrics = metrics;
	}

	/**
	 * Reads a body and submits its batches.
	 * @param table the table identifier
	 * @param label what the body is, for progress logs
	 * @param body the request body
	 * @param submit submits the batches (they are released when it returns)
	 * @return the commit response, when the group commit is done
	 */
	public CompletableFuture<AdminModel.CommitResponse> submit(String table, String label, InputStream body,
			Function<List<VectorSchemaRoot>, CompletableFuture<WriteResult>> submit) {
		ArrowBodyReader.Upload upload = this.reader.upload(table, label);
		List<CompletableFuture<WriteResult>> submitted = new ArrayList<>(1);
		try (ArrowBodyReader.UploadSlot slot = this.reader.slot(table, SLOT_WAIT);
				BufferedBatches batches = new BufferedBatches(table)) {
			this.reader.read(upload, body, this.settings.maxRequestBytes(), new ArrowBodyReader.BatchSink() {

				@Override
				public long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
					return batches.add(root, dictionaries);
				}

				@Override
				public void end() {
					submitted.add(submit.apply(batches.roots()));
				}

				@Override
				public void release() {
					batches.close();
				}

			});
		}
		catch (IngestBusyException ex) {
			throw AdminException.busy(table, ex);
		}
		long started = System.nanoTime();
		return submitted.get(0).handle((result, failure) -> {
			Throwable cause = (failure instanceof CompletionException && failure.getCause() != null)
					? failure.getCause()
					: failure;
			if (cause instanceof IngestGroupException group) {
				this.metrics.aborted(table);
				throw AdminException.groupFailed(table, group.getMessage());
			}
			if (cause instanceof RuntimeException runtime) {
				throw runtime;
			}
			if (cause != null) {
				throw new CompletionException(cause);
			}
			this.metrics.written(table, upload.rows(), upload.bytes());
			this.metrics.committed(table, Duration.ofNanos(System.nanoTime() - started), result.committed());
			return new AdminModel.CommitResponse(result.committed(), result.snapshotId(),
					result.committed() ? result.rows() : 0);
		});
	}

}
