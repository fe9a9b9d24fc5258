package com.example.orders;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;

import io.github.paimonspring.core.WriteResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The getting-started application as a user's own test would run it: the page's configuration and
 * classes on the page's pom, a write with {@code OrderWriter} read back with {@code OrderReader}.
 */
@SpringBootTest
class OrdersApplicationTests {

	@TempDir
	static Path warehouse;

	@DynamicPropertySource
	static void warehouse(DynamicPropertyRegistry registry) {
		registry.add("paimon.catalog.warehouse", () -> warehouse.toString());
	}

	@Autowired
	OrderWriter writer;

	@Autowired
	OrderReader reader;

	@Test
	void ordersWrittenWithTheWriterReadBackWithTheReader() {
		WriteResult result = this.writer.save(List.of(
				new OrderWriter.Order(1, new BigDecimal("9.99"), LocalDateTime.parse("2026-11-30T10:00:00")),
				new OrderWriter.Order(2, new BigDecimal("5"), LocalDateTime.parse("2026-12-01T08:30:00"))));
		assertThat(result.committed()).isTrue();
		assertThat(result.rows()).isEqualTo(2);
		assertThat(this.reader.all()).containsExactlyInAnyOrder("1 2026-11-30 9.99", "2 2026-12-01 5.00");
	}

}
