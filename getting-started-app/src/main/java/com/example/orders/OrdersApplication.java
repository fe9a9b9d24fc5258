package com.example.orders;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;

import io.github.paimonspring.core.WriteResult;

import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
public class OrdersApplication {

    public static void main(String[] args) {
        SpringApplication.run(OrdersApplication.class, args);
    }

    @Bean
    CommandLineRunner writeOrders(OrderWriter writer, OrderReader reader) {
        return (args) -> {
            WriteResult result = writer.save(List.of(
                    new OrderWriter.Order(1, new BigDecimal("9.99"), LocalDateTime.parse("2026-11-30T10:00:00")),
                    new OrderWriter.Order(2, new BigDecimal("5"), LocalDateTime.parse("2026-12-01T08:30:00"))));
            System.out.println(result.rows() + " orders committed in snapshot " + result.snapshotId());
            reader.all().forEach(System.out::println);
        };
    }
}
