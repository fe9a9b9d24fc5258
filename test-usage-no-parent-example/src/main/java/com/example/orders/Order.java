package com.example.orders;

import java.math.BigDecimal;

/** An order. */
public record Order(long orderId, String customer, BigDecimal amount) {
}
