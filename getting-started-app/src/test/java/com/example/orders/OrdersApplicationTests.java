package com.example.orders;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;

import io.github.paimonspring.core.WriteResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The getting-started application as a user's own test would run it: the page's configuration and
 * classes on the page's pom; the main class's runner writes two orders at start and prints them, then a
 * write with {@code OrderWriter} is read back with {@code OrderReader}.
 */
@SpringBootTest
@ExtendWith(OutputCaptureExtension.class)
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
	void theRunnersOrdersThenOrdersWrittenWithTheWriterReadBackWithTheReader(CapturedOutput output) {
		// the main class's runner, at start
		assertThat(output.getOut()).contains("2 orders committed in snapshot 1", "1 2026-11-30 9.99",
				"2 2026-12-01 5.00");
		assertThat(this.reader.all()).containsExactlyInAnyOrder("1 2026-11-30 9.99", "2 2026-12-01 5.00");

		WriteResult result = this.writer.save(List.of(
				new OrderWriter.Order(1, new BigDecimal("10"), LocalDateTime.parse("2026-11-30T10:00:00")),
				new OrderWriter.Order(3, new BigDecimal("12.5"), LocalDateTime.parse("2026-12-01T09:15:00"))));
		assertThat(result.committed()).isTrue();
		assertThat(result.rows()).isEqualTo(2);
		// order 1 replaced (one row per primary key), the runner's order 2 kept
		assertThat(this.reader.all()).containsExactlyInAnyOrder("1 2026-11-30 10.00", "2 2026-12-01 5.00",
				"3 2026-12-01 12.50");
	}

}
