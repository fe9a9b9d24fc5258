package io.github.paimonspring.admin;

import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.postpone.BucketPlan;
import io.github.paimonspring.postpone.PostponeFixedBucketWriteBuilder;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.CommitUsers;
import io.github.paimonspring.write.PaimonArgumentException;
import io.github.paimonspring.write.WriteBuilder;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;

/**
 * The admin API's staged transactions: create, upload, commit, prepare for a coordinator, commit
 * prepared commits, abort, inspect, and expire. Request bodies are read by the
 * {@link ArrowBodyReader}; the state of each transaction is kept by its {@link AdminTransaction}.
 * Ended transactions stay listed for inspection up to a count and a lifetime. Idle and old
 * transactions are expired by {@link #expire()}, which the {@link TransactionReaper} calls
 * periodically; destroying the service aborts every open transaction.
 */
public class AdminTransactions implements DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(AdminTransactions.class);

	private final PaimonOperations writer;

	private final AdminSettings settings;

	private final AdminMetrics metrics;

	private final AdminTables tables;

	private final ArrowBodyReader reader;

	private final Map<String, AdminTransaction> transactions = new ConcurrentHashMap<>();

	/**
	 * Creates the service.
	 * @param writer the writer to write through
	 * @param settings limits and timeouts
	 * @param metrics where to record what is written, or {@code null}
	 * @param tables the name check
	 * @param reader the reader of request bodies
	 */
	public AdminTransactions(PaimonOperations writer, AdminSettings settings, @Nullable AdminMetrics metrics, AdminTables tables,
			ArrowBodyReader reader) {
		this.writer = writer;
		this.settings = settings;
		this.metrics = (metrics != null) ? metrics : AdminMetrics.NONE;
		this.tables = tables;
		this.reader = reader;
	}

	/**
	 * Creates a transaction with its writer.
	 * @param database the database
	 * @param table the table
	 * @param request the mode, commit user, overwrite and bucket plan
	 * @return the new transaction
	 */
	public AdminModel.TransactionView create(String database, String table, AdminModel.@Nullable TransactionRequest request) {
		String identifier = this.tables.identifier(database, table);
		AdminModel.TransactionRequest body = (request != null) ? request
				: new AdminModel.TransactionRequest(null, null, null, null, null);
		String mode = (body.mode() != null) ? body.mode() : AdminTransaction.STANDARD;
		if (openTransactions() >= this.settings.maxOpenTransactions()) {
			throw new AdminException(AdminException.Kind.TOO_MANY_TRANSACTIONS, "Too many open transactions", identifier,
					"There are already " + this.settings.maxOpenTransactions()
							+ " open transactions (paimon.admin.max-open-transactions); commit or abort one first");
		}
		String user = (body.commitUser() != null) ? AdminArguments.checkKey(identifier, "commitUser", body.commitUser())
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
			transaction = new AdminTransaction(id, identifier, user, new FamilyWritePath<>(mode, builder));
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
			BucketPlan plan = AdminArguments.bucketPlan(identifier, body.bucketPlan());
			if (plan != null) {
				builder.withBucketPlan(plan);
			}
			else {
				builder.withAutomaticBucketPlan();
			}
			transaction = new AdminTransaction(id, identifier, user, new FamilyWritePath<>(mode, builder));
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

	/**
	 * Streams one Arrow IPC body into a transaction.
	 * @param id the transaction id
	 * @param body the request body
	 * @param contentLength the declared length, or -1
	 * @return what was read
	 */
	public AdminModel.UploadResult upload(String id, InputStream body, long contentLength) {
		AdminTransaction transaction = find(id);
		ArrowBodyReader.checkDeclaredLength(transaction.table, contentLength, this.settings.maxRequestBytes());
		transaction.lockOrConflict();
		try (ArrowBodyReader.UploadSlot slot = this.reader.slot(transaction.table)) {
			transaction.requireOpen();
			long allowance = Math.min(this.settings.maxRequestBytes(),
					this.settings.maxTransactionBytes() - transaction.bytes());
			ArrowBodyReader.checkDeclaredLength(transaction.table, contentLength, allowance);
			ArrowBodyReader.Upload upload = this.reader.upload(transaction.table, "transaction " + id);
			try {
				this.reader.read(upload, body, allowance, transaction::write);
			}
			catch (RuntimeException ex) {
				transaction.uploadFailed(ex, upload.batchesWritten);
				throw ex;
			}
			finally {
				transaction.touch();
			}
			transaction.uploaded(upload.rows, upload.bytes, upload.batches);
			this.metrics.written(transaction.table, upload.rows, upload.bytes);
			return new AdminModel.UploadResult(upload.rows, upload.bytes, upload.batches, transaction.rows());
		}
		finally {
			transaction.unlock();
		}
	}

	/**
	 * Commits a transaction; repeating the commit of a committed transaction returns the same result.
	 * An invalid identifier is refused and leaves the transaction open.
	 * @param id the transaction id
	 * @param request identifier and filtering (optional)
	 * @return the outcome
	 */
	public AdminModel.CommitResponse commit(String id, AdminModel.@Nullable CommitRequest request) {
		AdminTransaction transaction = find(id);
		transaction.lockOrConflict();
		try {
			AdminModel.CommitResponse done = transaction.committedResult();
			if (done != null) {
				return done;
			}
			transaction.requireOpen();
			Long identifier = (request != null) ? request.identifier() : null;
			AdminArguments.checkIdentifier(transaction.table, identifier);
			boolean filter = request != null && Boolean.TRUE.equals(request.filterCommitted());
			long started = System.nanoTime();
			AdminModel.CommitResponse response;
			try {
				response = transaction.commit(identifier, filter);
			}
			catch (RuntimeException ex) {
				this.metrics.aborted(transaction.table);
				throw ex;
			}
			this.metrics.committed(transaction.table, Duration.ofNanos(System.nanoTime() - started), response.committed());
			return response;
		}
		finally {
			transaction.unlock();
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
		transaction.lockOrConflict();
		try {
			return new AdminModel.PrepareResponse(Base64.getEncoder().encodeToString(transaction.prepare()));
		}
		finally {
			transaction.unlock();
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
		String identifier = this.tables.identifier(database, table);
		List<byte[]> payloads = AdminArguments.preparedCommits(identifier,
				(request != null) ? request.preparedCommits() : null);
		int kind = AdminArguments.magic(payloads.get(0));
		AdminArguments.checkIdentifier(identifier, request.identifier());
		if (request.commitUser() != null) {
			AdminArguments.checkKey(identifier, "commitUser", request.commitUser());
		}
		long started = System.nanoTime();
		CommitResult result;
		List<WritePath.Prepared> merged = new ArrayList<>(1);
		try (WritePath path = FamilyWritePath.forPrepared(this.writer, identifier, kind, payloads, request.commitUser(),
				merged)) {
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

	private @Nullable CommitResult alreadyCommitted(String table, Set<String> committed, Set<String> files) {
		if (committed.isEmpty() || files.isEmpty()) {
			return null;
		}
		if (committed.containsAll(files)) {
			return new CommitResult(false, this.tables.latestSnapshot(table), 0);
		}
		throw new AdminException(AdminException.Kind.CONFLICT, "Partly committed", table, "Some of the prepared files ("
				+ committed.size() + " of " + files.size() + ") are already committed to table '" + table
				+ "'; commit the same prepared commits with an identifier, or drop the committed ones");
	}

	/**
	 * Aborts a transaction and deletes its files; repeating it is harmless.
	 * @param id the transaction id
	 * @return always aborted
	 */
	public AdminModel.AbortResponse abort(String id) {
		AdminTransaction transaction = find(id);
		transaction.lockOrConflict();
		try {
			if (transaction.abort()) {
				this.metrics.aborted(transaction.table);
			}
			return new AdminModel.AbortResponse(true);
		}
		finally {
			transaction.unlock();
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
		return (int) this.transactions.values().stream().filter((t) -> t.state().isActive()).count();
	}

	private AdminTransaction find(String id) {
		AdminTransaction transaction = (id != null) ? this.transactions.get(id) : null;
		if (transaction == null) {
			throw new AdminException(AdminException.Kind.NOT_FOUND, "Unknown transaction", null,
					"Transaction '" + id + "' does not exist (it may have ended longer than paimon.admin.max-lifetime ago)");
		}
		return transaction;
	}

	/** Forgets the oldest ended transactions beyond paimon.admin.max-ended-transactions. */
	private void forgetEnded() {
		List<AdminTransaction> ended = this.transactions.values().stream()
			.filter((t) -> !t.state().isActive())
			.sorted(Comparator.comparing(AdminTransaction::lastActivity))
			.toList();
		for (int i = 0; i < ended.size() - this.settings.maxEndedTransactions(); i++) {
			this.transactions.remove(ended.get(i).id);
		}
	}

	/**
	 * Expires open (or failed) transactions that were idle longer than the idle timeout or are older
	 * than the lifetime, and forgets ended ones after their lifetime.
	 */
	public void expire() {
		forgetEnded();
		Instant now = Instant.now();
		for (AdminTransaction transaction : this.transactions.values()) {
			if (transaction.isDue(now, this.settings.idleTimeout(), this.settings.maxLifetime()) && transaction.tryLock()) {
				try {
					if (transaction.expire()) {
						this.metrics.aborted(transaction.table);
					}
				}
				finally {
					transaction.unlock();
				}
			}
			else if (!transaction.state().isActive()
					&& transaction.lastActivity().plus(this.settings.maxLifetime()).isBefore(now)) {
				this.transactions.remove(transaction.id);
			}
		}
	}

	/**
	 * Aborts every open transaction.
	 */
	@Override
	public void destroy() {
		for (AdminTransaction transaction : this.transactions.values()) {
			if (transaction.state().isActive()) {
				transaction.lock();
				try {
					if (transaction.abortIfActive()) {
						this.metrics.aborted(transaction.table);
					}
				}
				finally {
					transaction.unlock();
				}
			}
		}
	}

	private AdminModel.TransactionView view(AdminTransaction transaction) {
		return transaction.view(this.settings.idleTimeout(), this.settings.maxLifetime());
	}

}
