package io.github.paimonspring.httptests.docs;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.github.paimonspring.httptests.ArrowBodies;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The Arrow IPC stream files under {@code docs/examples/} that the documents' {@code curl} examples upload
 * ({@code -T docs/examples/orders.arrows}), each with the sample app's table it is made for. They are made
 * here, with Arrow Java ({@link ArrowBodies}), and checked in; {@code ExampleFilesTests} fails when a file
 * differs from what this class makes, and rewrites them with {@code -Dpaimon.docs.write-examples=true}.
 */
final class ExampleFiles {

	/** {@code shop.orders}: order_id, dt, customer, amount DECIMAL(10, 2), created_at TIMESTAMP(6). */
	static final List<Field> ORDERS = List.of(ArrowBodies.intField("order_id", 64), ArrowBodies.utf8Field("dt"),
			ArrowBodies.utf8Field("customer"), ArrowBodies.field("amount", new ArrowType.Decimal(10, 2, 128)),
			ArrowBodies.field("created_at", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)));

	/** {@code shop.events}: event_time TIMESTAMP_LTZ(3), kind, payload. */
	static final List<Field> EVENTS = List.of(
			ArrowBodies.field("event_time", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
			ArrowBodies.utf8Field("kind"), ArrowBodies.utf8Field("payload"));

	/** {@code shop.clicks}: click_id, dt, page. */
	static final List<Field> CLICKS = List.of(ArrowBodies.intField("click_id", 64), ArrowBodies.utf8Field("dt"),
			ArrowBodies.utf8Field("page"));

	/** A file: its name under {@code docs/examples/}, the table it is for, its rows. */
	record ExampleFile(String name, String table, List<Field> fields, List<Object[]> rows) {

		byte[] bytes() {
			return ArrowBodies.of(this.fields, this.rows.toArray(Object[][]::new));
		}

	}

	/** Every file, in the order the documents use them. */
	static final List<ExampleFile> FILES = List.of(
			new ExampleFile("orders.arrows", "shop.orders", ORDERS,
					List.of(order(1, "alice", "9.99", "2026-11-30T10:00"), order(2, "bob", "5.00", null))),
			new ExampleFile("part-1.arrows", "shop.orders", ORDERS,
					List.of(order(3, "carol", "12.50", "2026-11-30T11:00"),
							order(4, "dave", "7.25", "2026-11-30T11:30"))),
			new ExampleFile("part-2.arrows", "shop.orders", ORDERS,
					List.of(order(5, "erin", "20.00", "2026-11-30T12:00"),
							order(6, "frank", "3.10", "2026-11-30T12:30"))),
			new ExampleFile("clicks.arrows", "shop.clicks", CLICKS,
					List.of(new Object[] { 1L, "2026-11-30", "/" }, new Object[] { 2L, "2026-11-30", "/cart" })),
			new ExampleFile("events.arrows", "shop.events", EVENTS,
					List.of(event("2026-11-30T10:00:00", "click", "{\"page\":\"/\"}"),
							event("2026-11-30T10:00:00.001", "view", "{\"page\":\"/cart\"}"))));

	/** The directory of the files, relative to the repository root. */
	static final String DIRECTORY = "docs/examples";

	private ExampleFiles() {
	}

	static Path directory() {
		return MarkdownBlocks.root().resolve(DIRECTORY);
	}

	/** The file of this name ({@code orders.arrows}), or {@code null}. */
	static ExampleFile named(String name) {
		return FILES.stream().filter((file) -> file.name().equals(name)).findFirst().orElse(null);
	}

	private static Object[] order(long id, String customer, String amount, String createdAt) {
		Long micros = (createdAt != null)
				? ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), LocalDateTime.parse(createdAt)) : null;
		return new Object[] { id, "2026-11-30", customer, new BigDecimal(amount), micros };
	}

	private static Object[] event(String time, String kind, String payload) {
		return new Object[] { LocalDateTime.parse(time).toInstant(ZoneOffset.UTC).toEpochMilli(), kind, payload };
	}

}
