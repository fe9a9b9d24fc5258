package io.github.paimonspring.sample;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteResult;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Service;

/**
 * Turns orders into Arrow batches, writes them with {@link PaimonOperations}, and reads them back with
 * Paimon's reader.
 */
@Service
public class OrderService {

	private static final Schema SCHEMA = new Schema(List.of(
			new Field("order_id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
			new Field("dt", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
			new Field("customer", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
			new Field("amount", FieldType.nullable(new ArrowType.Decimal(10, 2, 128)), null),
			new Field("created_at", FieldType.nullable(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)), null)));

	private final PaimonOperations writer;

	private final Table orders;

	private final BufferAllocator allocator;

	/**
	 * Creates the service.
	 * @param writer the starter's writer
	 * @param orders the {@code paimon.tables.orders} table bean
	 * @param allocator the starter's Arrow allocator
	 */
	public OrderService(PaimonOperations writer, @Qualifier("orders") Table orders, BufferAllocator allocator) {
		this.writer = writer;
		this.orders = orders;
		this.allocator = allocator;
	}

	/**
	 * Writes orders in one commit.
	 * @param batch the orders
	 * @return the write result
	 */
	public WriteResult save(List<Order> batch) {
		try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, this.allocator)) {
			root.allocateNew();
			BigIntVector id = (BigIntVector) root.getVector("order_id");
			VarCharVector dt = (VarCharVector) root.getVector("dt");
			VarCharVector customer = (VarCharVector) root.getVector("customer");
			DecimalVector amount = (DecimalVector) root.getVector("amount");
			TimeStampMicroVector createdAt = (TimeStampMicroVector) root.getVector("created_at");
			for (int i = 0; i < batch.size(); i++) {
				Order order = batch.get(i);
				LocalDateTime created = (order.createdAt() != null) ? order.createdAt()
						: LocalDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
				id.setSafe(i, order.orderId());
				dt.setSafe(i, created.toLocalDate().toString().getBytes(StandardCharsets.UTF_8));
				if (order.customer() != null) {
					customer.setSafe(i, order.customer().getBytes(StandardCharsets.UTF_8));
				}
				if (order.amount() != null) {
					amount.setSafe(i, order.amount().setScale(2, RoundingMode.HALF_UP));
				}
				createdAt.setSafe(i,
						created.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + created.get(ChronoField.MICRO_OF_SECOND));
			}
			root.setRowCount(batch.size());
			return this.writer.write("orders", root);
		}
	}

	/**
	 * Reads every order back, newest values only (the table is keyed by order id and date).
	 * @return the orders sorted by id
	 */
	public List<Order> findAll() {
		Table table = this.writer.tables().getTable("orders");
		ReadBuilder read = table.newReadBuilder();
		List<Order> result = new ArrayList<>();
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
			reader.forEachRemaining((row) -> result.add(new Order(row.getLong(0),
					row.isNullAt(2) ? null : row.getString(2).toString(),
					row.isNullAt(3) ? null : row.getDecimal(3, 10, 2).toBigDecimal(),
					row.isNullAt(4) ? null : row.getTimestamp(4, 6).toLocalDateTime())));
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot read table " + this.orders.fullName(), ex);
		}
		result.sort(Comparator.comparingLong(Order::orderId));
		return result;
	}

	/**
	 * Returns the total amount of all orders.
	 * @return the sum of amounts
	 */
	public BigDecimal total() {
		return findAll().stream().map(Order::amount).filter(Objects::nonNull).reduce(BigDecimal.ZERO, BigDecimal::add);
	}

}
