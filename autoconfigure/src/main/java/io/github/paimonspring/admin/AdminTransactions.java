package io.github.paimonspring.admin;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import io.github.paimonspring.PaimonException;
import io.github.paimonspring.arrow.ArrowFormatException;
import io.github.paimonspring.arrow.ArrowTypes;
import io.github.paimonspring.arrow.CheckedArrowStreamReader;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.catalog.TableDefinition;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.postpone.BucketPlan;
import io.github.paimonspring.postpone.BucketPlanException;
import io.github.paimonspring.postpone.PostponeFixedBucketCommitMessages;
import io.github.paimonspring.postpone.PostponeFixedBucketWriteBuilder;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.CommitUsers;
import io.github.paimonspring.write.PaimonArgumentException;
import io.github.paimonspring.write.PaimonWriter;
import io.github.paimonspring.write.TableCommit;
import io.github.paimonspring.write.WriteBuilder;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.types.DataField;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;

/**
 * The admin API's service: staged transactions (create, upload, commit, abort, expire), one-shot
 * uploads with idempotency keys, truncation and table metadata. Request bodies are streamed batch by
 * batch into Paimon writers; the heap never holds a whole body. A background reaper aborts idle and
 * old transactions, and closing the service aborts every open one.
 */
public class AdminTransactions implements DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(AdminTransactions.class);

	private static final String NAME_PATTERN = "[A-Za-z0-9_][A-Za-z0-9_-]{0,127}";

	/** Longest commit user or idempotency key accepted; both end up in snapshots, logs and responses. */
	static final int MAX_KEY_LENGTH = 256;

	/** Printable ASCII without spaces. */
	private static final String KEY_PATTERN = "[\\x21-\\x7e]+";

	/** Paimon's system database, never served. */
	private static final String SYSTEM_DATABASE = Catalog.SYSTEM_DATABASE_NAME;

	/** Longest failure message kept in a transaction view. */
	private static final int MAX_FAILURE_LENGTH = 1000;

	private final PaimonWriter writer;

	private final AdminSettings settings;

	private final AdminMetrics metrics;

	private final BufferAllocator allocator;

	private final Semaphore uploadSlots;

	private final ArrowMessageChecks messageChecks;

	private final Map<String, AdminTransaction> transactions = new ConcurrentHashMap<>();

	private final ScheduledExecutorService reaper;

	private final Map<String, KeyLock> keyLocks = new ConcurrentHashMap<>();

	/**
	 * Creates the service and starts its reaper.
	 * @param writer the writer to write through
	 * @param settings limits and timeouts
	 * @param metrics where to record what is written
	 */
	public AdminTransactions(PaimonWriter writer, AdminSettings settings, AdminMetrics metrics) {
		this.writer = writer;
		this.settings = settings;
		this.metrics = (metrics != null) ? metrics : AdminMetrics.NONE;
		this.allocator = new RootAllocator(settings.maxUploadMemory());
		this.uploadSlots = new Semaphore(settings.maxConcurrentUploads());
		this.messageChecks = new ArrowMessageChecks(settings.maxSchemaDepth(), settings.maxSchemaFields(),
				this.allocator.getRoundingPolicy()::getRoundedSize);
		this.reaper = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "paimon-admin-reaper");
			thread.setDaemon(true);
			return thread;
		});
		long period = Math.max(200, Math.min(30_000,
				Math.min(settings.idleTimeout().toMillis(), settings.maxLifetime().toMillis()) / 4));
		this.reaper.scheduleWithFixedDelay(this::expire, period, period, TimeUnit.MILLISECONDS);
	}

	// ------------------------------------------------------------------ tables

	/**
	 * Lists the tables of every database of the catalog.
	 * @return the tables
	 */
	public List<AdminModel.TableSummary> tables() {
		Catalog catalog = this.writer.tables().catalog();
		List<AdminModel.TableSummary> result = new ArrayList<>();
		for (String database : catalog.listDatabases()) {
			if (database.equalsIgnoreCase(SYSTEM_DATABASE)) {
				continue;
			}
			List<String> names;
			try {
				names = catalog.listTables(database);
			}
			catch (Catalog.DatabaseNotExistException ex) {
				continue;
			}
			for (String name : names) {
				Identifier identifier = Identifier.create(database, name);
				try {
					Table table = catalog.getTable(identifier);
					result.add(new AdminModel.TableSummary(beanName(identifier), identifier.getFullName(),
							table.primaryKeys(), table.partitionKeys(), bucket(table), latestSnapshot(table)));
				}
				catch (Catalog.TableNotExistException ex) {
					// dropped meanwhile
				}
			}
		}
		return result;
	}

	/**
	 * Describes one table with Paimon and Arrow types.
	 * @param database the database
	 * @param table the table
	 * @return the description
	 */
	public AdminModel.TableDetails table(String database, String table) {
		String identifier = identifier(database, table);
		Table resolved = this.writer.tables().getTable(identifier);
		List<AdminModel.FieldInfo> fields = new ArrayList<>();
		for (DataField field : resolved.rowType().getFields()) {
			fields.add(new AdminModel.FieldInfo(field.name(), field.type().asSQLString(),
					ArrowTypes.describe(ArrowTypes.toArrowField(field.name(), field.type()).getType()),
					field.type().isNullable()));
		}
		return new AdminModel.TableDetails(beanName(Identifier.fromString(identifier)), identifier, fields,
				resolved.primaryKeys(), resolved.partitionKeys(), bucket(resolved), resolved.options(),
				latestSnapshot(resolved));
	}

	/**
	 * Truncates a table or some of its partitions.
	 * @param database the database
	 * @param table the table
	 * @param request identifier, commit user and partitions (all optional)
	 * @return the outcome
	 */
	public AdminModel.TruncateResponse truncate(String database, String table, AdminModel.TruncateRequest request) {
		String identifier = identifier(database, table);
		AdminModel.TruncateRequest body = (request != null) ? request : new AdminModel.TruncateRequest(null, null, null);
		String user = (body.commitUser() != null) ? checkKey(identifier, "commitUser", body.commitUser())
				: CommitUsers.random();
		try (TableCommit commit = this.writer.newWriteBuilder(identifier, user).newCommit()) {
			CommitResult result;
			if (body.partitions() != null && !body.partitions().isEmpty()) {
				result = commit.truncatePartitions(body.partitions());
			}
			else if (body.identifier() != null) {
				result = commit.truncateTableWithIdentifier(body.identifier());
			}
			else {
				result = commit.truncateTable();
			}
			return new AdminModel.TruncateResponse(result.committed(), result.snapshotId());
		}
	}

	// ------------------------------------------------------------------ transactions

	/**
	 * Creates a transaction with its writer.
	 * @param database the database
	 * @param table the table
	 * @param request the mode, commit user, overwrite and bucket plan
	 * @return the new transaction
	 */
	public AdminModel.TransactionView create(String database, String table, AdminModel.TransactionRequest request) {
		String identifier = identifier(database, table);
		AdminModel.TransactionRequest body = (request != null) ? request
				: new AdminModel.TransactionRequest(null, null, null, null, null);
		String mode = (body.mode() != null) ? body.mode() : AdminTransaction.STANDARD;
		if (openTransactions() >= this.settings.maxOpenTransactions()) {
			throw new AdminException(AdminException.Kind.TOO_MANY_TRANSACTIONS, "Too many open transactions", identifier,
					"There are already " + this.settings.maxOpenTransactions()
							+ " open transactions (paimon.admin.max-open-transactions); commit or abort one first");
		}
		String user = (body.commitUser() != null) ? checkKey(identifier, "commitUser", body.commitUser())
				: CommitUsers.random();
		boolean overwrite = Boolean.TRUE.equals(body.overwrite());
		String id = UUID.randomUUID().toString();
		AdminTransaction transaction;
		if (mode.equals(AdminTransaction.STANDARD)) {
			if (body.bucketPlan() != null) {
				throw new PaimonArgumentException(identifier, "bucketPlan is only accepted in mode 'postpone-fixed-bucket'");
			}
			WriteBuilder builder = this.writer.newWriteBuilder(identifier, user);
			if (overwrite) {
				builder.withOverwrite(body.staticPartition());
			}
			else if (body.staticPartition() != null) {
				throw new PaimonArgumentException(identifier, "staticPartition requires \"overwrite\": true");
			}
			transaction = new AdminTransaction(id, identifier, user, new StandardWritePath(builder));
		}
		else if (mode.equals(AdminTransaction.POSTPONE_FIXED_BUCKET)) {
			if (body.staticPartition() != null) {
				throw new PaimonArgumentException(identifier,
						"staticPartition is not supported in mode 'postpone-fixed-bucket'; overwrite replaces the partitions that receive data");
			}
			PostponeFixedBucketWriteBuilder builder = this.writer.newPostponeFixedBucketWriteBuilder(identifier, user);
			if (overwrite) {
				builder.withOverwrite();
			}
			applyPlan(identifier, builder, body.bucketPlan());
			transaction = new AdminTransaction(id, identifier, user, new FixedBucketWritePath(builder));
		}
		else {
			throw new PaimonArgumentException(identifier,
					"mode must be 'standard' or 'postpone-fixed-bucket', got '" + LogText.abbreviate(mode) + "'");
		}
		this.transactions.put(id, transaction);
		forgetEnded();
		logger.info("Opened transaction {} on table '{}' (mode {}, commit user {})", id, identifier, mode,
				LogText.abbreviate(user));
		return view(transaction);
	}

	private static void applyPlan(String table, PostponeFixedBucketWriteBuilder builder,
			AdminModel.BucketPlanRequest plan) {
		if (plan == null || plan.isAuto()) {
			builder.withAutomaticBucketPlan();
			return;
		}
		if (plan.invalid() != null) {
			throw new BucketPlanException(table, plan.invalid());
		}
		Map<Map<String, String>, Integer> counts = new java.util.LinkedHashMap<>();
		for (AdminModel.PlanEntry entry : plan.entries()) {
			counts.put(entry.partition(), entry.totalBuckets());
		}
		builder.withBucketPlan(BucketPlan.of(counts));
	}

	/**
	 * Streams one Arrow IPC body into a transaction.
	 * @param id the transaction id
	 * @param body the request body
	 * @param contentLength the declared length, or -1
	 * @return what was read
	 */
	public AdminModel.UploadResult upload(String id, InputStream body, long contentLength) {
		AdminTransaction transaction = find(id);
		checkDeclaredLength(transaction.table, contentLength, this.settings.maxRequestBytes());
		lockOrConflict(transaction);
		try (UploadSlot slot = uploadSlot(transaction.table)) {
			requireOpen(transaction);
			long allowance = Math.min(this.settings.maxRequestBytes(),
					this.settings.maxTransactionBytes() - transaction.bytes);
			checkDeclaredLength(transaction.table, contentLength, allowance);
			Upload upload = new Upload(transaction.table, "transaction " + id);
			try {
				read(upload, body, allowance, transaction::write);
			}
			catch (RuntimeException ex) {
				if (upload.batchesWritten > 0) {
					transaction.state = TransactionState.FAILED;
					transaction.failure = LogText.abbreviate(ex.getMessage(), MAX_FAILURE_LENGTH);
					logger.warn("Transaction {} failed after {} batch(es): {}", id, upload.batchesWritten, ex.getMessage());
				}
				throw ex;
			}
			finally {
				transaction.lastActivity = Instant.now();
			}
			transaction.rows += upload.rows;
			transaction.bytes += upload.bytes;
			transaction.batches += upload.batches;
			this.metrics.written(transaction.table, upload.rows, upload.bytes);
			return new AdminModel.UploadResult(upload.rows, upload.bytes, upload.batches, transaction.rows);
		}
		finally {
			transaction.lock.unlock();
		}
	}

	/**
	 * Commits a transaction; repeating the commit of a committed transaction returns the same result.
	 * @param id the transaction id
	 * @param request identifier and filtering (optional)
	 * @return the outcome
	 */
	public AdminModel.CommitResponse commit(String id, AdminModel.CommitRequest request) {
		AdminTransaction transaction = find(id);
		lockOrConflict(transaction);
		try {
			if (transaction.state == TransactionState.COMMITTED) {
				return transaction.result;
			}
			requireOpen(transaction);
			Long identifier = (request != null) ? request.identifier() : null;
			checkIdentifier(transaction.table, identifier);
			boolean filter = request != null && Boolean.TRUE.equals(request.filterCommitted());
			transaction.state = TransactionState.COMMITTING;
			long started = System.nanoTime();
			CommitResult result;
			try {
				result = transaction.commit(identifier, filter);
			}
			catch (RuntimeException ex) {
				transaction.state = TransactionState.FAILED;
				transaction.failure = LogText.abbreviate(ex.getMessage(), MAX_FAILURE_LENGTH);
				this.metrics.aborted(transaction.table);
				throw ex;
			}
			this.metrics.committed(transaction.table, Duration.ofNanos(System.nanoTime() - started), result.committed());
			transaction.result = new AdminModel.CommitResponse(result.committed(), result.snapshotId(),
					result.committed() ? result.rowCount() : 0);
			transaction.state = TransactionState.COMMITTED;
			transaction.lastActivity = Instant.now();
			logger.info("Committed transaction {} on table '{}': {}", id, transaction.table, transaction.result);
			return transaction.result;
		}
		finally {
			transaction.lock.unlock();
		}
	}

	/**
	 * Prepares a transaction for a commit by a coordinator and returns its serialized commit messages;
	 * repeating it returns the same. A prepared transaction takes no more uploads; its files are
	 * committed with {@link #commitPrepared} (possibly on another instance) or deleted by abort (never
	 * once committed).
	 * @param id the transaction id
	 * @return the prepared commit, base64
	 */
	public AdminModel.PrepareResponse prepare(String id) {
		AdminTransaction transaction = find(id);
		lockOrConflict(transaction);
		try {
			if (transaction.state != TransactionState.PREPARED) {
				requireOpen(transaction);
			}
			byte[] bytes;
			try {
				bytes = transaction.prepare();
			}
			catch (RuntimeException ex) {
				transaction.state = TransactionState.FAILED;
				transaction.failure = LogText.abbreviate(ex.getMessage(), MAX_FAILURE_LENGTH);
				throw ex;
			}
			transaction.state = TransactionState.PREPARED;
			transaction.lastActivity = Instant.now();
			return new AdminModel.PrepareResponse(java.util.Base64.getEncoder().encodeToString(bytes));
		}
		finally {
			transaction.lock.unlock();
		}
	}

	/**
	 * Commits the prepared commits of one or more transactions (possibly of other instances) as one
	 * commit. With an identifier, a repeat is filtered; without one, messages whose files are all
	 * committed already are not committed again. Either way repeating the request commits nothing new.
	 * @param database the database
	 * @param table the table
	 * @param request the prepared commits, identifier and commit user
	 * @return the outcome
	 */
	public AdminModel.CommitResponse commitPrepared(String database, String table, AdminModel.PreparedCommitsRequest request) {
		String identifier = identifier(database, table);
		if (request == null || request.preparedCommits() == null || request.preparedCommits().isEmpty()) {
			throw new PaimonArgumentException(identifier, "preparedCommits must list at least one prepared commit");
		}
		List<byte[]> payloads = new ArrayList<>();
		for (String encoded : request.preparedCommits()) {
			try {
				payloads.add(java.util.Base64.getDecoder().decode(encoded));
			}
			catch (IllegalArgumentException ex) {
				throw new PaimonArgumentException(identifier, "preparedCommits must be base64 strings from /prepare");
			}
		}
		int kind = magic(payloads.get(0));
		for (byte[] payload : payloads) {
			if (magic(payload) != kind) {
				throw new PaimonArgumentException(identifier,
						"preparedCommits mix standard and postpone fixed-bucket transactions; commit them separately");
			}
		}
		checkIdentifier(identifier, request.identifier());
		if (request.commitUser() != null) {
			checkKey(identifier, "commitUser", request.commitUser());
		}
		long started = System.nanoTime();
		CommitResult result;
		List<WritePath.Prepared> merged = new ArrayList<>(1);
		try (WritePath path = (kind == PostponeFixedBucketCommitMessages.MAGIC)
				? FixedBucketWritePath.forPrepared(this.writer, identifier, payloads, request.commitUser(), merged)
				: StandardWritePath.forPrepared(this.writer, identifier, payloads, request.commitUser(), merged)) {
			WritePath.Prepared prepared = merged.get(0);
			if (request.identifier() != null) {
				result = prepared.commit(request.identifier(), true);
			}
			else {
				result = alreadyCommitted(identifier, prepared.committedFiles(), prepared.fileNames());
				if (result == null) {
					result = prepared.commit(null, false);
				}
			}
		}
		this.metrics.committed(identifier, Duration.ofNanos(System.nanoTime() - started), result.committed());
		logger.info("Committed {} prepared commit(s) on table '{}': {}", payloads.size(), identifier, result);
		return new AdminModel.CommitResponse(result.committed(), result.snapshotId(),
				result.committed() ? result.rowCount() : 0);
	}

	private CommitResult alreadyCommitted(String table, java.util.Set<String> committed, java.util.Set<String> files) {
		if (committed.isEmpty() || files.isEmpty()) {
			return null;
		}
		if (committed.containsAll(files)) {
			Long snapshot = latestSnapshot(this.writer.tables().getTable(table));
			return new CommitResult(false, snapshot, 0);
		}
		throw new AdminException(AdminException.Kind.CONFLICT, "Partly committed", table, "Some of the prepared files ("
				+ committed.size() + " of " + files.size() + ") are already committed to table '" + table
				+ "'; commit the same prepared commits with an identifier, or drop the committed ones");
	}

	private static int magic(byte[] payload) {
		return (payload.length < 4) ? 0 : java.nio.ByteBuffer.wrap(payload, 0, 4).getInt();
	}

	/**
	 * Aborts a transaction and deletes its files; repeating it is harmless.
	 * @param id the transaction id
	 * @return always aborted
	 */
	public AdminModel.AbortResponse abort(String id) {
		AdminTransaction transaction = find(id);
		lockOrConflict(transaction);
		try {
			if (transaction.state == TransactionState.COMMITTED) {
				throw new AdminException(AdminException.Kind.CONFLICT, "Transaction state conflict", transaction.table,
						"Transaction " + id + " is already committed and cannot be aborted");
			}
			if (transaction.state.isActive() || transaction.state == TransactionState.PREPARED) {
				end(transaction, TransactionState.ABORTED);
			}
			return new AdminModel.AbortResponse(true);
		}
		finally {
			transaction.lock.unlock();
		}
	}

	/**
	 * Returns a transaction.
	 * @param id the transaction id
	 * @return the transaction
	 */
	public AdminModel.TransactionView get(String id) {
		return view(find(id));
	}

	/**
	 * Lists the transactions, newest first (ended ones stay listed until their lifetime passes).
	 * @return the transactions
	 */
	public List<AdminModel.TransactionView> list() {
		return this.transactions.values().stream()
			.sorted(Comparator.comparing((AdminTransaction t) -> t.createdAt).reversed())
			.map(this::view)
			.toList();
	}

	/**
	 * Returns the number of transactions that hold a writer or uncommitted files.
	 * @return the count
	 */
	public int openTransactions() {
		return (int) this.transactions.values().stream().filter((t) -> t.state.isActive()).count();
	}

	// ------------------------------------------------------------------ one-shot uploads

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
	public AdminModel.CommitResponse uploadOnce(String database, String table, boolean overwrite, String idempotencyKey,
			InputStream body, long contentLength) {
		String identifier = identifier(database, table);
		checkDeclaredLength(identifier, contentLength, this.settings.maxRequestBytes());
		if (idempotencyKey != null) {
			checkKey(identifier, "Idempotency-Key", idempotencyKey);
		}
		try (UploadSlot slot = uploadSlot(identifier)) {
			return uploadOnceWithKey(identifier, overwrite, idempotencyKey, body);
		}
	}

	private AdminModel.CommitResponse uploadOnceWithKey(String identifier, boolean overwrite, String idempotencyKey,
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

	private AdminModel.CommitResponse uploadOnce(String identifier, boolean overwrite, String idempotencyKey, String user,
			InputStream body) {
		Table resolved = this.writer.tables().getTable(identifier);
		long identifierOfKey = 1;
		Upload upload = new Upload(identifier, "one-shot upload");
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
				read(upload, body, this.settings.maxRequestBytes(), writer::write);
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
		if (overwrite) {
			builder.withOverwrite();
		}
		return new StandardWritePath(builder);
	}

	private WritePath fixedBucketPath(String table, String user, boolean overwrite) {
		PostponeFixedBucketWriteBuilder builder = this.writer.newPostponeFixedBucketWriteBuilder(table, user)
			.withAutomaticBucketPlan();
		if (overwrite) {
			builder.withOverwrite();
		}
		return new FixedBucketWritePath(builder);
	}

	private static boolean isPostpone(Table table) {
		return table instanceof FileStoreTable fileStoreTable && !table.primaryKeys().isEmpty()
				&& fileStoreTable.coreOptions().bucket() == -2
				&& table.primaryKeys().containsAll(table.partitionKeys())
				&& !fileStoreTable.coreOptions().deletionVectorsEnabled();
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

	// ------------------------------------------------------------------ reading bodies

	@FunctionalInterface
	private interface BatchSink {

		long write(VectorSchemaRoot root, DictionaryProvider dictionaries);

	}

	/** Counters of one request body. */
	private final class Upload {

		final String table;

		final String label;

		final long started = System.nanoTime();

		long nextLog;

		long rows;

		long bytes;

		long batches;

		long batchesWritten;

		Upload(String table, String label) {
			this.table = table;
			this.label = label;
			this.nextLog = this.started + AdminTransactions.this.settings.progressInterval().toNanos();
		}

		void progress(ArrowIpcGuard guard) {
			this.bytes = guard.bytesRead();
			long now = System.nanoTime();
			if (now >= this.nextLog) {
				this.nextLog = now + AdminTransactions.this.settings.progressInterval().toNanos();
				double seconds = (now - this.started) / 1e9;
				double megabytes = this.bytes / 1048576.0;
				logger.info(String.format(java.util.Locale.ROOT,
						"Upload to table '%s' (%s): %,d rows, %,.1f MB in %.0f s (%,.1f MB/s, %,.0f rows/s)", this.table,
						this.label, this.rows, megabytes, seconds, megabytes / seconds, this.rows / seconds));
			}
		}

	}

	private void read(Upload upload, InputStream body, long limit, BatchSink sink) {
		long[] lastNeed = { 0 };
		try (BufferAllocator child = this.allocator.newChildAllocator("upload", 0, this.settings.maxBatchMemory());
				ArrowIpcGuard guard = new ArrowIpcGuard(body, this.settings.maxMetadataBytes(), limit, this.messageChecks,
						(index, bytes) -> {
							lastNeed[0] = bytes;
							requireMemory(child, index, bytes);
						});
				ArrowStreamReader reader = new CheckedArrowStreamReader(guard, child, upload.table)) {
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
					throw readFailure(upload.table, "Cannot read Arrow batch " + upload.batches, ex, lastNeed[0]);
				}
				if (!loaded) {
					break;
				}
				upload.batches++;
				long rows = sink.write(root, reader);
				if (rows > 0) {
					upload.batchesWritten++;
				}
				upload.rows += rows;
				upload.progress(guard);
				// release the batch's buffers before the next one is announced, so that they are not counted twice
				root.clear();
			}
			upload.bytes = guard.bytesRead();
		}
		catch (IOException ex) {
			throw readFailure(upload.table, "Cannot read the request body", ex, lastNeed[0]);
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

	/** Refuses a batch that can never fit this upload's memory (413) or does not fit the shared memory now (503). */
	private void requireMemory(BufferAllocator upload, long index, long bytes) throws IOException {
		long own = upload.getLimit() - upload.getAllocatedMemory();
		if (bytes > own) {
			throw new ArrowIpcGuard.UploadLimitException("Arrow IPC message " + index + " needs up to " + bytes
					+ " bytes of Arrow memory, more than the " + own + " bytes this upload may use"
					+ " (paimon.admin.max-batch-memory is " + upload.getLimit() + "); send smaller batches", upload.getLimit());
		}
		long shared = this.allocator.getLimit() - this.allocator.getAllocatedMemory();
		if (bytes > shared) {
			throw new ArrowIpcGuard.UploadBusyException("Arrow IPC message " + index + " needs up to " + bytes
					+ " bytes of Arrow memory but only " + Math.max(0, shared)
					+ " bytes of paimon.admin.max-upload-memory are free now; retry later");
		}
	}

	private static PaimonException readFailure(String table, String what, Throwable ex, long lastNeed) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof PaimonException paimon) {
				return paimon;
			}
			if (cause instanceof ArrowIpcGuard.UploadLimitException limit) {
				return new AdminException(AdminException.Kind.PAYLOAD_TOO_LARGE, "Payload too large", table, limit.getMessage()
						+ " (paimon.admin.max-request-size / max-transaction-size / max-batch-memory)");
			}
			if (cause instanceof ArrowIpcGuard.UploadBusyException busy) {
				return AdminException.busy(table, busy.getMessage());
			}
			if (cause instanceof OutOfMemoryException) {
				// the budget was checked before allocating; another upload took the memory in between
				return AdminException.busy(table, "The Arrow memory of paimon.admin.max-upload-memory is in use by other uploads"
						+ " (a batch needs up to " + lastNeed + " bytes); retry later");
			}
			if (cause instanceof ArrowIpcGuard.ArrowFramingException framing) {
				return new ArrowFormatException(table, what + " for table '" + table + "': " + framing.getMessage(), null);
			}
		}
		return new ArrowFormatException(table,
				what + " for table '" + table + "': " + LogText.abbreviate(String.valueOf(ex.getMessage())), ex);
	}

	private UploadSlot uploadSlot(String table) {
		if (!this.uploadSlots.tryAcquire()) {
			throw AdminException.busy(table, "All " + this.settings.maxConcurrentUploads()
					+ " upload slots are in use (paimon.admin.max-concurrent-uploads); retry later");
		}
		return this.uploadSlots::release;
	}

	/** A permit of the concurrent-upload limit, released on close. */
	@FunctionalInterface
	private interface UploadSlot extends AutoCloseable {

		@Override
		void close();

	}

	private static String checkKey(String table, String name, String value) {
		if (value.isEmpty() || value.length() > MAX_KEY_LENGTH || !value.matches(KEY_PATTERN)) {
			throw new PaimonArgumentException(table, name + " must be 1 to " + MAX_KEY_LENGTH
					+ " printable ASCII characters without spaces, got " + value.length() + " character(s) starting '"
					+ LogText.abbreviate(value, 32) + "'");
		}
		return value;
	}

	private static void checkIdentifier(String table, Long identifier) {
		if (identifier != null && (identifier < 0 || identifier == Long.MAX_VALUE)) {
			throw new PaimonArgumentException(table,
					"identifier must be between 0 and " + (Long.MAX_VALUE - 1) + ", got " + identifier);
		}
	}

	private static void checkDeclaredLength(String table, long contentLength, long limit) {
		if (contentLength > limit) {
			throw new AdminException(AdminException.Kind.PAYLOAD_TOO_LARGE, "Payload too large", table,
					"Request body of " + contentLength + " bytes exceeds the limit of " + limit
							+ " bytes (paimon.admin.max-request-size / max-transaction-size)");
		}
	}

	// ------------------------------------------------------------------ life cycle

	private AdminTransaction find(String id) {
		AdminTransaction transaction = (id != null) ? this.transactions.get(id) : null;
		if (transaction == null) {
			throw new AdminException(AdminException.Kind.NOT_FOUND, "Unknown transaction", null,
					"Transaction '" + id + "' does not exist (it may have ended longer than paimon.admin.max-lifetime ago)");
		}
		return transaction;
	}

	private static void lockOrConflict(AdminTransaction transaction) {
		if (!transaction.lock.tryLock()) {
			throw new AdminException(AdminException.Kind.CONFLICT, "Transaction busy", transaction.table, "Transaction "
					+ transaction.id + " is busy with another upload or commit; requests of one transaction are serialized");
		}
	}

	private static void requireOpen(AdminTransaction transaction) {
		if (transaction.state != TransactionState.OPEN) {
			String reason = (transaction.failure != null) ? ": " + transaction.failure : "";
			throw new AdminException(AdminException.Kind.CONFLICT, "Transaction state conflict", transaction.table,
					"Transaction " + transaction.id + " is " + transaction.state
							+ ((transaction.state == TransactionState.FAILED) ? "; abort it" : "") + reason);
		}
	}

	private void end(AdminTransaction transaction, TransactionState state) {
		try {
			transaction.discard();
		}
		catch (RuntimeException ex) {
			logger.warn("Discarding transaction {} on '{}' failed: {}", transaction.id, transaction.table, ex.getMessage());
		}
		transaction.state = state;
		transaction.lastActivity = Instant.now();
		this.metrics.aborted(transaction.table);
		logger.info("Transaction {} on table '{}' {}", transaction.id, transaction.table, state);
	}

	/** Forgets the oldest ended transactions beyond paimon.admin.max-ended-transactions. */
	private void forgetEnded() {
		List<AdminTransaction> ended = this.transactions.values().stream()
			.filter((t) -> !t.state.isActive())
			.sorted(Comparator.comparing((AdminTransaction t) -> t.lastActivity))
			.toList();
		for (int i = 0; i < ended.size() - this.settings.maxEndedTransactions(); i++) {
			this.transactions.remove(ended.get(i).id);
		}
	}

	/** Aborts idle and old transactions; forgets ended ones after their lifetime. */
	void expire() {
		forgetEnded();
		Instant now = Instant.now();
		for (AdminTransaction transaction : this.transactions.values()) {
			boolean idle = transaction.lastActivity.plus(this.settings.idleTimeout()).isBefore(now);
			boolean old = transaction.createdAt.plus(this.settings.maxLifetime()).isBefore(now);
			if ((transaction.state == TransactionState.OPEN || transaction.state == TransactionState.FAILED)
					&& (idle || old) && transaction.lock.tryLock()) {
				try {
					if (transaction.state == TransactionState.OPEN || transaction.state == TransactionState.FAILED) {
						end(transaction, TransactionState.EXPIRED);
					}
				}
				finally {
					transaction.lock.unlock();
				}
			}
			else if (!transaction.state.isActive()
					&& transaction.lastActivity.plus(this.settings.maxLifetime()).isBefore(now)) {
				this.transactions.remove(transaction.id);
			}
		}
	}

	/** The Arrow memory uploads hold now, in bytes. */
	long arrowMemoryAllocated() {
		return this.allocator.getAllocatedMemory();
	}

	/** The most Arrow memory uploads have held at once, in bytes. */
	long arrowMemoryPeak() {
		return this.allocator.getPeakMemoryAllocation();
	}

	/**
	 * Stops the reaper and aborts every open transaction.
	 */
	@Override
	public void destroy() {
		this.reaper.shutdownNow();
		for (AdminTransaction transaction : this.transactions.values()) {
			if (transaction.state.isActive()) {
				transaction.lock.lock();
				try {
					end(transaction, TransactionState.ABORTED);
				}
				finally {
					transaction.lock.unlock();
				}
			}
		}
		this.allocator.close();
	}

	private AdminModel.TransactionView view(AdminTransaction t) {
		Instant now = Instant.now();
		Instant idle = t.lastActivity.plus(this.settings.idleTimeout());
		Instant life = t.createdAt.plus(this.settings.maxLifetime());
		return new AdminModel.TransactionView(t.id, t.table, t.mode, t.commitUser, t.state.name(), t.rows, t.bytes,
				t.batches, t.createdAt, idle.isBefore(life) ? idle : life, Duration.between(t.createdAt, now).toMillis(),
				t.failure, (t.result != null) ? t.result.snapshotId() : null);
	}

	// ------------------------------------------------------------------ names

	private String identifier(String database, String table) {
		for (String[] segment : new String[][] { { "database", database }, { "table", table } }) {
			if (segment[1] == null || !segment[1].matches(NAME_PATTERN)) {
				throw new PaimonArgumentException(null, "Invalid " + segment[0] + " name '" + segment[1]
						+ "': use letters, digits, '_' and '-' (at most 128, not starting with '-')");
			}
		}
		if (database.equalsIgnoreCase(SYSTEM_DATABASE)) {
			throw new TableNotFoundException(database + "." + table,
					"The system database '" + SYSTEM_DATABASE + "' is not served by the admin API");
		}
		String identifier = database + "." + table;
		try {
			this.writer.tables().catalog().getTable(Identifier.create(database, table));
		}
		catch (Catalog.TableNotExistException ex) {
			throw new TableNotFoundException(identifier, "Table '" + identifier + "' does not exist in the catalog");
		}
		return identifier;
	}

	private String beanName(Identifier identifier) {
		PaimonTables tables = this.writer.tables();
		for (Map.Entry<String, TableDefinition> entry : tables.definitions().entrySet()) {
			if (identifier.getFullName().equals(entry.getValue().identifier())) {
				return entry.getKey();
			}
		}
		return identifier.getFullName();
	}

	private static int bucket(Table table) {
		return (table instanceof FileStoreTable fileStoreTable) ? fileStoreTable.coreOptions().bucket()
				: Integer.parseInt(table.options().getOrDefault("bucket", "-1"));
	}

	private static Long latestSnapshot(Table table) {
		if (table instanceof FileStoreTable fileStoreTable) {
			return fileStoreTable.snapshotManager().latestSnapshotIdFromFileSystem();
		}
		return null;
	}

}
