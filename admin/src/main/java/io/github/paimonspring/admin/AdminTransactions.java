package io.github.paimonspring.admin;

import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.admin.body.ArrowBodyReader;
import io.github.paimonspring.admin.model.AdminArguments;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.admin.model.LogText;
import io.github.paimonspring.admin.transaction.AdminTransaction;
import io.github.paimonspring.admin.transaction.PreparedCommits;
import io.github.paimonspring.admin.transaction.RecordedTransactions;
import io.github.paimonspring.admin.transaction.TransactionJournal;
import io.github.paimonspring.admin.transaction.TransactionOpener;
import io.github.paimonspring.core.PaimonOperations;
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
 * periodically; destroying the service aborts every open transaction. With a
 * {@link TransactionJournal}, every state change is recorded in the shared store, so a transaction is
 * answered for by every instance and after a restart (a dead instance's transaction as
 * {@code ABORTED}); requests that write are refused (409) by instances that do not hold its writer.
 */
public class AdminTransactions implements DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(AdminTransactions.class);

	private final PaimonOperations writer;

	private final AdminSettings settings;

	private final AdminMetrics metrics;

	private final AdminTables tables;

	private final ArrowBodyReader reader;

	private final Map<String, AdminTransaction> transactions = new ConcurrentHashMap<>();

	private final PreparedCommits preparedCommits;

	private final RecordedTransactions recorded;

	/**
	 * Creates the service.
	 * @param writer the writer to write through
	 * @param settings limits and timeouts
	 * @param metrics where to record what is written, or {@code null}
	 * @param tables the name check
	 * @param reader the reader of request bodies
	 */
	public AdminTransactions(PaimonOperations writer, AdminSettings settings, @Nullable AdminMetrics metrics,
			AdminTables tables,
			ArrowBodyReader reader) {
		this(writer, settings, metrics, tables, reader, null);
	}

	/**
	 * Creates the service with durable transaction state.
	 * @param writer the writer to write through
	 * @param settings limits and timeouts
	 * @param metrics where to record what is written, or {@code null}
	 * @param tables the name check
	 * @param reader the reader of request bodies
	 * @param journal where every state change is recorded for all instances, or {@code null}
	 */
	public AdminTransactions(PaimonOperations writer, AdminSettings settings, @Nullable AdminMetrics metrics,
			AdminTables tables,
			ArrowBodyReader reader, @Nullable TransactionJournal journal) {
		this.writer = writer;
		this.settings = settings;
		this.metrics = (metrics != null) ? metrics : AdminMetrics.NONE;
		this.tables = tables;
		this.reader = reader;
		this.recorded = new RecordedTransactions(journal);
		this.preparedCommits = new PreparedCommits(writer, this.metrics, tables::latestSnapshot);
	}

	/**
	 * Creates a transaction with its writer.
	 * @param database the database
	 * @param table the table
	 * @param request the mode, commit user, overwrite and bucket plan
	 * @param owner the principal that opens it, or {@code null} when nobody is authenticated
	 * @return the new transaction
	 */
	public AdminModel.TransactionView create(String database, String table,
			AdminModel.@Nullable TransactionRequest request, @Nullable String owner) {
		return create(UUID.randomUUID().toString(), database, table, request, owner);
	}

	/**
	 * Creates a transaction with an id the caller chose (the Flight SQL endpoint's transaction ids, which a
	 * client gets before it names a table).
	 * @param id the new transaction's id, unused so far
	 * @param database the database
	 * @param table the table
	 * @param request the mode, commit user, overwrite and bucket plan
	 * @param owner the principal that opens it, or {@code null} when nobody is authenticated
	 * @return the new transaction
	 * @throws AdminException ({@link AdminException.Kind#CONFLICT}) if a transaction with that id exists
	 * @since 0.1.0
	 */
	public AdminModel.TransactionView create(String id, String database, String table,
			AdminModel.@Nullable TransactionRequest request, @Nullable String owner) {
		String identifier = this.tables.identifier(database, table);
		if (this.transactions.containsKey(id)) {
			throw new AdminException(AdminException.Kind.CONFLICT, "Transaction exists", identifier,
					"Transaction " + id + " exists already");
		}
		AdminModel.TransactionRequest body = (request != null) ? request
				: new AdminModel.TransactionRequest(null, null, null, null, null);
		if (openTransactions() >= this.settings.maxOpenTransactions()) {
			throw new AdminException(AdminException.Kind.TOO_MANY_TRANSACTIONS, "Too many open transactions",
					identifier,
					"There are already " + this.settings.maxOpenTransactions()
							+ " open transactions (paimon.admin.max-open-transactions); commit or abort one first");
		}
		AdminTransaction transaction = TransactionOpener.open(this.writer, id, identifier, body,
				this.recorded.instance(), owner);
		try {
			this.recorded.save(transaction, true);
		}
		catch (RuntimeException ex) {
			transaction.abortIfActive();
			throw ex;
		}
		this.transactions.put(id, transaction);
		forgetEnded();
		logger.info("Opened transaction {} on table '{}' (mode {}, commit user {})", id, identifier, transaction.mode,
				LogText.abbreviate(transaction.commitUser));
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
		AdminTransaction transaction = find(id, "uploaded to");
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
				transaction.uploadFailed(ex, upload.batchesWritten());
				throw ex;
			}
			finally {
				transaction.touch();
			}
			transaction.uploaded(upload.rows(), upload.bytes(), upload.batches());
			this.metrics.written(transaction.table, upload.rows(), upload.bytes());
			return new AdminModel.UploadResult(upload.rows(), upload.bytes(), upload.batches(), transaction.rows());
		}
		finally {
			this.recorded.save(transaction, false);
			transaction.unlock();
		}
	}

	/**
	 * Writes batches that arrive already decoded (a Flight SQL ingest) into a transaction, under the same
	 * lock, size allowance and failure rule as {@link #upload(String, InputStream, long)}: once a batch went
	 * into the writer, a failure leaves the transaction able only to abort.
	 * @param id the transaction id
	 * @param batches the batches, fed into the sink they are given
	 * @return what was written
	 * @since 0.1.0
	 */
	public AdminModel.UploadResult upload(String id, DecodedBatches batches) {
		AdminTransaction transaction = find(id, "uploaded to");
		transaction.lockOrConflict();
		try {
			transaction.requireOpen();
			long allowance = Math.min(this.settings.maxRequestBytes(),
					this.settings.maxTransactionBytes() - transaction.bytes());
			long[] written = { 0 };
			ArrowBodyReader.BatchSink sink = (root, dictionaries) -> {
				long rows = transaction.write(root, dictionaries);
				written[0]++;
				return rows;
			};
			DecodedBatches.Totals totals;
			try {
				totals = batches.feed(sink, allowance);
			}
			catch (RuntimeException ex) {
				transaction.uploadFailed(ex, written[0]);
				throw ex;
			}
			finally {
				transaction.touch();
			}
			transaction.uploaded(totals.rows(), totals.bytes(), totals.batches());
			this.metrics.written(transaction.table, totals.rows(), totals.bytes());
			return new AdminModel.UploadResult(totals.rows(), totals.bytes(), totals.batches(), transaction.rows());
		}
		finally {
			this.recorded.save(transaction, false);
			transaction.unlock();
		}
	}

	/**
	 * Batches that arrive decoded rather than as an Arrow IPC body: a Flight SQL stream.
	 *
	 * @since 0.1.0
	 */
	@FunctionalInterface
	public interface DecodedBatches {

		/**
		 * Writes every batch into the sink.
		 * @param sink where each batch goes
		 * @param allowance the most Arrow bytes the batches may have
		 * @return what was written
		 */
		Totals feed(ArrowBodyReader.BatchSink sink, long allowance);

		/**
		 * What a feed wrote.
		 *
		 * @param rows the rows
		 * @param bytes the Arrow bytes of the batches
		 * @param batches the batches
		 */
		record Totals(long rows, long bytes, long batches) {
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
		AdminTransaction transaction = this.transactions.get(id);
		if (transaction == null) {
			AdminModel.CommitResponse done = this.recorded.find(id).committedResult();
			if (done != null) {
				return done; // committed through another instance, or before a restart
			}
			throw this.recorded.refuse(id, "committed");
		}
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
				response = transaction.commit(identifier, filter, () -> this.recorded.save(transaction, false));
			}
			catch (PaimonUnavailableException ex) {
				this.metrics.aborted(transaction.table);
				throw failedCommit(transaction, ex);
			}
			catch (RuntimeException ex) {
				this.metrics.aborted(transaction.table);
				throw ex;
			}
			finally {
				this.recorded.save(transaction, false);
			}
			this.metrics.committed(transaction.table, Duration.ofNanos(System.nanoTime() - started),
					response.committed());
			return response;
		}
		finally {
			transaction.unlock();
		}
	}

	/**
	 * The answer to a commit that was not possible now: the transaction has failed (its files are discarded), so a
	 * retry of the same COMMIT cannot succeed, and a 503 would say it may; the client begins a new transaction. The
	 * reason, which may name the infrastructure, goes to the log.
	 */
	private static AdminException failedCommit(AdminTransaction transaction, PaimonUnavailableException ex) {
		logger.warn("Transaction {} on table '{}' failed: its commit was not possible now: {}", transaction.id,
				transaction.table, ex.getMessage());
		return new AdminException(AdminException.Kind.CONFLICT, "Transaction state conflict", transaction.table,
				"Transaction " + transaction.id + " could not be committed: the commit to table '" + transaction.table
						+ "' was not possible (catalog, storage or commit lock unavailable, too many concurrent "
						+ "commits, or this instance's lease in the shared state ran out); nothing of it was committed "
						+ "and it is FAILED: begin a new transaction");
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
		AdminTransaction transaction = find(id, "prepared");
		transaction.lockOrConflict();
		try {
			byte[] prepared = transaction.prepare();
			// the prepared files must stay pending for every instance's orphan cleanup before anyone gets them
			this.recorded.save(transaction, true);
			return new AdminModel.PrepareResponse(Base64.getEncoder().encodeToString(prepared));
		}
		finally {
			transaction.unlock();
		}
	}

	/**
	 * Commits the prepared commits of one or more transactions (possibly of other instances) as one
	 * commit; see {@link PreparedCommits#commit}.
	 * @param database the database
	 * @param table the table
	 * @param request the prepared commits, identifier and commit user
	 * @return the outcome
	 */
	public AdminModel.CommitResponse commitPrepared(String database, String table,
			AdminModel.PreparedCommitsRequest request) {
		return this.preparedCommits.commit(this.tables.identifier(database, table), request);
	}

	/**
	 * Aborts a transaction and deletes its files; repeating it is harmless.
	 * @param id the transaction id
	 * @return always aborted
	 */
	public AdminModel.AbortResponse abort(String id) {
		AdminTransaction transaction = this.transactions.get(id);
		if (transaction == null) {
			return this.recorded.abort(id);
		}
		transaction.lockOrConflict();
		try {
			if (transaction.abort()) {
				this.metrics.aborted(transaction.table);
			}
			return new AdminModel.AbortResponse(true);
		}
		finally {
			this.recorded.save(transaction, false);
			transaction.unlock();
		}
	}

	/**
	 * Returns a transaction.
	 * @param id the transaction id
	 * @return the transaction
	 */
	public AdminModel.TransactionView get(String id) {
		AdminTransaction transaction = this.transactions.get(id);
		return (transaction != null) ? view(transaction) : this.recorded.find(id).view();
	}

	/**
	 * Lists the transactions, newest first (ended ones stay listed until their lifetime passes).
	 * @return the transactions
	 */
	public List<AdminModel.TransactionView> list() {
		Map<String, AdminModel.TransactionView> views = new LinkedHashMap<>();
		this.recorded.views().forEach((view) -> views.put(view.id(), view));
		this.transactions.values().forEach((transaction) -> views.put(transaction.id, view(transaction)));
		return views.values().stream()
			.sorted(Comparator.comparing(AdminModel.TransactionView::createdAt).reversed())
			.toList();
	}

	/**
	 * Returns the number of transactions that hold a writer or uncommitted files.
	 * @return the count
	 */
	public int openTransactions() {
		return (int) this.transactions.values().stream().filter((t) -> t.state().isActive()).count();
	}

	private AdminTransaction find(String id, String action) {
		AdminTransaction transaction = (id != null) ? this.transactions.get(id) : null;
		if (transaction == null) {
			throw this.recorded.refuse(id, action);
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
	@SuppressWarnings("ModifyCollectionInEnhancedForLoop") // a ConcurrentHashMap's iterators allow removal
	public void expire() {
		forgetEnded();
		Instant now = Instant.now();
		for (AdminTransaction transaction : this.transactions.values()) {
			if (transaction.isDue(now, this.settings.idleTimeout(),
					this.settings.maxLifetime()) && transaction.tryLock()) {
				try {
					if (transaction.expire()) {
						this.metrics.aborted(transaction.table);
					}
				}
				finally {
					this.recorded.save(transaction, false);
					transaction.unlock();
				}
			}
			else if (!transaction.state().isActive()
					&& transaction.lastActivity().plus(this.settings.maxLifetime()).isBefore(now)) {
				this.transactions.remove(transaction.id);
			}
		}
		this.recorded.sweep();
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
					this.recorded.save(transaction, false);
					transaction.unlock();
				}
			}
		}
	}

	private AdminModel.TransactionView view(AdminTransaction transaction) {
		return transaction.view(this.settings.idleTimeout(), this.settings.maxLifetime());
	}

}
