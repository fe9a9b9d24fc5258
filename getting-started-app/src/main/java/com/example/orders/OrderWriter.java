package com.example.orders;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

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

import org.springframework.stereotype.Service;

@Service
public class OrderWriter {

    /** One Arrow field per table column, by name; nullable columns may be left out. */
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("order_id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
            new Field("dt", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
            new Field("amount", FieldType.nullable(new ArrowType.Decimal(10, 2, 128)), null),
            new Field("created_at", FieldType.nullable(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)), null)));

    public record Order(long id, BigDecimal amount, LocalDateTime createdAt) {
    }

    private final PaimonOperations paimon;

    private final BufferAllocator allocator;

    public OrderWriter(PaimonOperations paimon, BufferAllocator allocator) {
        this.paimon = paimon;
        this.allocator = allocator;
    }

    public WriteResult save(List<Order> orders) {
        try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, this.allocator)) {
            root.allocateNew();
            BigIntVector id = (BigIntVector) root.getVector("order_id");
            VarCharVector dt = (VarCharVector) root.getVector("dt");
            DecimalVector amount = (DecimalVector) root.getVector("amount");
            TimeStampMicroVector createdAt = (TimeStampMicroVector) root.getVector("created_at");
            for (int i = 0; i < orders.size(); i++) {
                Order order = orders.get(i);
                id.setSafe(i, order.id());
                dt.setSafe(i, order.createdAt().toLocalDate().toString().getBytes(StandardCharsets.UTF_8));
                amount.setSafe(i, order.amount().setScale(2, RoundingMode.HALF_UP));
                createdAt.setSafe(i, order.createdAt().toEpochSecond(ZoneOffset.UTC) * 1_000_000L
                        + order.createdAt().getNano() / 1_000);
            }
            root.setRowCount(orders.size());
            return this.paimon.write("orders", root);   // one commit; nothing is committed on error
        }
    }
}
