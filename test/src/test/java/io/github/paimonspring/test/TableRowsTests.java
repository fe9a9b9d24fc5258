package io.github.paimonspring.test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Map;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.test.autoconfigure.PaimonTest;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.Table;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Rows read back with Paimon's reader: as maps and records, as of a snapshot, the rows one snapshot
 * added, projected; wrong requests are refused naming the table, the column, the row.
 */
@PaimonTest
class TableRowsTests {

	record Order(long orderId, String customer, BigDecimal amount, LocalDate day) {
	}

	record Total(long orderId, double amount) {
	}

	record Missing(long orderId, String coupon) {
	}

	@Autowired
	Catalog catalog;

	@Autowired
	PaimonOperations paimon;

	@Test
	void rowsAsMapsAndRecords() {
		Table orders = orders("rows");
		write(orders, TestBatches.of(orders).row(1L, "alice", new BigDecimal("9.99"), LocalDate.of(2026, 11, 30))
			.row(2L, "bob", new BigDecimal("3.50"), LocalDate.of(2026, 11, 30)));
		assertThat(TableRows.of(orders).asMaps()).containsExactlyInAnyOrder(
				Map.of("order_id", 1L, "customer", "alice", "amount", new BigDecimal("9.99"), "day", LocalDate.of(2026,
						11, 30)),
				Map.of("order_id", 2L, "customer", "bob", "amount", new BigDecimal("3.50"), "day", LocalDate.of(2026,
						11, 30)));
		assertThat(TableRows.of(orders).asMaps().get(0).keySet()).containsExactly("order_id", "customer", "amount",
				"day");
		assertThat(TableRows.of(orders).as(Order.class)).containsExactlyInAnyOrder(
				new Order(1L, "alice", new BigDecimal("9.99"), LocalDate.of(2026, 11, 30)),
				new Order(2L, "bob", new BigDecimal("3.50"), LocalDate.of(2026, 11, 30)));
		// DECIMAL into a double component: converted
		assertThat(TableRows.of(orders).as(Total.class)).containsExactlyInAnyOrder(new Total(1L, 9.99), new Total(2L,
				3.5));
		assertThat(TableRows.of(orders).count()).isEqualTo(2);
	}

	@Test
	void rowsAsOfASnapshotAndTheRowsOneSnapshotAdded() {
		Table orders = orders("snapshots");
		long first = write(orders, TestBatches.of(orders).row(1L, "alice", null, null));
		long second = write(orders, TestBatches.of(orders).row(2L, "bob", null, null).row(1L, "alice2", null, null));
		assertThat(TableRows.of(orders).columns("order_id", "customer").asMaps())
			.containsExactlyInAnyOrder(Map.of("order_id", 1L, "customer", "alice2"), Map.of("order_id", 2L, "customer",
					"bob"));
		assertThat(TableRows.of(orders).atSnapshot(first).columns("customer").asMaps())
			.containsExactly(Map.of("customer", "alice"));
		assertThat(TableRows.of(orders).addedIn(first).columns("customer").asMaps())
			.containsExactly(Map.of("customer", "alice"));
		assertThat(TableRows.of(orders).addedIn(second).columns("customer").asMaps())
			.containsExactlyInAnyOrder(Map.of("customer", "bob"), Map.of("customer", "alice2"));
		assertThat(TableRows.of(orders).atSnapshot(first).describe())
			.isEqualTo("table '" + orders.fullName() + "' (snapshot " + first + ")");
		assertThat(TableRows.of(orders).addedIn(second).read().description())
			.isEqualTo("table '" + orders.fullName() + "' (rows added in snapshot " + second + ")");
		assertThat(TableRows.of(orders).read().description())
			.isEqualTo("table '" + orders.fullName() + "' (latest snapshot " + second + ")");
	}

	@Test
	void aTableWithoutSnapshotsHasNoRows() {
		Table orders = orders("empty");
		assertThat(TableRows.of(orders).asMaps()).isEmpty();
		assertThat(TableRows.of(orders).read().description())
			.isEqualTo("table '" + orders.fullName() + "' (no snapshot yet)");
		assertThatIllegalArgumentException().isThrownBy(() -> TableRows.of(orders).atSnapshot(1))
			.withMessage("Table '" + orders.fullName() + "' has no snapshot 1 (it has no snapshot yet)");
	}

	@Test
	void wrongRequestsNameTheTableTheRowAndTheColumn() {
		Table orders = orders("wrong");
		long snapshot = write(orders, TestBatches.of(orders).row(7L, null, null, null));
		assertThatIllegalArgumentException().isThrownBy(() -> TableRows.of(orders).columns("order_id", "coupon"))
			.withMessage("Table '" + orders.fullName()
					+ "' has no column 'coupon'; its columns are [order_id, customer, "
					+ "amount, day]");
		assertThatIllegalArgumentException().isThrownBy(() -> TableRows.of(orders).addedIn(snapshot + 1))
			.withMessage("Table '" + orders.fullName() + "' has no snapshot " + (snapshot + 1) + " (latest: " + snapshot
					+ ")");
		assertThatIllegalArgumentException().isThrownBy(() -> TableRows.of(orders).as(Missing.class))
			.withMessage("Record component 'coupon' of Missing matches no column of table '" + orders.fullName()
					+ "' (latest snapshot " + snapshot + "); the columns are [order_id, customer, amount, day]");
		assertThatIllegalArgumentException().isThrownBy(() -> TableRows.of(orders).as(Total.class))
			.withMessage("Column 'amount' of table '" + orders.fullName() + "' (latest snapshot " + snapshot
					+ ") is null in the row with order_id=7, but record component Total.amount is a double");
	}

	private Table orders(String prefix) {
		return Tables.create(this.catalog, prefix, Schema.newBuilder()
			.column("order_id", DataTypes.BIGINT().notNull())
			.column("customer", DataTypes.STRING())
			.column("amount", DataTypes.DECIMAL(10, 2))
			.column("day", DataTypes.DATE())
			.primaryKey("order_id")
			.option("bucket", "1")
			.build());
	}

	private long write(Table table, TestBatches batches) {
		try (VectorSchemaRoot batch = batches.build()) {
			WriteResult result = this.paimon.write(table.fullName(), batch);
			assertThat(result.committed()).isTrue();
			return result.snapshotId();
		}
	}

}
