package io.github.paimonspring.write.parity;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;

/**
 * Every flat Paimon type the column-by-column writers write, each with the Arrow types that may feed
 * it and generators of the raw Arrow values: edge values (minimum and maximum of the Arrow width,
 * NaN, -0.0 and the infinities, the largest decimals, empty and multi-byte strings, dates and times
 * before 1970, and with the known divergences timestamps whose conversion overflows) mixed with
 * ordinary ones. Values are what the
 * Arrow vector holds: numbers, {@link String}s, {@link Bin}s, {@link BigDecimal}s of the Arrow scale
 * and timestamps as counts of the Arrow unit.
 */
final class ParityFeeds {

	/**
	 * A Paimon type fed from an Arrow type, with its values.
	 *
	 * @param type the Paimon type (nullable)
	 * @param arrow the Arrow type
	 * @param values the raw Arrow values, without nulls
	 */
	record Feed(DataType type, ArrowType arrow, Arbitrary<Object> values) {
	}

	static final ArrowType INT8 = new ArrowType.Int(8, true);

	static final ArrowType INT16 = new ArrowType.Int(16, true);

	static final ArrowType INT32 = new ArrowType.Int(32, true);

	static final ArrowType INT64 = new ArrowType.Int(64, true);

	/** Strings with one- to four-byte UTF-8 characters, the empty string and the small domain. */
	static final List<String> TEXT = List.of("", "a", "b", "zürich", "日本語", "😀", "a b", "Z");

	private ParityFeeds() {
	}

	/**
	 * Every feed of every flat type.
	 * @param known whether to draw the inputs of the known divergences ({@link KnownDivergences})
	 * @return the feeds
	 */
	static List<Feed> all(boolean known) {
		List<Feed> feeds = new ArrayList<>();
		feeds.add(new Feed(DataTypes.BOOLEAN(), ArrowType.Bool.INSTANCE, Arbitraries.of(true, false).map((b) -> b)));
		feeds.add(integer(DataTypes.TINYINT(), INT8));
		feeds.add(integer(DataTypes.SMALLINT(), INT8));
		feeds.add(integer(DataTypes.SMALLINT(), INT16));
		feeds.add(integer(DataTypes.INT(), INT16));
		feeds.add(integer(DataTypes.INT(), INT32));
		feeds.add(integer(DataTypes.BIGINT(), INT32));
		feeds.add(integer(DataTypes.BIGINT(), INT64));
		feeds.add(new Feed(DataTypes.FLOAT(), new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), floats()));
		feeds.add(new Feed(DataTypes.DOUBLE(), new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), floats()));
		feeds.add(new Feed(DataTypes.DOUBLE(), new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), doubles()));
		feeds.add(decimal(DataTypes.DECIMAL(5, 2), 5, 2));
		feeds.add(decimal(DataTypes.DECIMAL(5, 2), 3, 1));
		feeds.add(decimal(DataTypes.DECIMAL(18, 4), 18, 4));
		feeds.add(decimal(DataTypes.DECIMAL(18, 4), 10, 2));
		feeds.add(decimal(DataTypes.DECIMAL(30, 10), 30, 10));
		feeds.add(decimal(DataTypes.DECIMAL(30, 10), 18, 0));
		for (ArrowType utf8 : List.of(ArrowType.Utf8.INSTANCE, ArrowType.LargeUtf8.INSTANCE,
				ArrowType.Utf8View.INSTANCE)) {
			feeds.add(text(DataTypes.STRING(), utf8, 24));
			feeds.add(text(DataTypes.VARCHAR(10), utf8, 10));
			feeds.add(text(DataTypes.CHAR(5), utf8, 5));
		}
		feeds.add(new Feed(DataTypes.BINARY(4), new ArrowType.FixedSizeBinary(4), bytes(4, 4)));
		feeds.add(new Feed(DataTypes.VARBINARY(8), ArrowType.Binary.INSTANCE, bytes(0, 8)));
		feeds.add(new Feed(DataTypes.BYTES(), ArrowType.LargeBinary.INSTANCE, bytes(0, 16)));
		feeds.add(new Feed(DataTypes.BYTES(), ArrowType.BinaryView.INSTANCE, bytes(0, 16)));
		feeds.add(new Feed(DataTypes.DATE(), new ArrowType.Date(DateUnit.DAY), Arbitraries.frequencyOf(
				Tuple.of(4, Arbitraries.integers().between(-200_000, 200_000)),
				Tuple.of(1, Arbitraries.of(0, -1, 1, -719_162, 2_932_896))).map((d) -> d)));
		feeds.add(new Feed(DataTypes.DATE(), new ArrowType.Date(DateUnit.MILLISECOND), Arbitraries.frequencyOf(
				Tuple.of(4, Arbitraries.longs().between(-20_000_000_000_000L, 20_000_000_000_000L)),
				Tuple.of(1, Arbitraries.of(0L, -1L, 1L, 86_399_999L, -86_400_000L))).map((d) -> d)));
		feeds.add(new Feed(DataTypes.TIME(3), new ArrowType.Time(TimeUnit.MILLISECOND, 32), Arbitraries.frequencyOf(
				Tuple.of(4, Arbitraries.integers().between(0, 86_399_999)),
				Tuple.of(1, Arbitraries.of(0, 86_399_999))).map((t) -> t)));
		feeds.add(new Feed(DataTypes.TIME(0), new ArrowType.Time(TimeUnit.SECOND, 32),
				Arbitraries.integers().between(0, 86_399).map((t) -> t)));
		feeds.add(new Feed(DataTypes.TIME(3), new ArrowType.Time(TimeUnit.MICROSECOND, 64),
				Arbitraries.longs().between(0, 86_399_999_999L).map((t) -> t)));
		for (int precision : new int[] { 0, 3, 6, 9 }) {
			for (TimeUnit unit : TimeUnit.values()) {
				feeds.add(new Feed(DataTypes.TIMESTAMP(precision), new ArrowType.Timestamp(unit, null), timestamps(unit,
						known)));
				feeds.add(new Feed(DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(precision), new ArrowType.Timestamp(unit,
						"UTC"),
						timestamps(unit, known)));
			}
		}
		return feeds;
	}

	/** Integers within the Arrow width: its minimum and maximum, around zero, and anything. */
	static Feed integer(DataType type, ArrowType arrow) {
		int bits = ((ArrowType.Int) arrow).getBitWidth();
		long min = (bits == 64) ? Long.MIN_VALUE : -(1L << (bits - 1));
		long max = (bits == 64) ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
		Arbitrary<Long> values = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.longs().between(-5, 5)),
				Tuple.of(2, Arbitraries.of(min, max, min + 1, max - 1)), Tuple.of(3, Arbitraries.longs().between(min,
						max)));
		return new Feed(type, arrow, values.map((v) -> v));
	}

	private static Arbitrary<Object> floats() {
		return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.floats().between(-1e6f, 1e6f)),
				Tuple.of(2, Arbitraries.of(Float.NaN, -0.0f, 0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
						Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, 1.0f, -1.0f)))
			.map((f) -> f);
	}

	private static Arbitrary<Object> doubles() {
		return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.doubles().between(-1e12, 1e12)),
				Tuple.of(2, Arbitraries.of(Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
						Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0, -1.0)))
			.map((d) -> d);
	}

	/** Decimals of an Arrow precision and scale, up to the largest it holds. */
	static Feed decimal(DataType type, int precision, int scale) {
		BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
		Arbitrary<BigInteger> unscaled = Arbitraries.frequencyOf(
				Tuple.of(3, Arbitraries.bigIntegers().between(max.negate(), max)),
				Tuple.of(2, Arbitraries.of(max, max.negate(), BigInteger.ZERO, BigInteger.ONE,
						BigInteger.ONE.negate())),
				Tuple.of(2, Arbitraries.bigIntegers().between(BigInteger.valueOf(-999), BigInteger.valueOf(999))));
		return new Feed(type, new ArrowType.Decimal(precision, scale, 128),
				unscaled.map((u) -> new BigDecimal(u, scale)));
	}

	/** Strings of at most {@code maxLength} code points: the small domain, multi-byte text and anything. */
	static Feed text(DataType type, ArrowType arrow, int maxLength) {
		Arbitrary<String> free = Arbitraries.strings().withChars("aAz0 -_/=%üß€日本語").ofMaxLength(maxLength);
		Arbitrary<String> values = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.of(TEXT)), Tuple.of(2, free),
				Tuple.of(1, Arbitraries.of("😀😀", "𝄞x", "\u0000", "ÿ", "\uFFFD")));
		return new Feed(type, arrow, values.map((s) -> truncate(s, maxLength)));
	}

	static String truncate(String value, int codePoints) {
		return (value.codePointCount(0, value.length()) <= codePoints) ? value
				: value.substring(0, value.offsetByCodePoints(0, codePoints));
	}

	private static Arbitrary<Object> bytes(int min, int max) {
		return Arbitraries.bytes().array(byte[].class).ofMinSize(min).ofMaxSize(max).map(Bin::new);
	}

	/**
	 * Timestamps as counts of the Arrow unit: from 1843 to 2096 with sub-unit digits, around 1970, and
	 * rarely values whose conversion to milli- or microseconds overflows.
	 */
	static Arbitrary<Object> timestamps(TimeUnit unit, boolean known) {
		long perSecond = switch (unit) {
			case SECOND -> 1L;
			case MILLISECOND -> 1_000L;
			case MICROSECOND -> 1_000_000L;
			case NANOSECOND -> 1_000_000_000L;
		};
		Arbitrary<Long> ordinary = Arbitraries.longs().between(-4_000_000_000L, 4_000_000_000L)
			.flatMap((s) -> Arbitraries.longs().between(0, perSecond - 1).map((f) -> s * perSecond + f));
		Arbitrary<Long> near = Arbitraries.of(0L, -1L, 1L, perSecond - 1, -perSecond);
		if (!known) {
			return Arbitraries.frequencyOf(Tuple.of(40, ordinary), Tuple.of(10, near)).map((t) -> t);
		}
		Arbitrary<Long> extreme = Arbitraries.of(KnownDivergences.EXTREME_TIMESTAMPS);
		return Arbitraries.frequencyOf(Tuple.of(40, ordinary), Tuple.of(10, near), Tuple.of(1, extreme)).map((t) -> t);
	}

}
