package io.github.paimonspring.admin.transaction;

import java.util.List;
import java.util.Objects;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminModel;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The record of staged transactions for every instance, in the {@link TransactionJournal} when there
 * is one: this instance's state changes are saved to it, and a transaction that this instance does not
 * hold — one of another instance, or of a dead one — is answered from its record. Without a journal,
 * nothing is recorded and every transaction this instance does not hold is unknown.
 */
public final class RecordedTransactions {

	private static final Logger logger = LoggerFactory.getLogger(RecordedTransactions.class);

	private final @Nullable TransactionJournal journal;

	/**
	 * Creates the record.
	 * @param journal the journal shared by the instances, or {@code null}
	 */
	public RecordedTransactions(@Nullable TransactionJournal journal) {
		this.journal = journal;
	}

	/**
	 * Returns the id of this instance in the journal.
	 * @return the instance id, or {@code null} without a journal
	 */
	public @Nullable String instance() {
		return (this.journal != null) ? this.journal.instance() : null;
	}

	/**
	 * Records a transaction's current state.
	 * @param transaction the transaction, held by this instance
	 * @param required whether a failure to record fails the request (else it is logged)
	 */
	public void save(AdminTransaction transaction, boolean required) {
		if (this.journal != null) {
			this.journal.save(transaction, required);
		}
	}

	/**
	 * Returns the record of a transaction this instance does not hold.
	 * @param id the transaction id
	 * @return the record
	 * @throws AdminException ({@code NOT_FOUND}) if there is none
	 */
	public TransactionJournal.Stored find(@Nullable String id) {
		TransactionJournal.Stored stored = (this.journal != null && id != null) ? this.journal.find(id) : null;
		if (stored == null) {
			throw new AdminException(AdminException.Kind.NOT_FOUND, "Unknown transaction", null,
					"Transaction '" + id
							+ "' does not exist (it may have ended longer than paimon.admin.max-lifetime ago)");
		}
		return stored;
	}

	/**
	 * Lists the recorded transactions; when the journal cannot be read, logs it and lists none.
	 * @return the recorded transactions, as the API shows them
	 */
	public List<AdminModel.TransactionView> views() {
		if (this.journal == null) {
			return List.of();
		}
		try {
			return this.journal.list().stream().map(TransactionJournal.Stored::view).toList();
		}
		catch (PaimonUnavailableException ex) {
			logger.warn("Listing the transactions of other instances failed: {}", ex.getMessage());
			return List.of();
		}
	}

	/** Settles the records of dead instances' transactions; when the journal cannot be read, logs it. */
	public void sweep() {
		if (this.journal != null) {
			try {
				this.journal.sweep();
			}
			catch (PaimonUnavailableException ex) {
				logger.warn("Settling the recorded transactions failed: {}", ex.getMessage());
			}
		}
	}

	/**
	 * Aborts a recorded transaction: a dead instance's prepared one is marked aborted (its files are no
	 * longer pending, so the orphan cleanup removes them as files of a dead instance); ended ones need
	 * nothing; a committed one, or one held by a live instance, is refused.
	 * @param id the transaction id
	 * @return always aborted
	 */
	public AdminModel.AbortResponse abort(String id) {
		TransactionJournal.Stored stored = find(id);
		TransactionState state = stored.state();
		if (state == TransactionState.COMMITTED) {
			throw new AdminException(AdminException.Kind.CONFLICT, "Transaction state conflict", stored.table(),
					"Transaction " + stored.id() + " is already committed and cannot be aborted");
		}
		if (state == TransactionState.PREPARED && !stored.alive()) {
			Objects.requireNonNull(this.journal, "the journal the transaction was found in").abort(stored);
			return new AdminModel.AbortResponse(true);
		}
		if (state.isActive() || state == TransactionState.PREPARED) {
			throw refuse(stored, "aborted");
		}
		return new AdminModel.AbortResponse(true);
	}

	/**
	 * Refuses a request for a transaction that this instance does not hold: another instance holds it,
	 * or it has ended.
	 * @param id the transaction id
	 * @param action what the request would do, for the message ({@code committed}, {@code prepared})
	 * @return the {@code CONFLICT} refusal to throw
	 * @throws AdminException ({@code NOT_FOUND}) if the transaction is not recorded
	 */
	public AdminException refuse(@Nullable String id, String action) {
		return refuse(find(id), action);
	}

	private static AdminException refuse(TransactionJournal.Stored stored, String action) {
		String where = stored.alive() ? "is " + stored.state() + " on instance " + stored.instance()
				+ ", which holds its writer; send the request there" : "is " + stored.state();
		String failure = stored.record().get("failure");
		return new AdminException(AdminException.Kind.CONFLICT, "Transaction state conflict", stored.table(),
				"Transaction " + stored.id() + " cannot be " + action + " here: it " + where
						+ ((failure != null) ? " (" + failure + ")" : ""));
	}

}
