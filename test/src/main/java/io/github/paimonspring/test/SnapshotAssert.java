package io.github.paimonspring.test;

import java.util.Objects;

import org.apache.paimon.Snapshot;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on one snapshot of a Paimon table: what kind of commit made it, by which commit
 * user and identifier, and how many records it added. Made by {@link TableAssert#latestSnapshot()}
 * or {@link TableAssert#snapshot(long)}; failure messages name the table and the snapshot.
 */
public class SnapshotAssert extends AbstractAssert<SnapshotAssert, Snapshot> {

	private final String table;

	SnapshotAssert(Snapshot snapshot, String table) {
		super(snapshot, SnapshotAssert.class);
		this.table = table;
	}

	/**
	 * Verifies the snapshot id.
	 * @param expected the expected id
	 * @return {@code this}
	 */
	public SnapshotAssert hasId(long expected) {
		return check("id", expected, this.actual.id());
	}

	/**
	 * Verifies the kind of commit that made the snapshot.
	 * @param expected {@code APPEND} for writes, {@code OVERWRITE} for overwrites and truncates,
	 * {@code COMPACT} for compactions
	 * @return {@code this}
	 */
	public SnapshotAssert hasCommitKind(Snapshot.CommitKind expected) {
		return check("commit kind", expected, this.actual.commitKind());
	}

	/**
	 * Verifies the commit user.
	 * @param expected the expected commit user
	 * @return {@code this}
	 */
	public SnapshotAssert hasCommitUser(String expected) {
		return check("commit user", expected, this.actual.commitUser());
	}

	/**
	 * Verifies the commit identifier.
	 * @param expected the expected identifier
	 * @return {@code this}
	 */
	public SnapshotAssert hasCommitIdentifier(long expected) {
		return check("commit identifier", expected, this.actual.commitIdentifier());
	}

	/**
	 * Verifies the number of records this snapshot's commit added (its delta).
	 * @param expected the expected number of records
	 * @return {@code this}
	 */
	public SnapshotAssert hasDeltaRecordCount(long expected) {
		return check("delta record count", expected, this.actual.deltaRecordCount());
	}

	/**
	 * Verifies the number of records in all live files of the snapshot (before merging keys).
	 * @param expected the expected number of records
	 * @return {@code this}
	 */
	public SnapshotAssert hasTotalRecordCount(long expected) {
		return check("total record count", expected, this.actual.totalRecordCount());
	}

	private SnapshotAssert check(String what, Object expected, Object actual) {
		isNotNull();
		if (!Objects.equals(expected, actual)) {
			failWithActualExpectedAndMessage(actual, expected, "%s", "Expected snapshot " + this.actual.id()
					+ " of table '" + this.table + "' to have " + what + " " + expected + " but it has " + actual
					+ " (commit kind " + this.actual.commitKind() + ", commit user " + this.actual.commitUser() + ")");
		}
		return this;
	}

}
