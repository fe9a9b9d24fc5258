package io.github.paimonspring.flight;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import com.google.protobuf.ByteString;
import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.access.AdminOperation;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.access.AdminScope;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.admin.model.AdminArguments;
import org.apache.arrow.flight.FlightRuntimeException;
import org.jspecify.annotations.Nullable;

/**
 * Flight SQL transactions as the admin API's staged transactions. {@code BeginTransaction} hands out an id and
 * writes nothing; the transaction's first ingest opens the staged transaction of that id on its table (a Flight
 * SQL transaction writes one table), owned by the principal; its ingests write into it;
 * {@code EndTransaction} commits or aborts it. The staged transaction is durable and answered for as the
 * admin API's: a repeated COMMIT of a committed transaction answers success and commits nothing new (also on
 * another instance or after a restart, from the shared state), a repeated ROLLBACK is harmless, and a
 * transaction whose instance died is refused with the admin API's answer (its files are never committed). An
 * ingest with an {@code idempotency-key} already written into the transaction writes nothing again.
 */
final class FlightTransactions {

	private final AdminTransactions transactions;

	private final AdminSettings settings;

	private final FlightAccess access;

	private final Map<String, Begun> begun = new ConcurrentHashMap<>();

	FlightTransactions(AdminTransactions transactions, AdminSettings settings, FlightAccess access) {
		this.transactions = transactions;
		this.settings = settings;
		this.access = access;
	}

	/**
	 * The transaction id a call carries, checked for its form.
	 * @param id the id as sent, or {@code null}
	 * @return the id, or {@code null} if the call carries none (an empty id included)
	 * @throws FlightRuntimeException {@code INVALID_ARGUMENT} if it is no id this endpoint hands out
	 */
	static @Nullable String id(@Nullable ByteString id) {
		if (id == null || id.isEmpty()) {
			return null;
		}
		String text = id.toString(StandardCharsets.UTF_8);
		if (text.length() > 64 || !text.chars().allMatch((c) -> c == '-' || Character.isLetterOrDigit(c))) {
			throw FlightErrors.invalid("Unknown transaction id: this endpoint's ids are the UUIDs BeginTransaction "
					+ "answers");
		}
		return text;
	}

	/** A transaction begun on this instance. */
	private static final class Begun {

		final String owner;

		volatile Instant lastActivity = Instant.now();

		@Nullable String table;

		boolean replace;

		@Nullable String ended;

		final Set<String> keys = new HashSet<>();

		Begun(String owner) {
			this.owner = owner;
		}

	}

	/**
	 * Begins a transaction.
	 * @param principal who begins it
	 * @return its id
	 */
	String begin(AdminPrincipal principal) {
		sweep();
		if (this.begun.size() >= this.settings.maxOpenTransactions() + this.settings.maxEndedTransactions()) {
			throw new AdminException(AdminException.Kind.TOO_MANY_TRANSACTIONS, "Too many open transactions", null,
					"There are already " + this.begun.size() + " Flight SQL transactions on this instance "
							+ "(paimon.admin.max-open-transactions); commit or roll back one first");
		}
		String id = UUID.randomUUID().toString();
		this.begun.put(id, new Begun(principal.name()));
		return id;
	}

	/**
	 * Writes one ingest into a transaction.
	 * @param id the transaction
	 * @param principal who sends it
	 * @param table the ingest's table, {@code database.table}
	 * @param replace whether the ingest replaces rows
	 * @param key the ingest's idempotency key, or {@code null}
	 * @param batches the batches
	 * @return what was written
	 */
	AdminModel.UploadResult ingest(String id, AdminPrincipal principal, String table, boolean replace,
			@Nullable String key, AdminTransactions.DecodedBatches batches) {
		Begun transaction = this.begun.get(id);
		if (transaction == null) {
			// begun on another instance or before a restart: the admin API's answer for it
			return elsewhere(id, () -> this.transactions.upload(id, batches));
		}
		synchronized (transaction) {
			transaction.lastActivity = Instant.now();
			requireOwner(transaction, principal, AdminOperation.UPLOAD_BATCHES, table, id);
			if (transaction.ended != null) {
				throw new AdminException(AdminException.Kind.CONFLICT, "Transaction ended", table,
						"Transaction " + id + " is " + transaction.ended + "; begin a new one");
			}
			if (transaction.table == null) {
				int dot = table.indexOf('.');
				this.transactions.create(id, table.substring(0, dot), table.substring(dot + 1),
						FlightIngests.transactionRequest(replace), principal.name());
				transaction.table = table;
				transaction.replace = replace;
			}
			else if (!transaction.table.equals(table)) {
				throw new AdminException(AdminException.Kind.CONFLICT, "Transaction writes another table", table,
						"Transaction " + id + " writes table '" + transaction.table + "'; a transaction writes one "
								+ "table, so an ingest into '" + table + "' needs a transaction of its own");
			}
			else if (transaction.replace != replace) {
				throw new AdminException(AdminException.Kind.CONFLICT, "Transaction mode differs", table,
						"Transaction " + id + (transaction.replace ? " replaces" : " appends to") + " table '" + table
								+ "'; its ingests all replace or all append");
			}
			if (key != null) {
				AdminArguments.checkKey(table, FlightCallPrincipal.IDEMPOTENCY_KEY, key);
				if (transaction.keys.contains(key)) {
					return new AdminModel.UploadResult(0, 0, 0, -1);
				}
			}
			AdminModel.UploadResult result = this.transactions.upload(id, batches);
			if (key != null) {
				transaction.keys.add(key);
			}
			return result;
		}
	}

	/**
	 * Commits a transaction.
	 * @param id the transaction
	 * @param principal who commits it
	 * @return the outcome; a transaction without ingests commits nothing
	 */
	AdminModel.CommitResponse commit(String id, AdminPrincipal principal) {
		Begun transaction = this.begun.get(id);
		if (transaction == null) {
			AdminModel.TransactionView view = elsewhere(id, () -> this.transactions.get(id));
			this.access.require(principal, AdminOperation.COMMIT_TRANSACTION, scope(view.owner(), principal),
					view.table(), id, view.owner());
			return this.transactions.commit(id, null);
		}
		synchronized (transaction) {
			transaction.lastActivity = Instant.now();
			String table = transaction.table;
			requireOwner(transaction, principal, AdminOperation.COMMIT_TRANSACTION, table, id);
			if (table == null) {
				if ("rolled back".equals(transaction.ended)) {
					throw new AdminException(AdminException.Kind.CONFLICT, "Transaction ended", null,
							"Transaction " + id + " was rolled back; it cannot commit");
				}
				transaction.ended = "committed";
				return new AdminModel.CommitResponse(false, null, 0);
			}
			AdminModel.CommitResponse response = this.transactions.commit(id, null);
			transaction.ended = "committed";
			return response;
		}
	}

	/**
	 * Rolls a transaction back; repeating it is harmless.
	 * @param id the transaction
	 * @param principal who rolls it back
	 */
	void rollback(String id, AdminPrincipal principal) {
		Begun transaction = this.begun.get(id);
		if (transaction == null) {
			AdminModel.TransactionView view = elsewhere(id, () -> this.transactions.get(id));
			this.access.require(principal, AdminOperation.ABORT_TRANSACTION, scope(view.owner(), principal),
					view.table(), id, view.owner());
			this.transactions.abort(id);
			return;
		}
		synchronized (transaction) {
			transaction.lastActivity = Instant.now();
			requireOwner(transaction, principal, AdminOperation.ABORT_TRANSACTION, transaction.table, id);
			if ("committed".equals(transaction.ended) && transaction.table == null) {
				throw new AdminException(AdminException.Kind.CONFLICT, "Transaction ended", null,
						"Transaction " + id + " was committed; it cannot roll back");
			}
			if (transaction.table != null) {
				this.transactions.abort(id);
			}
			if (transaction.ended == null) {
				transaction.ended = "rolled back";
			}
		}
	}

	/**
	 * The table a transaction writes, if it is known here.
	 * @param id the transaction
	 * @return {@code database.table}, or {@code null}
	 */
	@Nullable String table(String id) {
		Begun transaction = this.begun.get(id);
		return (transaction != null) ? transaction.table : null;
	}

	/**
	 * Runs a call on a transaction this instance did not begin, saying so when the shared state does not know it
	 * either (begun elsewhere and not written yet, or ended long ago).
	 */
	private static <T> T elsewhere(String id, Supplier<T> call) {
		try {
			return call.get();
		}
		catch (AdminException ex) {
			if (ex.getKind() != AdminException.Kind.NOT_FOUND) {
				throw ex;
			}
			throw new AdminException(AdminException.Kind.NOT_FOUND, "Unknown transaction", null, "Transaction " + id
					+ " is not known here: it was begun on another instance and has written nothing yet (send a "
					+ "transaction's calls to the instance that began it: keep them on one connection), or it ended "
					+ "longer than paimon.admin.max-lifetime ago");
		}
	}

	private static AdminScope scope(@Nullable String owner, AdminPrincipal principal) {
		return (owner != null && !owner.equals(principal.name())) ? AdminScope.ADMIN : AdminScope.INGEST;
	}

	private void requireOwner(Begun transaction, AdminPrincipal principal, AdminOperation operation,
			@Nullable String table, String id) {
		boolean own = transaction.owner.equals(principal.name());
		if (table != null) {
			this.access.require(principal, operation, own ? AdminScope.INGEST : AdminScope.ADMIN, table, id,
					own ? null : transaction.owner);
		}
		else if (!own) {
			throw new AdminException(AdminException.Kind.NOT_FOUND, "Unknown transaction", null,
					"Transaction " + id + " was begun by another principal");
		}
	}

	/** Forgets transactions that ended or stayed idle longer than the admin API keeps them. */
	private void sweep() {
		Instant idle = Instant.now().minus(this.settings.idleTimeout());
		Instant ended = Instant.now().minus(this.settings.maxLifetime());
		this.begun.entrySet().removeIf((entry) -> {
			Begun transaction = entry.getValue();
			return (transaction.table == null && transaction.lastActivity.isBefore(idle))
					|| transaction.lastActivity.isBefore(ended);
		});
	}

}
