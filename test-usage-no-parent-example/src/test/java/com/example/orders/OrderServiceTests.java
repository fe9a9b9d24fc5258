package com.example.orders;

import java.math.BigDecimal;
import java.util.List;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.test.TestBatches;
import io.github.paimonspring.test.autoconfigure.PaimonTest;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.Snapshot.CommitKind;
import org.apache.paimon.table.Table;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;

import static io.github.paimonspring.test.PaimonAssertions.assertThat;
import static io.github.paimonspring.test.PaimonAssertions.row;

/** The order service against the Paimon slice: only Paimon and the service start, on a temporary warehouse. */
@PaimonTest(OrderService.class)
class OrderServiceTests {

	@Autowired
	OrderService orders;

	@Autowired
	PaimonOperations paimon;

	@Autowired
	@Qualifier("orders")
	Table table;

	@Test
	void recordsOrdersInOneCommit() {
		WriteResult result = this.orders.record(List.of(new Order(1L, "alice", new BigDecimal("9.99")),
				new Order(2L, "bob", new BigDecimal("3.5"))));

		assertThat(this.table).addedIn(result.snapshotId())
			.hasRowCount(2)
			.containsExactlyInAnyOrderRows(row(1L, "alice", new BigDecimal("9.99")), row(2L, "bob",
					new BigDecimal("3.50")));
		assertThat(this.table).snapshot(result.snapshotId()).hasCommitKind(CommitKind.APPEND);
	}

	@Test
	void anOrderWithoutCustomerOrAmountIsRecordedWithNulls() {
		WriteResult result = this.orders.record(List.of(new Order(20L, null, new BigDecimal("4.00")),
				new Order(21L, "erin", null)));

		assertThat(this.table).addedIn(result.snapshotId())
			.containsExactlyInAnyOrderRows(row(20L, null, new BigDecimal("4.00")), row(21L, "erin", null));
	}

	@Test
	void anOrderRecordedAgainReplacesTheFirst() {
		try (VectorSchemaRoot first = TestBatches.of(this.table).row(10L, "carol", new BigDecimal("1.00")).build()) {
			this.paimon.write("orders", first);
		}
		this.orders.record(List.of(new Order(10L, "carol", new BigDecimal("2.00"))));

		assertThat(this.table).onColumns("order_id", "amount").containsRows(row(10L, new BigDecimal("2.00")))
			.hasFilesPerBucketAtMost(10);
		assertThat(this.table).latestSnapshot().hasCommitKind(CommitKind.APPEND);
	}

}
