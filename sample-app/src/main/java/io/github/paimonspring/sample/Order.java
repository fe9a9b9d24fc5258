package io.github.paimonspring.sample;

import java.math.BigDecimal;
import java.time.LocalDateTime;

/**
 * An order as the sample's JSON API receives and returns it.
 *
 * @param orderId the order id
 * @param customer the customer name
 * @param amount the order amount (two decimals)
 * @param createdAt when the order was created; its date is the partition
 */
public record Order(long orderId, String customer, BigDecimal amount, LocalDateTime createdAt) {
}
