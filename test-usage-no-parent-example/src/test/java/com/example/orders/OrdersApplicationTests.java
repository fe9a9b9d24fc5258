package com.example.orders;

import java.math.BigDecimal;
import java.util.List;

import io.github.paimonspring.test.TableRows;
import io.github.paimonspring.test.autoconfigure.AutoConfigureTestWarehouse;
import io.github.paimonspring.test.autoconfigure.TemporaryWarehouse;
import org.apache.paimon.table.Table;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/** The whole application, its warehouse swapped for a temporary one. */
@SpringBootTest
@AutoConfigureTestWarehouse
class OrdersApplicationTests {

	@Autowired
	OrderService orders;

	@Autowired
	@Qualifier("orders")
	Table table;

	@Autowired
	TemporaryWarehouse warehouse;

	@Test
	void ordersLandInTheTemporaryWarehouse() {
		this.orders.record(List.of(new Order(7L, "dora", new BigDecimal("12.00"))));

		assertThat(TableRows.of(this.table).as(Order.class)).containsExactly(new Order(7L, "dora",
				new BigDecimal("12.00")));
		assertThat(this.warehouse.path().resolve("shop.db/orders")).isDirectory();
	}

}
