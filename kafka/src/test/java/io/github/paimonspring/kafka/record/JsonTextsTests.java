package io.github.paimonspring.kafka.record;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.kafka.BadRecordException;
import io.github.paimonspring.kafka.BadRecordException.Reason;
import io.github.paimonspring.kafka.KafkaPipelineProperties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * One converter reads record after record with one fed parser ({@link JsonTexts}): good records between
 * bad ones, texts in other encodings, keys and values, across several renewals of the parser, each give
 * exactly the row (strings as plain slices or decoded) or the error a parser of their own gives; a text
 * that ends inside a nested value is refused and never leaves the reader waiting for more input.
 */
class JsonTextsTests {

	private static ConverterFixture fixture;

	private static RecordConverter converter;

	@BeforeAll
	static void openTable() throws Exception {
		fixture = new ConverterFixture(Schema.newBuilder()
			.column("id", DataTypes.BIGINT().notNull())
			.column("s", DataTypes.STRING())
			.column("tags", DataTypes.ARRAY(DataTypes.STRING()))
			.primaryKey("id")
			.option("bucket", "1")
			.build());
		converter = fixture.converter((settings) -> settings.setKeyFormat(KafkaPipelineProperties.KeyFormat.JSON));
	}

	@AfterAll
	static void closeTable() {
		fixture.close();
	}

	@Test
	void recordAfterRecordGivesWhatAParserOfItsOwnGives() {
		List<String> outcomes = new ArrayList<>();
		int texts = JsonTexts.TEXTS_PER_PARSER * 3 + 7;
		for (int i = 0; i < texts; i++) {
			String s = switch (i % 5) {
				case 0 -> "plain text " + i;
				case 1 -> "an \\\"escaped\\\" quote " + i;
				case 2 -> "caf\u00e9 " + i;
				case 3 -> "";
				default -> "x".repeat(i % 41) + i;
			};
			String decoded = s.replace("\\\"", "\"");
			String value = "{\"id\":" + i + ",\"s\":\"" + s + "\",\"tags\":[\"a\",\"" + s + "\"]}";
			if (i % 97 == 3) {
				assertBad(null, value.substring(0, value.length() - 4), StandardCharsets.UTF_8, "is not JSON");
				outcomes.add("truncated");
			}
			else if (i % 89 == 5) {
				assertBad(null, value + " {\"id\":1}", StandardCharsets.UTF_8, "has text after its JSON object");
				outcomes.add("trailing");
			}
			else if (i % 83 == 7) {
				assertBad(null, "{\"id\":" + i + ",\"s\":\"a\",\"s\":\"b\"}", StandardCharsets.UTF_8,
						"has a duplicate field 's'");
				outcomes.add("duplicate");
			}
			else if (i % 79 == 11) {
				assertBad(null, "{\"id\":" + i + ",\"s\":12}", StandardCharsets.UTF_8,
						"Column 's' (STRING) cannot take the JSON number 12");
				outcomes.add("mismatch");
			}
			else if (i % 71 == 13) {
				RecordRow row = row(null, value, StandardCharsets.UTF_16BE);
				assertThat(text(row.values()[1])).isEqualTo(decoded);
				outcomes.add("utf-16");
			}
			else if (i % 67 == 17) {
				RecordRow row = row(null, "\ufeff" + value, StandardCharsets.UTF_8);
				assertThat(text(row.values()[1])).isEqualTo(decoded);
				outcomes.add("bom");
			}
			else if (i % 61 == 19) {
				RecordRow row = row("{\"id\":" + (i + 1) + "} ", "{\"s\":\"" + s + "\"}", StandardCharsets.UTF_8);
				assertThat(row.values()[0]).isEqualTo((long) i + 1);
				assertThat(text(row.values()[1])).isEqualTo(decoded);
				outcomes.add("key");
			}
			else {
				RecordRow row = row(null, value, StandardCharsets.UTF_8);
				assertThat(row.values()[0]).as(value).isEqualTo((long) i);
				assertThat(text(row.values()[1])).as(value).isEqualTo(decoded);
				assertThat((List<?>) row.values()[2]).as(value).map(JsonTextsTests::text).containsExactly("a", decoded);
				outcomes.add("row");
			}
		}
		assertThat(outcomes).hasSize(texts).contains("truncated", "trailing", "duplicate", "mismatch", "utf-16",
				"bom", "key", "row");
	}

	@Test
	@Timeout(60)
	void aTextThatEndsInsideANestedValueIsRefused() {
		assertBad(null, "{\"id\":1,\"tags\":[\"a\",\"b\"", StandardCharsets.UTF_8, "is not JSON");
		assertBad(null, "{\"id\":1,\"tags\":[\"a\",[", StandardCharsets.UTF_8, "is not JSON");
		assertBad(null, "{\"id\":1,\"s\":\"unterminated", StandardCharsets.UTF_8, "is not JSON");
		assertBad("{\"id\":", "{\"s\":\"a\"}", StandardCharsets.UTF_8, "The key is not JSON");
		assertThat(row(null, "{\"id\":2,\"s\":\"after\"}", StandardCharsets.UTF_8).values()[0]).isEqualTo(2L);
	}

	private static String text(@Nullable Object value) {
		return (value instanceof byte[] bytes) ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(value);
	}

	private static RecordRow row(@Nullable String key, String value, Charset charset) {
		RecordConverter.Converted converted = converter.convert(record(key, value, charset));
		assertThat(converted).isNotNull();
		RowValues row = converted.row();
		assertThat(row).isNotNull();
		return row.toRow();
	}

	private static ConsumerRecord<byte[], byte[]> record(@Nullable String key, String value, Charset charset) {
		return new ConsumerRecord<>("topic", 0, 0, (key != null) ? key.getBytes(StandardCharsets.UTF_8) : null,
				value.getBytes(charset));
	}

	private static void assertBad(@Nullable String key, String value, Charset charset, String message) {
		assertThatExceptionOfType(BadRecordException.class)
			.isThrownBy(() -> converter.convert(record(key, value, charset)))
			.satisfies((ex) -> assertThat(ex.reason()).as(value).isIn(Reason.MALFORMED, Reason.MISMATCH))
			.withMessageContaining(message);
	}

}
