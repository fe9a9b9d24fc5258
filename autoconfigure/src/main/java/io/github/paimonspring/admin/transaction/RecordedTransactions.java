package io.github.paimonspring.admin.transaction;

import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminModel;

/**
 * Answers for a staged transaction that this instance does not hold — one of another instance, or of
 * a dead one — from its record in the {@link TransactionJournal}.
 */
public final class RecordedTransactions {

	private RecordedTransactions() {
	}

	/**
	 * Aborts a recorded transaction: a dead instance's prepared one is marked aborted (its files are no
	 * longer pending, so the orphan cleanup removes them as files of a dead instance); ended ones need
	 * nothing; a committed one, or one held by a live instance, is refused.
	 */
	public static AdminModel.AbortResponse abort(TransactionJournal journal, TransactionJournal.Stored stored) {
		TransactionState state = stored.state();
		if (state == TransactionState.COMMITTED) {
			throw new AdminException(AdminException.Kind.CONFLICT, "Transaction state conflict", stored.table(),
					"Transaction " + stored.id() + " is already committed and cannot be aborted");
		}
		if (state == TransactionState.PREPARED && !stored.alive()) {
			journal.abort(stored);
			return new AdminModel.AbortResponse(true);
		}
		if (state.isActive() || state == TransactionState.PREPARED) {
			throw refuse(stored, "aborted");
		}
		return new AdminModel.AbortResponse(true);
	}

	/** Refuses (409) a request for a transaction that another instance holds, or that has ended. */
	public static AdminException refuse(TransactionJournal.Stored stored, String action) {
		String where = stored.alive() ? "is " + stored.state() + " on instance " + stored.instance()
				+ ", which holds its writer; send the request there" : "is " + stored.state();
		String failure = stored.record().get("failure");
		return new AdminException(AdminException.Kind.CONFLICT, "Transaction state conflict", stored.table(),
				"Transaction " + stored.id() + " cannot be " + action + " here: it " + where
						+ ((failure != null) ? " (" + failure + ")" : ""));
	}

}
