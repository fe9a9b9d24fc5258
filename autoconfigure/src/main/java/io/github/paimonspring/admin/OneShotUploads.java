package io.github.paimonspring.admin;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.postpone.PostponeFixedBucketWriteBuilder;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.CommitUsers;
import io.github.paimonspring.write.WriteBuilder;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.jspecify.annotations.Nullable;

/**
 * One-shot uploads of the admin API: one Arrow IPC body written and committed in one request. With
 * an idempotency key the body is committed at most once: the key becomes the commit user (hashed)
 * and the commit identifier 1, requests with one key run one at a time, and a repeat commits nothing
 * and returns the first snapshot. Tables in postpone-bucket mode are written with automatically
 * planned fixed buckets.
 */
public class OneShotUploads {

	private final PaimonOperations writer;

	private final AdminSettings settings;

	private final AdminMetrics metrics;

	private final AdminTables tables;

	private final ArrowBodyReader reader;

	private final GroupedBodies grouped;

	private final Map<String, KeyLock> keyLocks = new ConcurrentHashMap<>();

	/**
	 * Creates the service.
	 * @param writer the writer to write through
	 * @param settings limits
	 * @param metrics where to record what is written, or {@code null}
	 * @param tables the name check
	 * @param reader the reader of request bodies
	 */
	public OneShotUploads(PaimonOperations writer, AdminSettings settings, @Nullable AdminMetrics metrics, AdminTables tables,
			ArrowBodyReader reader) {
		this.writer = writer;
		this.settings = settings;
		this.metrics = (metrics != null) ? metrics : AdminMetrics.NONE;
		this.tables = tables;
		this.reader = reader;
		this.grouped = new GroupedBodies(reader, settings, this.metrics);
	}

	/**
	 * Writes and commits one Arrow IPC body. With an idempotency key, the body is committed once: a
	 * repeat with the same key commits nothing and returns the first snapshot.
	 * @param database the database
	 * @param table the table
	 * @param overwrite whether to overwrite the partitions that receive data
	 * @param idempotencyKey the key, or {@code null}
	 * @param body the request body
	 * @param contentLength the declared length, or -1
	 * @return the outcome
	 */
	public AdminModel.CommitResponse uploadOnce(String database, String table, boolean overwrite,
			@Nullable String idempotencyKey, InputStream body, long contentLength) {
		String identifier = this.tables.identifier(database, table);
		ArrowBodyReader.checkDeclaredLength(identifier, contentLength, this.settings.maxRequestBytes());
		if (idempotencyKey != null) {
			AdminArguments.checkKey(identifier, "Idempotency-Key", idempotencyKey);
		}
		try (ArrowBodyReader.UploadSlot slot = this.reader.slot(identifier)) {
			return uploadOnceWithKey(identifier, overwrite, idempotencyKey, body);
		}
	}

	/**
	 * Writes and commits one Arrow IPC body like {@link #uploadOnce}, through the table's group commit
	 * when the body is small and does not overwrite: the body is read and validated as a whole first,
	 * then its rows join the table's current group, and the answer comes with the group's commit.
	 * @param database the database
	 * @param table the table
	 * @param overwrite whether to overwrite the partitions that receive data (never grouped)
	 * @param idempotencyKey the key, or {@code null}
	 * @param body the request body
	 * @param contentLength the declared length, or -1 (never grouped)
	 * @return the outcome, when the commit that contains the body is done
	 */
	public CompletableFuture<AdminModel.CommitResponse> upload(String database, String table, boolean overwrite,
			@Nullable String idempotencyKey, InputStream body, long contentLength) {
		if (overwrite || contentLength < 0 || contentLength > this.settings.maxGroupedRequestBytes()) {
			return CompletableFuture.completedFuture(
					uploadOnce(database, table, overwrite, idempotencyKey, body, contentLength));
		}
		String identifier = this.tables.identifier(database, table);
		ArrowBodyReader.checkDeclaredLength(identifier, contentLength, this.settings.maxRequestBytes());
		if (idempotencyKey != null) {
			AdminArguments.checkKey(identifier, "Idempotency-Key", idempotencyKey);
		}
		return this.grouped.submit(identifier, "grouped upload", body,
				(batches) -> this.writer.ingest(identifier, batches, idempotencyKey));
	}

	private AdminModel.CommitResponse uploadOnceWithKey(String identifier, boolean overwrite, @Nullable String idempotencyKey,
			InputStream body) {
		if (idempotencyKey == null) {
			return uploadOnce(identifier, overwrite, null, CommitUsers.random(), body);
		}
		// requests with one key run one at a time: a retry that arrives while the first request is still
		// writing waits for it and then finds its snapshot, instead of committing the body a second time
		String user = idempotencyUser(identifier, idempotencyKey);
		KeyLock lock = this.keyLocks.compute(user, (key, existing) -> {
			KeyLock result = (existing != null) ? existing : new KeyLock();
			result.holders++;
			return result;
		});
		lock.lock.lock();
		try {
			return uploadOnce(identifier, overwrite, idempotencyKey, user, body);
		}
		finally {
			lock.lock.unlock();
			this.keyLocks.compute(user, (key, existing) -> (--existing.holders == 0) ? null : existing);
		}
	}

	private AdminModel.CommitResponse uploadOnce(String identifier, boolean overwrite, @Nullable String idempotencyKey, String user,
			InputStream body) {
		Table resolved = this.writer.tables().getTable(identifier);
		long identifierOfKey = 1;
		ArrowBodyReader.Upload upload = this.reader.upload(identifier, "one-shot upload");
		long started;
		CommitResult result;
		try (WritePath path = isPostpone(resolved) ? fixedBucketPath(identifier, user, overwrite)
				: standardPath(identifier, user, overwrite)) {
			OptionalLong done = (idempotencyKey != null) ? path.committedSnapshot(identifierOfKey) : OptionalLong.empty();
			if (done.isPresent()) {
				return new AdminModel.CommitResponse(false, done.getAsLong(), 0);
			}
			WritePath.Prepared prepared;
			try (WritePath.Writer writer = path.open()) {
				this.reader.read(upload, body, this.settings.maxRequestBytes(), writer::write);
				prepared = writer.prepare();
			}
			started = System.nanoTime();
			try {
				result = prepared.commit((idempotencyKey != null) ? identifierOfKey : null, true);
				if (!result.committed()) {
					prepared.abort();
				}
			}
			catch (RuntimeException ex) {
				prepared.abort();
				this.metrics.aborted(identifier);
				throw ex;
			}
		}
		this.metrics.written(identifier, upload.rows, upload.bytes);
		this.metrics.committed(identifier, Duration.ofNanos(System.nanoTime() - started), result.committed());
		return new AdminModel.CommitResponse(result.committed(), result.snapshotId(),
				result.committed() ? result.rowCount() : 0);
	}

	/** Serializes the one-shot uploads of one idempotency key; {@code holders} is only changed in {@code compute}. */
	private static final class KeyLock {

		final ReentrantLock lock = new ReentrantLock();

		int holders;

	}

	private WritePath standardPath(String table, String user, boolean overwrite) {
		WriteBuilder builder = this.writer.newWriteBuilder(table, user);
		return new FamilyWritePath<>(AdminTransaction.STANDARD, overwrite ? builder.withOverwrite() : builder);
	}

	private WritePath fixedBucketPath(String table, String user, boolean overwrite) {
		PostponeFixedBucketWriteBuilder builder = this.writer.newPostponeFixedBucketWriteBuilder(table, user)
			.withAutomaticBucketPlan();
		return new FamilyWritePath<>(AdminTransaction.POSTPONE_FIXED_BUCKET, overwrite ? builder.withOverwrite() : builder);
	}

	private static boolean isPostpone(Table table) {
		return table instanceof FileStoreTable fileStoreTable && PostponeFixedBucketWriteBuilder.supports(fileStoreTable);
	}

	/** The commit user of an idempotency key: a hash, so any key is a safe file name segment. */
	static String idempotencyUser(String table, String key) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256")
				.digest((table + "\n" + key).getBytes(StandardCharsets.UTF_8));
			return "upload-" + HexFormat.of().formatHex(digest, 0, 20);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
