package io.github.paimonspring.write.parity;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.write.parity.ParityCase.Filters;
import io.github.paimonspring.write.parity.ParityCase.Round;
import io.github.paimonspring.write.parity.ParityCase.Row;
import io.github.paimonspring.write.parity.ParityFeeds.Feed;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.Tuple;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;

/**
 * Generates {@link ParityCase}s: table shapes, schemas over every flat type ({@link ParityFeeds}),
 * option sets, rows with nulls, edge values and row kinds, and interleavings of write, prepare,
 * commit and restart.
 */
final class ParityCases {

	/** Keys from a small domain, so that rows of one case update each other. */
	private static final int KEYS = 6;

	private final int maxRows;

	private final boolean knownDivergences;

	/**
	 * Creates the generator.
	 * @param maxRows the most rows of one batch
	 * @param knownDivergences whether to draw the inputs of the divergences issue 31 lists and the team
	 * is fixing ({@link KnownDivergences}); without, those inputs are not drawn
	 */
	ParityCases(int maxRows, boolean knownDivergences) {
		this.maxRows = maxRows;
		this.knownDivergences = knownDivergences;
	}

	Arbitrary<ParityCase> cases() {
		Arbitrary<Integer> shape = Arbitraries.integers().between(0, 4); // 0: append, 1..4: buckets
		Arbitrary<Integer> partition = Arbitraries.of(0, 1, 2); // none, INT, STRING
		Arbitrary<ArrowType> number = Arbitraries.of(ParityFeeds.INT8, ParityFeeds.INT16, ParityFeeds.INT32);
		return Combinators.combine(shape, partition, keyFeeds(), number, Arbitraries.of(feeds()).list().ofMaxSize(6))
			.flatAs(this::table);
	}

	private List<Feed> feeds() {
		return ParityFeeds.all(this.knownDivergences);
	}

	private Arbitrary<ParityCase> table(int bucket, int partitioned, Feed key, ArrowType numberArrow,
			List<Feed> extras) {
		boolean primaryKey = bucket > 0;
		List<ParityColumn> columns = new ArrayList<>();
		List<Arbitrary<Object>> values = new ArrayList<>();
		List<String> primaryKeys = new ArrayList<>();
		if (primaryKey) {
			columns.add(new ParityColumn("k", key.type().notNull(), key.arrow()));
			values.add(key.values());
			primaryKeys.add("k");
		}
		String partitionKey = null;
		if (partitioned > 0) {
			partitionKey = "p";
			Feed feed = (partitioned == 1) ? new Feed(DataTypes.INT(), ParityFeeds.INT32, Arbitraries.of(0, 1, 2,
					-1).map((v) -> v))
					: new Feed(DataTypes.STRING(), ArrowType.Utf8.INSTANCE,
							Arbitraries.of("2024-01-01", "2024-01-02", "zürich", "", "not-a-date").map((v) -> v));
			columns.add(new ParityColumn("p", primaryKey ? feed.type().notNull() : feed.type(), feed.arrow()));
			values.add(primaryKey ? feed.values() : feed.values().injectNull(0.1));
			if (primaryKey) {
				primaryKeys.add("p");
			}
		}
		Feed number = ParityFeeds.integer(DataTypes.INT(), numberArrow);
		columns.add(new ParityColumn(ParityCase.NUMBER, number.type(), number.arrow()));
		values.add(number.values().injectNull(0.15));
		Feed text = ParityFeeds.text(DataTypes.STRING(), ArrowType.Utf8.INSTANCE, 24);
		columns.add(new ParityColumn(ParityCase.TEXT, text.type(), text.arrow()));
		values.add(text.values().injectNull(0.15));
		for (int i = 0; i < extras.size(); i++) {
			columns.add(new ParityColumn("c" + i, extras.get(i).type(), extras.get(i).arrow()));
			values.add(extras.get(i).values().injectNull(0.2));
		}
		Arbitrary<RowKind> kinds = primaryKey ? Arbitraries.frequency(Tuple.of(6, RowKind.INSERT),
				Tuple.of(1, RowKind.UPDATE_BEFORE), Tuple.of(2, RowKind.UPDATE_AFTER), Tuple.of(2, RowKind.DELETE))
				: Arbitraries.just(RowKind.INSERT);
		Arbitrary<Row> row = Combinators.combine(values).as((list) -> list).flatMap((list) -> kinds
				.map((kind) -> new Row(kind, list)));
		Arbitrary<List<Row>> batch = row.list().ofMaxSize(this.maxRows).withSizeDistribution(RandomDistribution
				.uniform());
		Arbitrary<Round> round = Combinators.combine(
				Arbitraries.frequency(Tuple.of(1, 0), Tuple.of(4, 1), Tuple.of(2,
						2)).flatMap((n) -> batch.list().ofSize(n)),
				Arbitraries.integers().between(0, 3), Arbitraries.frequency(Tuple.of(4, false), Tuple.of(1, true)))
			.as(Round::new);
		Arbitrary<Filters> filters = Combinators.combine(Arbitraries.integers().between(-5, 5),
				Arbitraries.integers().between(0, 4), Arbitraries.of(ParityFeeds.TEXT),
						Arbitraries.of(ParityFeeds.TEXT))
			.as(Filters::new);
		String partitionType = (partitioned == 2) ? "STRING" : (partitioned == 1) ? "INT" : null;
		String finalPartitionKey = partitionKey;
		return Combinators.combine(options(primaryKey, partitionType), Arbitraries.of(true, false),
				round.list().ofMinSize(1).ofMaxSize(4), filters)
			.as((options, kindColumn, rounds, filter) -> new ParityCase(List.copyOf(primaryKeys),
					primaryKey ? bucket : -1, finalPartitionKey, List.copyOf(columns), options,
					primaryKey || kindColumn, rounds, filter));
	}

	/** Key columns: values from a small domain, timestamps that differ below the stored precision. */
	private Arbitrary<Feed> keyFeeds() {
		List<Feed> keys = new ArrayList<>();
		keys.add(small(DataTypes.INT(), ParityFeeds.INT32, List.of(0, 1, 2, 3, -1, Integer.MIN_VALUE)));
		keys.add(small(DataTypes.BIGINT(), ParityFeeds.INT64, List.of(0L, 1L, 1_000_000_000_007L, -2L, Long.MAX_VALUE,
				5L)));
		keys.add(small(DataTypes.STRING(), ArrowType.Utf8.INSTANCE, List.copyOf(ParityFeeds.TEXT.subList(0, KEYS))));
		keys.add(small(DataTypes.DECIMAL(18, 4), new ArrowType.Decimal(18, 4, 128),
				List.of(BigDecimal.valueOf(0, 4), BigDecimal.valueOf(12345, 4), BigDecimal.valueOf(-1, 4),
						BigDecimal.valueOf(999_999_999_999_999_999L, 4), BigDecimal.valueOf(7, 4),
								BigDecimal.valueOf(-99, 4))));
		keys.add(small(DataTypes.DATE(), new ArrowType.Date(DateUnit.DAY), List.of(0, -1, 19_000, 1, -719_162, 2)));
		keys.add(small(DataTypes.TIMESTAMP(3), new ArrowType.Timestamp(TimeUnit.MICROSECOND, null),
				List.of(1_000_000L, 1_000_400L, 1_001_000L, 1_001_700L, -1L, 0L)));
		if (this.knownDivergences) {
			// issue 31, case 5: keys that differ only in nanoseconds
			for (int precision : new int[] { 6, 9 }) {
				keys.add(small(DataTypes.TIMESTAMP(precision), new ArrowType.Timestamp(TimeUnit.NANOSECOND, null),
						List.of(1_000_000_123L, 1_000_000_456L, 1_000_001_000L, 999_999_999L, 0L, -1L)));
			}
		}
		return Arbitraries.of(keys);
	}

	private static Feed small(DataType type, ArrowType arrow, List<?> domain) {
		return new Feed(type, arrow, Arbitraries.of(domain).map((v) -> (Object) v));
	}

	/** Options a table may set, each drawn independently; most are absent most of the time. */
	private Arbitrary<Map<String, String>> options(boolean primaryKey, String partitionType) {
		List<Arbitrary<Map<String, String>>> choices = new ArrayList<>();
		choices.add(option("file.compression", "none", "zstd", "lz4", "snappy"));
		choices.add(option("metadata.stats-mode", "none", "counts", "truncate(4)", "truncate(16)", "full"));
		choices.add(option("fields." + ParityCase.TEXT + ".stats-mode", "none", "counts", "truncate(2)", "full"));
		choices.add(option("fields." + ParityCase.NUMBER + ".stats-mode", "none", "full"));
		choices.add(option("parquet.block.size", "1", "4096"));
		choices.add(option("parquet.page.size", "64", "1024"));
		choices.add(option("parquet.page.row.count.limit", "2", "50"));
		choices.add(option("parquet.writer.version", "v1", "v2"));
		choices.add(option("parquet.enable.dictionary", "false", "true"));
		choices.add(option("target-file-size", "1 kb", "64 kb"));
		List<Tuple.Tuple2<Integer, Map<String, String>>> buffers = new ArrayList<>(List.of(Tuple.of(6, Map.of()),
				Tuple.of(1, Map.of("write-buffer-size", "4 kb", "page-size", "1 kb"))));
		if (!primaryKey || this.knownDivergences) {
			// a primary-key buffer of one 64 kb page: Paimon's writer refuses it (KnownDivergences)
			buffers.add(Tuple.of(1, Map.of("write-buffer-size", "64 kb")));
		}
		choices.add(Arbitraries.frequency(buffers));
		if (primaryKey) {
			choices.add(option("write-only", "true"));
			if (this.knownDivergences) {
				choices.add(option("ignore-update-before", "true"));
			}
		}
		if ("STRING".equals(partitionType)) {
			List<Map<String, String>> formats = new ArrayList<>(List.of(Map.of(),
					Map.of("partition.timestamp-formatter", "yyyy-MM-dd"),
					Map.of("partition.timestamp-formatter", "yyyy-MM-dd", "partition.timestamp-pattern", "$p")));
			if (this.knownDivergences) {
				formats.add(Map.of("partition.timestamp-formatter", "yyyy-MM-dd", "partition.timestamp-format.strict",
						"true"));
			}
			choices.add(Arbitraries.of(formats));
		}
		return Combinators.combine(choices).as((maps) -> {
			Map<String, String> options = new LinkedHashMap<>();
			maps.forEach(options::putAll);
			return options;
		});
	}

	private static Arbitrary<Map<String, String>> option(String key, String... values) {
		List<Tuple.Tuple2<Integer, Map<String, String>>> weighted = new ArrayList<>();
		weighted.add(Tuple.of(2 * values.length, Map.of()));
		for (String value : values) {
			weighted.add(Tuple.of(1, Map.of(key, value)));
		}
		@SuppressWarnings("unchecked")
		Tuple.Tuple2<Integer, Map<String, String>>[] array = weighted.toArray(new Tuple.Tuple2[0]);
		return Arbitraries.frequency(array);
	}

}
