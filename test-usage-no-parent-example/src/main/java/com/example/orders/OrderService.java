package com.example.orders;

import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteResult;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

import org.springframework.stereotype.Service;

/** Records orders in the {@code orders} table, one commit per call; a missing customer or amount is a null. */
@Service
public class OrderService {

	private static final Schema SCHEMA = new Schema(List.of(
			new Field("order_id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
			new Field("customer", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
			new Field("amount", FieldType.nullable(new ArrowType.Decimal(10, 2, 128)), null)));

	private final PaimonOperations paimon;

	private final BufferAllocator allocator;

	public OrderService(PaimonOperations paimon, BufferAllocator allocator) {
		this.paimon = paimon;
		this.allocator = allocator;
	}

	public WriteResult record(List<Order> orders) {
		try (VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, this.allocator)) {
			batch.allocateNew();
			BigIntVector id = (BigIntVector) batch.getVector("order_id");
			VarCharVector customer = (VarCharVector) batch.getVector("customer");
			DecimalVector amount = (DecimalVector) batch.getVector("amount");
			for (int i = 0; i < orders.size(); i++) {
				Order order = orders.get(i);
				id.setSafe(i, order.orderId());
				if (order.customer() != null) {
					customer.setSafe(i, order.customer().getBytes(StandardCharsets.UTF_8));
				}
				else {
					customer.setNull(i);
				}
				if (order.amount() != null) {
					amount.setSafe(i, order.amount().setScale(2, RoundingMode.HALF_UP));
				}
				else {
					amount.setNull(i);
				}
			}
			batch.setRowCount(orders.size());
			return this.paimon.write("orders", batch);
		}
	}

}
