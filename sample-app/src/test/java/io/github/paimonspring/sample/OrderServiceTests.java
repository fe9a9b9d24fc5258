package io.github.paimonspring.sample;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.test.TestBatches;
import io.github.paimonspring.test.autoconfigure.PaimonTest;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.table.Table;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;

import static io.github.paimonspring.test.PaimonAssertions.assertThat;
import static io.github.paimonspring.test.PaimonAssertions.row;
import static org.assertj.core.api.Assertions.assertThat;

/** The sample's order service on the Paimon slice: no web server, a temporary warehouse. */
@PaimonTest(OrderService.class)
class OrderServiceTests {

	@Autowired
	OrderService service;

	@Autowired
	PaimonOperations paimon;

	@Autowired
	@Qualifier("orders")
	Table orders;

	@Test
	void savesOrdersPartitionedByTheirDate() {
		WriteResult result = this.service.save(List.of(
				new Order(11L, "alice", new BigDecimal("10.5"), LocalDateTime.parse("2026-11-30T10:15:30.123456")),
				new Order(12L, "bob", null, LocalDateTime.parse("2026-11-29T08:00:00"))));
		assertThat(this.orders).addedIn(result.snapshotId())
			.containsExactlyInAnyOrderRows(
					row(11L, "2026-11-30", "alice", new BigDecimal("10.50"), "2026-11-30T10:15:30.123456"),
					row(12L, "2026-11-29", "bob", null, "2026-11-29T08:00:00"));
	}

	@Test
	void findsOrdersOthersWrote() {
		try (VectorSchemaRoot batch = TestBatches.of(this.orders)
			.row(21L, "2026-12-01", "carol", new BigDecimal("7.25"), "2026-12-01T09:00:00")
			.build()) {
			this.paimon.write("orders", batch);
		}
		assertThat(this.service.findAll()).contains(
				new Order(21L, "carol", new BigDecimal("7.25"), LocalDateTime.parse("2026-12-01T09:00:00")));
	}

}
