package io.github.paimonspring.kafka.record;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

import io.github.paimonspring.kafka.BadRecordException;
import io.github.paimonspring.kafka.BadRecordException.Reason;
import io.github.paimonspring.kafka.KafkaPipelineProperties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.DecimalType;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Strict JSON records, converted against a real table: a value or key-format json key is exactly one
 * JSON object; duplicate fields, numbers beyond a column's range, fractions for integers and decimals
 * beyond a column's scale or precision make the record bad with a message naming the column; the
 * documented lossy conversions (to FLOAT and DOUBLE) are accepted.
 */
class JsonRecordsTests {

	private static ConverterFixture fixture;

	private static RecordConverter converter;

	private static RecordConverter keyed;

	@BeforeAll
	static void openTable() throws Exception {
		fixture = new ConverterFixture(Schema.newBuilder()
			.column("id", DataTypes.BIGINT().notNull())
			.column("tiny", DataTypes.TINYINT())
			.column("num", DataTypes.INT())
			.column("f", DataTypes.FLOAT())
			.column("d", DataTypes.DOUBLE())
			.column("price", DataTypes.DECIMAL(5, 2))
			.column("wide", DataTypes.DECIMAL(25, 3))
			.column("r", DataTypes.ROW(DataTypes.FIELD(0, "a", DataTypes.INT()), DataTypes.FIELD(1, "b",
					DataTypes.STRING())))
			.column("tags", DataTypes.MAP(DataTypes.STRING(), DataTypes.STRING()))
			.primaryKey("id")
			.option("bucket", "1")
			.build());
		converter = fixture.converter((settings) -> {
		});
		keyed = fixture.converter((settings) -> settings.setKeyFormat(KafkaPipelineProperties.KeyFormat.JSON));
	}

	@AfterAll
	static void closeTable() {
		fixture.close();
	}

	@Test
	void aValueMustBeExactlyOneJsonObject() {
		assertBad("{\"id\": 9, \"num\": 1} trailing", Reason.MALFORMED,
				"The value has text after its JSON object at byte 20: 'trailing' (a record holds one JSON object)");
		assertBad("{\"id\":1}{\"id\":2}", Reason.MALFORMED, "The value has text after its JSON object at byte 8: "
				+ "'{\"id\":2}'");
		assertBad("{\"id\":1} \n {\"id\":2}", Reason.MALFORMED, "at byte 11: '{\"id\":2}'");
		assertBad("{\"id\":1}]", Reason.MALFORMED, "at byte 8: ']'");
		assertBad("[{\"id\":1}]", Reason.MALFORMED, "The value is a JSON array, not an object");
		assertBad("42", Reason.MALFORMED, "The value is a JSON number, not an object");
		assertBad("\"text\"", Reason.MALFORMED, "The value is a JSON string, not an object");
		assertBad("null", Reason.MALFORMED, "The value is a JSON null, not an object");
		assertBad("", Reason.MALFORMED, "The value is empty");
		assertBad(" \n ", Reason.MALFORMED, "The value is empty");
		assertBad("{\"id\":1", Reason.MALFORMED, "The value is not JSON: ");
		assertBad("{\"id\":1,}", Reason.MALFORMED, "The value is not JSON: ");
		assertThat(row("{\"id\":1}  \r\n\t").values()[0]).isEqualTo(1L);
	}

	@Test
	void malformedTextWinsOverAFieldThatDoesNotFit() {
		assertBad("{\"num\":\"not a number\"} trailing", Reason.MALFORMED, "text after its JSON object");
		assertBad("{\"num\":[1, 2, {\"x\": 1}]", Reason.MALFORMED, "is not JSON");
	}

	@Test
	void duplicateFieldNamesAreMalformedAtAnyDepth() {
		assertBad("{\"id\":1,\"num\":2,\"num\":3}", Reason.MALFORMED, "has a duplicate field 'num'");
		assertBad("{\"id\":1,\"r\":{\"a\":1,\"a\":2}}", Reason.MALFORMED, "has a duplicate field 'a'");
		assertBad("{\"id\":1,\"tags\":{\"x\":\"1\",\"x\":\"2\"}}", Reason.MALFORMED, "has a duplicate field 'x'");
		assertBad("{\"id\":1,\"unknown\":{\"x\":1,\"x\":2}}", Reason.MALFORMED, "has a duplicate field 'x'");
	}

	@Test
	void numbersMustFitTheirColumn() {
		assertBad("{\"id\":9223372036854775808}", Reason.MISMATCH,
				"Column 'id' (BIGINT) cannot hold 9223372036854775808");
		assertBad("{\"id\":-9223372036854775809}", Reason.MISMATCH, "Column 'id' (BIGINT) cannot hold");
		assertBad("{\"id\":1,\"tiny\":300}", Reason.MISMATCH, "Column 'tiny' (TINYINT) cannot hold 300");
		assertBad("{\"id\":1,\"tiny\":-129}", Reason.MISMATCH, "Column 'tiny' (TINYINT) cannot hold -129");
		assertBad("{\"id\":1,\"num\":3000000000}", Reason.MISMATCH, "Column 'num' (INT) cannot hold 3000000000");
		assertBad("{\"id\":1,\"num\":1.5}", Reason.MISMATCH, "Column 'num' (INT) cannot take the JSON number 1.5");
		assertBad("{\"id\":1,\"num\":1.0}", Reason.MISMATCH, "Column 'num' (INT) cannot take the JSON number 1.0");
		assertBad("{\"id\":1,\"num\":1e2}", Reason.MISMATCH, "Column 'num' (INT) cannot take the JSON number");
		assertBad("{\"id\":1,\"d\":1e400}", Reason.MISMATCH,
				"Column 'd' (DOUBLE) cannot hold 1e400 (beyond the range of DOUBLE)");
		assertBad("{\"id\":1,\"d\":-1e400}", Reason.MISMATCH, "Column 'd' (DOUBLE) cannot hold -1e400");
		assertBad("{\"id\":1,\"f\":1e39}", Reason.MISMATCH, "Column 'f' (FLOAT) cannot hold 1e39");
		assertBad("{\"id\":1,\"f\":" + "9".repeat(40) + "}", Reason.MISMATCH, "Column 'f' (FLOAT) cannot hold");
		assertBad("{\"id\":1,\"price\":1.005}", Reason.MISMATCH,
				"Column 'price' (DECIMAL(5, 2)) cannot hold 1.005 (more than 2 decimal places)");
		assertBad("{\"id\":1,\"price\":1000.5}", Reason.MISMATCH,
				"Column 'price' (DECIMAL(5, 2)) cannot hold 1000.5 (more than 5 digits)");
		assertBad("{\"id\":1,\"price\":\"12.345\"}", Reason.MISMATCH, "more than 2 decimal places");
		assertBad("{\"id\":1,\"price\":1e5}", Reason.MISMATCH, "more than 5 digits");
		assertBad("{\"id\":1,\"wide\":1234567890123456789012345}", Reason.MISMATCH,
				"Column 'wide' (DECIMAL(25, 3)) cannot hold 1234567890123456789012345 (more than 25 digits)");
		assertBad("{\"id\":1,\"r\":{\"a\":2147483648}}", Reason.MISMATCH, "Column 'r.a' (INT) cannot hold");
	}

	@Test
	void decimalsThatFitAreExact() {
		assertThat(decimal("price", "999.99")).isEqualByComparingTo("999.99");
		assertThat(decimal("price", "-0.5")).isEqualByComparingTo("-0.50");
		assertThat(decimal("price", "1.500")).isEqualByComparingTo("1.50");
		assertThat(decimal("price", "12")).isEqualByComparingTo("12.00");
		assertThat(decimal("price", "1.25e1")).isEqualByComparingTo("12.50");
		assertThat(decimal("price", "\"7.1\"")).isEqualByComparingTo("7.10");
		assertThat(decimal("wide", "1234567890123456789012.345")).isEqualByComparingTo("1234567890123456789012.345");
	}

	@Test
	void floatAndDoubleTakeTheNearestValue() {
		assertThat(row("{\"id\":1,\"f\":0.1,\"d\":0.1}").values()).contains(0.1f, 0.1d);
		assertThat(row("{\"id\":1,\"f\":16777217}").values()[3]).isEqualTo(16777216f);
		assertThat(row("{\"id\":1,\"d\":9007199254740993}").values()[4]).isEqualTo(9007199254740992d);
		assertThat(row("{\"id\":1,\"d\":1e-400}").values()[4]).isEqualTo(0d);
		assertThat(row("{\"id\":1,\"d\":-0.0}").values()[4]).isEqualTo(0d);
		assertThat(row("{\"id\":1,\"f\":3.4028235e38}").values()[3]).isEqualTo(Float.MAX_VALUE);
	}

	@Test
	void aJsonKeyIsExactlyOneObjectToo() {
		assertThat(keyed("{\"id\":5}", "{\"num\":1}").values()[0]).isEqualTo(5L);
		assertKeyBad("{\"id\":5} x", Reason.MALFORMED,
				"The key has text after its JSON object at byte 9: 'x' (a record holds one JSON object) "
						+ "(key-format is json)");
		assertKeyBad("{\"id\":5}{\"id\":6}", Reason.MALFORMED, "The key has text after its JSON object at byte 8");
		assertKeyBad("[5]", Reason.MALFORMED, "The key is a JSON array, not an object");
		assertKeyBad("5", Reason.MALFORMED, "The key is a JSON number, not an object");
		assertKeyBad("{\"id\":5,\"id\":6}", Reason.MALFORMED, "has a duplicate field 'id'");
		assertKeyBad("{\"id\":5", Reason.MALFORMED, "The key is not JSON (key-format is json)");
		assertKeyBad("{\"id\":92233720368547758070}", Reason.MISMATCH, "Column 'id' (BIGINT) cannot hold");
		assertKeyBad("{\"nope\":1}", Reason.MISMATCH, "Column 'nope' of the record key is not a column of table");
	}

	private static RecordRow row(String value) {
		RecordRow row = convert(converter, null, value);
		assertThat(row).isNotNull();
		return row;
	}

	private static RecordRow keyed(String key, String value) {
		RecordRow row = convert(keyed, key, value);
		assertThat(row).isNotNull();
		return row;
	}

	private static BigDecimal decimal(String column, String json) {
		RecordRow row = row("{\"id\":1,\"" + column + "\":" + json + "}");
		int index = row.shape().index(column);
		Object value = row.values()[index];
		int scale = ((DecimalType) row.shape().rowType().getTypeAt(index)).getScale();
		return (value instanceof Long unscaled) ? BigDecimal.valueOf(unscaled, scale) : (BigDecimal) value;
	}

	private static @Nullable RecordRow convert(RecordConverter with, @Nullable String key, String value) {
		RecordConverter.Converted converted = with.convert(new ConsumerRecord<>("topic", 0, 0,
				(key != null) ? key.getBytes(StandardCharsets.UTF_8) : null, value.getBytes(StandardCharsets.UTF_8)));
		assertThat(converted).isNotNull();
		RowValues row = converted.row();
		return (row != null) ? row.toRow() : null;
	}

	private static void assertBad(String value, Reason reason, String message) {
		assertThatExceptionOfType(BadRecordException.class).isThrownBy(() -> convert(converter, null, value))
			.satisfies((ex) -> assertThat(ex.reason()).as(value).isEqualTo(reason))
			.withMessageContaining(message);
	}

	private static void assertKeyBad(String key, Reason reason, String message) {
		assertThatExceptionOfType(BadRecordException.class).isThrownBy(() -> convert(keyed, key, "{\"num\":1}"))
			.satisfies((ex) -> assertThat(ex.reason()).as(key).isEqualTo(reason))
			.withMessageContaining(message);
	}

}
