package io.github.paimonspring.write.parity;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.write.parity.ParityCase.Filters;
import io.github.paimonspring.write.parity.ParityCase.Round;
import io.github.paimonspring.write.parity.ParityCase.Row;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shrunk counter-examples of the parity properties ({@link ColumnarParityPropertyTests}) as plain
 * tests: each case written through the starter (column by column and with
 * {@code paimon.write.columnar=false}) and through Paimon's writer must give the same refusals, rows,
 * {@code $audit_log}, file metadata and filtered reads. Each once failed with a divergence of
 * issue 31 (now fixed).
 */
class ColumnarParityRegressionTests {

	private static final ParityColumn KEY_NS6 = new ParityColumn("k", DataTypes.TIMESTAMP(6).notNull(),
			new ArrowType.Timestamp(TimeUnit.NANOSECOND, null));

	private static final ParityColumn KEY_INT = new ParityColumn("k", DataTypes.INT().notNull(), ParityFeeds.INT32);

	private static final ParityColumn NUMBER = new ParityColumn("n", DataTypes.INT(), ParityFeeds.INT32);

	private static final ParityColumn TEXT = new ParityColumn("s", DataTypes.STRING(), ArrowType.Utf8.INSTANCE);

	@TempDir
	Path dir;

	@Test
	void nanosecondTimestampKeysAreNotMergedAtMicroseconds() throws Exception {
		// shrunk from seed 31032: two keys 333 ns apart in one round of a bucket-1 table
		assertParity(new ParityCase(List.of("k"), 1, null, List.of(KEY_NS6, NUMBER, TEXT), Map.of(), true,
				List.of(round(1, row(RowKind.INSERT, 1_000_000_123L, 1, "a"), row(RowKind.INSERT, 1_000_000_456L, 2,
						"b"))),
				filters()));
	}

	@Test
	void millisecondTimestampsThatOverflowMicrosecondsAreRefused() throws Exception {
		ParityColumn millis = new ParityColumn("c0", DataTypes.TIMESTAMP(6),
				new ArrowType.Timestamp(TimeUnit.MILLISECOND, null));
		assertParity(new ParityCase(List.of(), -1, null, List.of(NUMBER, TEXT, millis), Map.of(), false,
				List.of(round(1, row(RowKind.INSERT, 1, "a", 1L)), round(1, row(RowKind.INSERT, 2, "b",
						9_300_000_000_000_000L))),
				filters()));
	}

	@Test
	void microsecondTimestampsPaimonCannotWriteAreRefusedInPrimaryKeyTables() throws Exception {
		ParityColumn micros = new ParityColumn("c0", DataTypes.TIMESTAMP(6),
				new ArrowType.Timestamp(TimeUnit.MICROSECOND, null));
		assertParity(new ParityCase(List.of("k"), 1, null, List.of(KEY_INT, NUMBER, TEXT, micros), Map.of(), true,
				List.of(round(1, row(RowKind.INSERT, 1, 1, "a", 1L)),
						round(1, row(RowKind.INSERT, 2, 2, "b", Long.MIN_VALUE))),
				filters()));
	}

	@Test
	void ignoreUpdateBeforeDropsUpdateBeforeRows() throws Exception {
		assertParity(new ParityCase(List.of("k"), 1, null, List.of(KEY_INT, NUMBER, TEXT),
				Map.of("ignore-update-before", "true"), true,
				List.of(round(1, row(RowKind.INSERT, 1, 1, "a")), round(1, row(RowKind.UPDATE_BEFORE, 1, 1, "a")),
						round(1, row(RowKind.UPDATE_AFTER, 2, 2, "y"), row(RowKind.UPDATE_BEFORE, 2, 2, "x"))),
				filters()));
	}

	@Test
	void strictPartitionTimestampFormatRefusesValuesThatAreNotDates() throws Exception {
		ParityColumn partition = new ParityColumn("p", DataTypes.STRING(), ArrowType.Utf8.INSTANCE);
		assertParity(new ParityCase(List.of(), -1, "p", List.of(partition, NUMBER, TEXT),
				Map.of("partition.timestamp-formatter", "yyyy-MM-dd", "partition.timestamp-format.strict", "true"),
						false,
				List.of(round(1, row(RowKind.INSERT, "2024-01-01", 1, "a")), round(1, row(RowKind.INSERT, "not-a-date",
						2, "b"))),
				filters()));
	}

	@Test
	void aWriteBufferPaimonRefusesIsRefused() throws Exception {
		// shrunk from the long run (seed 31032): one row into a table with a 64 kb buffer of 64 kb pages
		assertParity(new ParityCase(List.of("k"), 2, null, List.of(KEY_INT, NUMBER, TEXT),
				Map.of("write-buffer-size", "64 kb", "write-only", "true"), true,
				List.of(new Round(List.of(List.of(row(RowKind.INSERT, 0, 0, "Z"))), 0, false)), filters()));
	}

	@Test
	void appendSequenceNumbersRestartAfterAnIdleRoundAsPaimonsDo() throws Exception {
		// shrunk from the long run (seed 31032): commit a round, prepare and commit an empty one, write again;
		// Paimon's writer drops the idle writer and numbers the next file from 0, the starter continues at 2
		assertParity(new ParityCase(List.of(), -1, null, List.of(NUMBER, TEXT), Map.of(), false,
				List.of(new Round(List.of(List.of(row(RowKind.INSERT, -1, null)), List.of(row(RowKind.INSERT, -1,
						null))), 1,
						false), new Round(List.of(), 1, false), round(1, row(RowKind.INSERT, null, " "))),
				filters()));
	}

	@Test
	void rowsPreparedBeforeEarlierRoundsAreCommittedKeepTheLatestValue() throws Exception {
		// issue 31, case 3: write, prepare; prepare nothing; write, prepare; commit the first and the third
		assertParity(new ParityCase(List.of("k"), 1, null, List.of(KEY_INT, NUMBER, TEXT), Map.of(), true,
				List.of(new Round(List.of(List.of(row(RowKind.INSERT, 1, 1, "a"), row(RowKind.INSERT, 1, 2, "a2"))), 0,
						false),
						new Round(List.of(), 0, false),
						new Round(List.of(List.of(row(RowKind.INSERT, 1, 3, "b"))), 3, false)),
				filters()));
	}

	private void assertParity(ParityCase parityCase) throws Exception {
		try (ParityCheck check = new ParityCheck(this.dir)) {
			assertThat(check.differences(parityCase, true)).as("differences from Paimon's writer in\n%s", parityCase)
				.isEmpty();
		}
	}

	/** A round of one batch, committed right after its prepare. */
	private static Round round(int commit, Row... rows) {
		return new Round(List.of(List.of(rows)), commit, false);
	}

	private static Row row(RowKind kind, Object... values) {
		return new Row(kind, new ArrayList<>(Arrays.asList(values)));
	}

	private static Filters filters() {
		return new Filters(1, 2, "a", "b");
	}

}
