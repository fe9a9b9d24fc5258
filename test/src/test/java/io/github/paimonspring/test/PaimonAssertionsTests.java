package io.github.paimonspring.test;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.test.autoconfigure.PaimonTest;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.Snapshot.CommitKind;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.Table;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static io.github.paimonspring.test.PaimonAssertions.assertThat;
import static io.github.paimonspring.test.PaimonAssertions.row;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The AssertJ assertions pass on what a real write committed, and their failure messages name the
 * table, the row and the column.
 */
@PaimonTest
class PaimonAssertionsTests {

	@Autowired
	Catalog catalog;

	@Autowired
	PaimonOperations paimon;

	@Test
	void assertionsPassOnWhatWasWritten() {
		Table people = people("pass");
		WriteResult first = write(people, TestBatches.of(people).row(1L, "ada", "london").row(2L, "bob", null));
		WriteResult second = write(people, TestBatches.of(people).row(3L, "cy", "paris"));
		assertThat(people).hasRowCount(3)
			.containsExactlyInAnyOrderRows(row(3L, "cy", "paris"), row(1, "ada", "london"), row(2L, "bob", null))
			.containsRows(row(2L, "bob", null))
			.hasFilesPerBucketAtMost(2)
			.hasSnapshotCount(2);
		assertThat(people).onColumns("name").containsExactlyInAnyOrderRows(row("ada"), row("bob"), row("cy"));
		assertThat(people).atSnapshot(first.snapshotId()).hasRowCount(2);
		assertThat(people).addedIn(second.snapshotId()).containsExactlyInAnyOrderRows(row(3L, "cy", "paris"));
		assertThat(people).latestSnapshot()
			.hasId(second.snapshotId())
			.hasCommitKind(CommitKind.APPEND)
			.hasDeltaRecordCount(1)
			.hasTotalRecordCount(3);
		assertThat(people).snapshot(first.snapshotId()).hasCommitKind(CommitKind.APPEND).hasDeltaRecordCount(2);
		assertThat(TableRows.of(people).columns("id")).containsRows(row(1L));
	}

	@Test
	void aDifferentValueNamesTheTableTheRowAndTheColumn() {
		Table people = people("value");
		write(people, TestBatches.of(people).row(1L, "ada", "london").row(2L, "bob", "rome"));
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(people).containsExactlyInAnyOrderRows(row(1L, "ada", "london"),
					row(2L, "bob", "paris")))
			.withMessage("Expected table '" + people.fullName() + "' (latest snapshot 1) to contain exactly these 2 "
					+ "row(s) in any order [id, name, city], but:\n"
					+ "  the row with id=2: column 'city' is \"rome\" (String) but \"paris\" (String) was expected\n"
					+ "Rows read:\n"
					+ "  {id=1, name=\"ada\", city=\"london\"}\n"
					+ "  {id=2, name=\"bob\", city=\"rome\"}");
		// a value of another Java type that means the same matches; one that does not is named with its type
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(people).onColumns("id", "name").containsRows(row(1, "ada"), row(2, 42)))
			.withMessageContaining(
					"the row with id=2: column 'name' is \"bob\" (String) but 42 (Integer) was expected");
	}

	@Test
	void missingAndUnexpectedRowsAreListed() {
		Table events = Tables.create(this.catalog, "events",
				Schema.newBuilder().column("kind", DataTypes.STRING()).column("n", DataTypes.INT()).build());
		write(events, TestBatches.of(events).row("click", 1).row("view", 2).row("buy", 3));
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(events).containsExactlyInAnyOrderRows(row("click", 1), row("view", 20),
					row("refund", 9)))
			.withMessageContaining(
					"row 2 {kind=\"view\", n=2}: column 'n' is 2 (Integer) but 20 (Integer) was expected")
			.withMessageContaining("missing row (\"refund\", 9)")
			.withMessageContaining("unexpected row 3 {kind=\"buy\", n=3}");
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(events).containsRows(row("buy", 3), row("sell", 4)))
			.withMessageContaining("to contain these 2 row(s)")
			.withMessageContaining("missing row (\"sell\", 4)")
			.withMessageNotContaining("unexpected");
	}

	@Test
	void anUnexpectedRowOfAPrimaryKeyTableIsListedWithItsValues() {
		Table people = people("unexpected");
		write(people, TestBatches.of(people).row(1L, "ada", "london").row(9L, "zed", null));
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(people).containsExactlyInAnyOrderRows(row(1L, "ada", "london")))
			.withMessageContaining("\n  unexpected row {id=9, name=\"zed\", city=null}\n")
			.withMessageNotContaining("the row with");
		// without the key columns the rows are named by their position, as in an append table
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(people).onColumns("name").containsExactlyInAnyOrderRows(row("ada")))
			.withMessageContaining("\n  unexpected row 2 {name=\"zed\"}\n");
	}

	@Test
	void countsSnapshotsAndFilesNameTheTable() {
		Table people = people("counts");
		write(people, TestBatches.of(people).row(1L, "ada", "london"));
		write(people, TestBatches.of(people).row(2L, "bob", "rome"));
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> assertThat(people).hasRowCount(3))
			.withMessageStartingWith("Expected table '" + people.fullName()
					+ "' (latest snapshot 2) to have 3 row(s) but "
					+ "it has 2");
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> assertThat(people).hasFilesPerBucketAtMost(1))
			.withMessageStartingWith("Expected at most 1 data file(s) per bucket in table '" + people.fullName()
					+ "' (snapshot 2), but bucket 0 has 2: ");
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(people).latestSnapshot().hasCommitKind(CommitKind.COMPACT))
			.withMessageStartingWith("Expected snapshot 2 of table '" + people.fullName()
					+ "' to have commit kind COMPACT but it has APPEND");
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> assertThat(people).snapshot(3))
			.withMessage("Table '" + people.fullName() + "' has no snapshot 3 (latest: 2)");
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> assertThat(people).containsRows(row(1L)))
			.withMessageStartingWith("Expected row (1) has 1 value(s) but table '" + people.fullName()
					+ "' (latest snapshot 2) has 3 column(s) [id, name, city]");
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> assertThat(people).as("people after two writes").hasRowCount(1))
			.withMessageStartingWith("[people after two writes] Expected table");
	}

	@Test
	void filesArePerPartitionAndBucket() {
		Table visits = Tables.create(this.catalog, "visits", Schema.newBuilder()
			.column("dt", DataTypes.STRING().notNull())
			.column("page", DataTypes.STRING())
			.partitionKeys("dt")
			.build());
		write(visits, TestBatches.of(visits).row("2026-11-30", "/a").row("2026-12-01", "/b"));
		write(visits, TestBatches.of(visits).row("2026-12-01", "/c"));
		assertThat(visits).atSnapshot(1).hasFilesPerBucketAtMost(1);
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> assertThat(visits).hasFilesPerBucketAtMost(1))
			.withMessageContaining("bucket 0 of partition dt=2026-12-01 has 2: ");
	}

	@Test
	void aTableWithoutSnapshotsHasNoLatestSnapshot() {
		Table people = people("nothing");
		assertThat(people).isEmpty();
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> assertThat(people).latestSnapshot())
			.withMessage("Expected table '" + people.fullName()
					+ "' to have a snapshot, but nothing was committed to it yet");
	}

	private Table people(String prefix) {
		return Tables.create(this.catalog, prefix, Schema.newBuilder()
			.column("id", DataTypes.BIGINT().notNull())
			.column("name", DataTypes.STRING())
			.column("city", DataTypes.STRING())
			.primaryKey("id")
			.option("bucket", "1")
			.build());
	}

	private WriteResult write(Table table, TestBatches batches) {
		try (VectorSchemaRoot batch = batches.build()) {
			return this.paimon.write(table.fullName(), batch);
		}
	}

}
