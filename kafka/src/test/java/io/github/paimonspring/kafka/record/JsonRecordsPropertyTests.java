package io.github.paimonspring.kafka.record;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.github.paimonspring.kafka.BadRecordException;
import io.github.paimonspring.kafka.KafkaPipelineProperties;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Generated records for a table of many column types — valid values, values of the wrong type, out of
 * range, with too many decimal places, nested values, unknown and duplicate fields, row kinds, and
 * values that are not exactly one JSON object (trailing text, two objects, arrays, scalars, truncated
 * text) — converted by the pipeline's streaming reader must give exactly the row, or the reason it is
 * bad, that the reference reading with a Jackson tree per record ({@link TreeJsonRecords}) gives; and a
 * key-format json key likewise.
 */
class JsonRecordsPropertyTests {

	private static final List<String> COLUMNS = List.of("id", "b", "t", "s", "i", "l", "f", "d", "dec", "big",
			"str", "bin", "dt", "tm", "ts", "ts6", "ltz", "arr", "m", "r");

	private static ConverterFixture fixture;

	private static RecordConverter strict;

	private static RecordConverter lenient;

	private static long offset;

	@BeforeContainer
	static void openTable() throws Exception {
		fixture = new ConverterFixture(Schema.newBuilder()
			.column("id", DataTypes.BIGINT().notNull())
			.column("b", DataTypes.BOOLEAN())
			.column("t", DataTypes.TINYINT())
			.column("s", DataTypes.SMALLINT())
			.column("i", DataTypes.INT())
			.column("l", DataTypes.BIGINT())
			.column("f", DataTypes.FLOAT())
			.column("d", DataTypes.DOUBLE())
			.column("dec", DataTypes.DECIMAL(10, 2))
			.column("big", DataTypes.DECIMAL(30, 5))
			.column("str", DataTypes.STRING())
			.column("bin", DataTypes.BYTES())
			.column("dt", DataTypes.DATE())
			.column("tm", DataTypes.TIME())
			.column("ts", DataTypes.TIMESTAMP(3))
			.column("ts6", DataTypes.TIMESTAMP(6))
			.column("ltz", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(3))
			.column("arr", DataTypes.ARRAY(DataTypes.INT()))
			.column("m", DataTypes.MAP(DataTypes.STRING(), DataTypes.DECIMAL(5, 1)))
			.column("r", DataTypes.ROW(DataTypes.FIELD(0, "a", DataTypes.INT().notNull()),
					DataTypes.FIELD(1, "z", DataTypes.ARRAY(DataTypes.STRING().notNull()))))
			.primaryKey("id")
			.option("bucket", "1")
			.build());
		strict = fixture.converter((settings) -> settings.setKeyFormat(KafkaPipelineProperties.KeyFormat.JSON));
		lenient = fixture.converter((settings) -> {
			settings.setKeyFormat(KafkaPipelineProperties.KeyFormat.JSON);
			settings.setIgnoreUnknownFields(true);
		});
	}

	@AfterContainer
	static void closeTable() {
		if (fixture != null) {
			fixture.close();
		}
	}

	@Property(tries = 1500, seed = "3303")
	void theStreamingReaderGivesTheRowsAndReasonsOfTheTreeReading(@ForAll("values") String value,
			@ForAll("keys") @Nullable String key, @ForAll boolean ignoreUnknownFields) {
		byte[] valueBytes = value.getBytes(StandardCharsets.UTF_8);
		byte[] keyBytes = (key != null) ? key.getBytes(StandardCharsets.UTF_8) : null;
		RecordConverter converter = ignoreUnknownFields ? lenient : strict;
		String expected = outcome(() -> TreeJsonRecords.read(converter.shape(), "_row_kind", ignoreUnknownFields,
				keyBytes, valueBytes));
		String actual = outcome(() -> boxed(converter
			.convert(new ConsumerRecord<>("fuzz", 0, offset++, keyBytes, valueBytes))));
		assertThat(actual).as("value %s, key %s", value, key).isEqualTo(expected);
		Statistics.collect(expected.startsWith("row") ? "row" : expected);
		Statistics.coverage((coverage) -> {
			coverage.check("row").percentage((percent) -> percent > 15);
			coverage.check("bad: MALFORMED").percentage((percent) -> percent > 10);
			coverage.check("bad: MISMATCH").percentage((percent) -> percent > 15);
		});
	}

	private static @Nullable RecordRow boxed(RecordConverter.@Nullable Converted converted) {
		RowValues row = (converted != null) ? converted.row() : null;
		return (row != null) ? row.toRow() : null;
	}

	private interface Reading {

		@Nullable RecordRow read();

	}

	/** A row as text (DECIMAL as its BigDecimal at the column's scale), or the reason it is bad. */
	private static String outcome(Reading reading) {
		RecordRow row;
		try {
			row = reading.read();
		}
		catch (BadRecordException ex) {
			if (ex.reason() == BadRecordException.Reason.MISMATCH) {
				assertThat(ex.getMessage()).as("a mismatch names its column").startsWith("Column '");
			}
			return "bad: " + ex.reason();
		}
		assertThat(row).isNotNull();
		List<String> values = new ArrayList<>();
		for (int i = 0; i < row.values().length; i++) {
			values.add(COLUMNS.get(i) + "=" + text(row.values()[i], row.shape().rowType().getTypeAt(i)));
		}
		return "row " + row.kind() + ": " + values;
	}

	@SuppressWarnings("unchecked")
	private static String text(@Nullable Object value, DataType type) {
		if (value == null) {
			return "null";
		}
		return switch (type.getTypeRoot()) {
			case DECIMAL -> ((value instanceof Long unscaled) ? BigDecimal.valueOf(unscaled,
					((DecimalType) type).getScale()) : (BigDecimal) value).toPlainString();
			case BINARY, VARBINARY -> Arrays.toString((byte[]) value);
			case CHAR, VARCHAR -> "utf8:" + Arrays.toString((value instanceof byte[] utf8) ? utf8
					: ((String) value).getBytes(StandardCharsets.UTF_8));
			case FLOAT, DOUBLE -> value.getClass().getSimpleName() + ":" + value;
			case ARRAY -> {
				List<String> items = new ArrayList<>();
				for (Object item : (List<Object>) value) {
					items.add(text(item, ((ArrayType) type).getElementType()));
				}
				yield items.toString();
			}
			case MAP -> {
				Map<String, String> items = new LinkedHashMap<>();
				for (Map.Entry<Object, Object> entry : ((Map<Object, Object>) value).entrySet()) {
					items.put(text(entry.getKey(), ((MapType) type).getKeyType()),
							text(entry.getValue(), ((MapType) type).getValueType()));
				}
				yield items.toString();
			}
			case ROW -> {
				List<String> items = new ArrayList<>();
				Object[] fields = (Object[]) value;
				for (int i = 0; i < fields.length; i++) {
					items.add(text(fields[i], ((RowType) type).getTypeAt(i)));
				}
				yield items.toString();
			}
			default -> value.getClass().getSimpleName() + ":" + value;
		};
	}

	@Provide
	Arbitrary<String> values() {
		Arbitrary<String> object = fields().map(JsonRecordsPropertyTests::object);
		Arbitrary<String> valid = validFields().map(JsonRecordsPropertyTests::object);
		return Arbitraries.frequencyOf(Tuple.of(8, valid), Tuple.of(12, object),
				Tuple.of(3, Combinators.combine(object, malformations()).as((json, bad) -> bad.apply(json))),
				Tuple.of(1, anyJson(2)));
	}

	@Provide
	Arbitrary<@Nullable String> keys() {
		Arbitrary<String> key = Combinators.combine(Arbitraries.of("id", "l", "i", "nope"), anyNumber())
			.as((name, number) -> "{\"" + name + "\":" + number + "}");
		Arbitrary<String> bad = Combinators.combine(key, malformations()).as((json, malformation) -> malformation
			.apply(json));
		return Arbitraries.frequencyOf(Tuple.of(6, Arbitraries.just(null)),
				Tuple.of(3, key), Tuple.of(1, bad));
	}

	private interface Malformation {

		String apply(String json);

	}

	private static Arbitrary<Malformation> malformations() {
		return Arbitraries.of((json) -> json + " trailing", (json) -> json + json, (json) -> json + "\n{}",
				(json) -> "[" + json + "]", (json) -> json.substring(0, json.length() - 1), (json) -> json + " ",
				(json) -> json.replaceFirst("\\{", "{\"b\":true,\"b\":false,"), (json) -> "", (json) -> "  ",
				(json) -> json + "]", (json) -> json + "// comment", (json) -> json.replace("\":", "\" "),
				(json) -> "\"" + json.replace("\"", "'") + "\"", (json) -> "\uFEFF" + json,
				(json) -> json.replace("{\"a\":", "{\"a\":0,\"a\":"),
				(json) -> json.replaceFirst("\\{", "{\"unknown\":1,\"unknown\":2,"));
	}

	private static String object(List<Map.Entry<String, String>> fields) {
		StringBuilder json = new StringBuilder("{");
		for (Map.Entry<String, String> field : fields) {
			if (json.length() > 1) {
				json.append(',');
			}
			json.append('"').append(field.getKey()).append("\":").append(field.getValue());
		}
		return json.append('}').toString();
	}

	private static Arbitrary<List<Map.Entry<String, String>>> fields() {
		List<Arbitrary<Map.Entry<String, String>>> all = new ArrayList<>();
		for (String column : COLUMNS) {
			all.add(Arbitraries.oneOf(typical(column), typical(column), typical(column), anyJson(2))
				.map((value) -> Map.entry(column, value)));
		}
		all.add(Arbitraries.of("\"+I\"", "\"-U\"", "\"+U\"", "\"-D\"", "0", "3", "4", "\"x\"", "null", "[]", "1.0")
			.map((value) -> Map.entry("_row_kind", value)));
		all.add(anyJson(1).map((value) -> Map.entry("unknown", value)));
		all.add(Combinators.combine(Arbitraries.of(COLUMNS), anyJson(1)).as(Map::entry));
		return Arbitraries.subsetOf(all).flatMap((chosen) -> Combinators.combine(new ArrayList<>(chosen)).as(
				(entries) -> {
					List<Map.Entry<String, String>> fields = new ArrayList<>(entries);
					Collections.shuffle(fields, new Random(fields.size()));
					if (!fields.isEmpty() && entries.size() % 3 == 0) {
						fields.add(0, Map.entry("id", "1")); // id first, mostly
					}
					return fields;
				}));
	}

	/** Objects with the id and values that fit their columns. */
	private static Arbitrary<List<Map.Entry<String, String>>> validFields() {
		List<Arbitrary<Map.Entry<String, String>>> all = new ArrayList<>();
		for (String column : COLUMNS.subList(1, COLUMNS.size())) {
			all.add(valid(column).map((value) -> Map.entry(column, value)));
		}
		all.add(Arbitraries.of("\"+I\"", "\"-D\"", "1", "null").map((value) -> Map.entry("_row_kind", value)));
		return Combinators.combine(Arbitraries.longs().map(String::valueOf), Arbitraries.subsetOf(all)
			.flatMap((chosen) -> Combinators.combine(new ArrayList<>(chosen)).as(ArrayList::new)))
			.as((id, fields) -> {
				List<Map.Entry<String, String>> object = new ArrayList<>(fields);
				object.add(fields.size() / 2, Map.entry("id", id));
				return object;
			});
	}

	private static Arbitrary<String> valid(String column) {
		return switch (column) {
			case "b" -> Arbitraries.of("true", "false", "null");
			case "t" -> Arbitraries.integers().between(-128, 127).map(String::valueOf);
			case "s" -> Arbitraries.shorts().map(String::valueOf);
			case "i" -> Arbitraries.integers().map(String::valueOf);
			case "l" -> Arbitraries.longs().map(String::valueOf);
			case "f", "d" -> Arbitraries.oneOf(Arbitraries.longs().map(String::valueOf),
					Arbitraries.bigDecimals().ofScale(6).map(BigDecimal::toPlainString),
					Arbitraries.doubles().map(String::valueOf)
						.filter((text) -> !text.contains("Infinity") && !text.contains("NaN")));
			case "dec" -> Arbitraries.bigDecimals().between(new BigDecimal("-99999999.99"),
					new BigDecimal("99999999.99")).ofScale(2).map(BigDecimal::toPlainString);
			case "big" -> Arbitraries.bigDecimals().between(BigDecimal.TEN.pow(24).negate(), BigDecimal.TEN.pow(24))
				.ofScale(3).map(BigDecimal::toPlainString);
			case "str" -> Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(30).map(JsonRecordsPropertyTests::quote),
					ascii());
			case "bin" -> Arbitraries.of("\"AQID\"", "\"\"", "\"/w==\"");
			case "dt" -> Arbitraries.of("\"2024-02-29\"", "19000", "-1");
			case "tm" -> Arbitraries.of("\"12:30:00\"", "\"23:59:59.999\"", "0", "86399999");
			case "ts", "ts6" -> Arbitraries.of("\"2024-01-02T03:04:05.5\"", "1700000000000", "-1");
			case "ltz" -> Arbitraries.of("\"2024-01-02T03:04:05Z\"", "1700000000000", "-1");
			case "arr" -> Arbitraries.integers().list().ofMaxSize(4).map(Object::toString);
			case "m" -> Arbitraries.of("{\"x\":1.5,\"y\":null}", "{}", "{\"\":-9999.9}");
			case "r" -> Arbitraries.of("{\"a\":1}", "{\"z\":[\"x\"],\"a\":-1}", "null");
			default -> throw new IllegalArgumentException(column);
		};
	}

	/** Values mostly meant for the column, with edge cases. */
	private static Arbitrary<String> typical(String column) {
		return switch (column) {
			case "id", "l" -> Arbitraries.oneOf(Arbitraries.longs().map(String::valueOf),
					Arbitraries.of("9223372036854775807", "-9223372036854775808", "9223372036854775808", "1.0",
							"1e2", "-0", "\"7\""));
			case "b" -> Arbitraries.of("true", "false", "\"true\"", "1", "null");
			case "t" -> Arbitraries.oneOf(Arbitraries.integers().between(-200, 200).map(String::valueOf),
					Arbitraries.of("127", "-128", "128", "300"));
			case "s" -> Arbitraries.oneOf(Arbitraries.integers().between(-40000, 40000).map(String::valueOf),
					Arbitraries.of("32767", "-32768", "32768"));
			case "i" -> Arbitraries.oneOf(Arbitraries.integers().map(String::valueOf),
					Arbitraries.of("2147483648", "3000000000", "-2147483649", "7.5"));
			case "f", "d" -> Arbitraries.oneOf(anyNumber(), Arbitraries.doubles().map(String::valueOf)
				.filter((text) -> !text.contains("Infinity") && !text.contains("NaN")),
					Arbitraries.of("1e400", "-1e400", "1e39", "3.4028235e38", "3.4028236e38", "1e-400", "-1e-400",
							"-1e-50", "-0.0", "-0", "0.1", "16777217", "9007199254740993", "1" + "0".repeat(400),
							"2.5E-45", "1.17549435E-38", "4.9e-324", "\"1.5\""));
			case "dec", "big", "m" -> decimalish(column);
			case "str" -> Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(20).map(JsonRecordsPropertyTests::quote),
					Arbitraries.of("\"\\u00e9\\n\\\"\"", "\"caf\u00e9 \u2603 \uD83D\uDE00\"", "\"\\ud800\"", "12",
							"\"a raw\ttab in a long string\"", "\"eight ascii bytes then caf\u00e9\"",
							"\"delete \u007f is plain\""),
					ascii());
			case "bin" -> Arbitraries.of("\"AQID\"", "\"\"", "\"not base64!\"", "\"AQI=\"", "[1,2]");
			case "dt" -> Arbitraries.of("\"2024-02-29\"", "\"2023-02-29\"", "19000", "-1", "2147483648",
					"\" 2024-01-01 \"", "\"x\"", "1.5");
			case "tm" -> Arbitraries.of("\"12:30:00\"", "\"23:59:59.999\"", "\"24:00\"", "0", "86399999",
					"86400000", "-1");
			case "ts", "ts6", "ltz" -> Arbitraries.of("\"2024-01-02T03:04:05.123\"", "\"2024-01-02 03:04:05\"",
					"\"2024-01-02T03:04:05.123456789\"", "\"2024-01-02T03:04:05Z\"",
					"\"2024-01-02T03:04:05+02:00\"", "1700000000000", "-1", "9223372036854775807",
					"99999999999999999999", "\"bad\"");
			case "arr" -> Arbitraries.oneOf(Arbitraries.integers().list().ofMaxSize(4).map(Object::toString),
					Arbitraries.of("[]", "[null]", "[1,\"a\"]", "[1.5]", "[3000000000]", "[[1]]", "{}"));
			case "r" -> Arbitraries.of("{\"a\":1}", "{\"a\":1,\"z\":[\"x\",\"y\"]}", "{\"z\":[]}", "{\"a\":null}",
					"{\"a\":1,\"q\":2}", "{\"a\":1,\"z\":[null]}", "{\"a\":1,\"a\":2}", "{\"a\":\"1\"}", "[]",
					"{\"a\":1,\"z\":null}");
			default -> anyJson(1);
		};
	}

	private static Arbitrary<String> decimalish(String column) {
		Arbitrary<String> number = Combinators.combine(Arbitraries.integers().between(0, 25),
				Arbitraries.integers().between(0, 8), Arbitraries.longs(), Arbitraries.of("", "-"))
			.as((digits, fraction, seed, sign) -> {
				String all = String.valueOf(Math.abs(seed % 1_000_000_000_000_000L)).repeat(3);
				String whole = all.substring(0, Math.min(digits, all.length()));
				String decimals = all.substring(all.length() - Math.min(fraction, all.length()));
				return sign + (whole.isEmpty() ? "0" : whole.replaceFirst("^0+(?=.)", ""))
						+ (decimals.isEmpty() ? "" : "." + decimals);
			});
		Arbitrary<String> value = Arbitraries.oneOf(number, number, anyNumber(),
				Arbitraries.of("1.500", "1.505", "0.00", "-0.01", "99999999.99", "100000000", "1e2", "1E-2",
						"12345678.9e1", "0.000000001", "\"12.5\"", "\" 7 \"", "\"x\"", "true",
						"99999999999999999999999.99999", "1000000000000000000000000"));
		if (column.equals("m")) {
			return Combinators.combine(value, value).as((a, b) -> "{\"x\":" + a + ",\"y\":" + b + "}");
		}
		return value;
	}

	private static Arbitrary<String> anyNumber() {
		return Arbitraries.oneOf(Arbitraries.longs().map(String::valueOf),
				Arbitraries.bigIntegers().between(BigInteger.TEN.pow(19).negate(),
						BigInteger.TEN.pow(25)).map(String::valueOf),
				Arbitraries.bigDecimals().ofScale(4).map(BigDecimal::toPlainString),
				Arbitraries.of("0", "-0", "1e0", "2E+3", "1.25e-1", "0.5"));
	}

	/** Any JSON value, nested up to a depth. */
	private static Arbitrary<String> anyJson(int depth) {
		Arbitrary<String> scalar = Arbitraries.oneOf(anyNumber(), Arbitraries.of("true", "false", "null"),
				Arbitraries.strings().ofMaxLength(8).map(JsonRecordsPropertyTests::quote),
				Arbitraries.of("\"2024-01-02\"", "\"12:00:00\"", "\"AQID\"", "\"1.5\"", "\"+I\""));
		if (depth <= 0) {
			return scalar;
		}
		Arbitrary<String> array = anyJson(depth - 1).list().ofMaxSize(3)
			.map((items) -> "[" + String.join(",", items) + "]");
		Arbitrary<String> object = Combinators.combine(Arbitraries.of("a", "z", "x", "y", "q"), anyJson(depth - 1))
			.as((name, item) -> "{\"" + name + "\":" + item + "}");
		return Arbitraries.oneOf(scalar, scalar, array, object);
	}

	/** Printable ASCII strings, long and short, some with escaped quotes and backslashes. */
	private static Arbitrary<String> ascii() {
		return Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(40).map(JsonRecordsPropertyTests::quote);
	}

	private static String quote(String text) {
		StringBuilder json = new StringBuilder("\"");
		for (char c : text.toCharArray()) {
			if (c == '"' || c == '\\') {
				json.append('\\').append(c);
			}
			else if (c < 0x20) {
				json.append(String.format("\\u%04x", (int) c));
			}
			else {
				json.append(c);
			}
		}
		return json.append('"').toString();
	}

}
