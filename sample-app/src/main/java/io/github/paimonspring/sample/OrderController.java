package io.github.paimonspring.sample;

import java.util.List;
import java.util.Map;

import io.github.paimonspring.core.WriteResult;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The sample's own JSON API: {@code POST /orders} writes orders into Paimon, {@code GET /orders}
 * reads them back.
 */
@RestController
@RequestMapping("/orders")
public class OrderController {

	private final OrderService orders;

	/**
	 * Creates the controller.
	 * @param orders the order service
	 */
	public OrderController(OrderService orders) {
		this.orders = orders;
	}

	/**
	 * Writes a batch of orders in one Paimon commit.
	 * @param batch the orders
	 * @return rows written and the snapshot id
	 */
	@PostMapping
	@ResponseStatus(HttpStatus.CREATED)
	public Map<String, Object> create(@RequestBody List<Order> batch) {
		WriteResult result = this.orders.save(batch);
		return Map.of("rows", result.rows(), "snapshotId", (result.snapshotId() != null) ? result.snapshotId() : -1);
	}

	/**
	 * Lists all orders.
	 * @return the orders sorted by id
	 */
	@GetMapping
	public List<Order> list() {
		return this.orders.findAll();
	}

}
