package io.github.paimonspring.write.parity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.paimon.types.RowKind;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The long run's report: how many cases ran, how long, and the divergent cases grouped by the inputs
 * of known divergences they hold ({@link KnownDivergences}; "UNEXPLAINED" when none) and the kind of
 * their first difference (side and what differed), with the smallest cases of each group in full.
 */
final class ParityReport {

	private static final int EXAMPLES = 3;

	private static final int UNEXPLAINED_EXAMPLES = 20;

	private final long start = System.nanoTime();

	private int cases;

	private final Map<String, List<String>> divergences = new TreeMap<>();

	/** Adds a case and its differences (none for an agreeing case). */
	synchronized void add(ParityCase parityCase, List<String> differences) {
		this.cases++;
		if (differences.isEmpty()) {
			return;
		}
		String first = differences.get(0);
		int colon = first.indexOf(':', first.indexOf(':') + 1);
		String kind = ((colon > 0) ? first.substring(0, colon) : first).replaceAll("[0-9]+", "#");
		List<String> known = knownInputs(parityCase);
		kind = (known.isEmpty() ? "UNEXPLAINED " : "known " + known + " ") + kind;
		List<String> examples = this.divergences.computeIfAbsent(kind, (k) -> new ArrayList<>());
		examples.add(parityCase + "\n  differences:\n    " + String.join("\n    ", differences));
		examples.sort((a, b) -> Integer.compare(a.length(), b.length()));
	}

	/** The inputs of known divergences ({@link KnownDivergences}) the case holds. */
	private static List<String> knownInputs(ParityCase parityCase) {
		List<String> known = new ArrayList<>();
		for (int c = 0; c < parityCase.columns().size(); c++) {
			ParityColumn column = parityCase.columns().get(c);
			if (column.arrow() instanceof ArrowType.Timestamp timestamp) {
				if (parityCase.primaryKeys().contains(column.name()) && timestamp.getUnit() == TimeUnit.NANOSECOND
						&& !known.contains("nanosecond key")) {
					known.add("nanosecond key");
				}
				int index = c;
				boolean extreme = parityCase.rounds().stream().flatMap((round) -> round.writes().stream())
					.flatMap(List::stream).map((row) -> row.values().get(index))
					.anyMatch((value) -> value != null && KnownDivergences.EXTREME_TIMESTAMPS.contains(value));
				if (extreme && !known.contains("overflowing timestamp")) {
					known.add("overflowing timestamp");
				}
			}
		}
		if ("true".equals(parityCase.options().get("ignore-update-before")) && parityCase.rounds().stream()
			.flatMap((round) -> round.writes().stream()).flatMap(List::stream)
			.anyMatch((row) -> row.kind() == RowKind.UPDATE_BEFORE)) {
			known.add("ignore-update-before");
		}
		if ("true".equals(parityCase.options().get("partition.timestamp-format.strict"))) {
			known.add("partition.timestamp-format.strict");
		}
		return known;
	}

	/** Writes the report when cases were added, and fails if one of them diverged. */
	synchronized void finish(Path file) throws IOException {
		if (this.cases == 0) {
			return;
		}
		long seconds = (System.nanoTime() - this.start) / 1_000_000_000L;
		int divergent = this.divergences.values().stream().mapToInt(List::size).sum();
		StringBuilder text = new StringBuilder("Parity long run: " + this.cases + " cases in " + seconds + " s, "
				+ divergent + " divergent\n");
		this.divergences.forEach((kind, examples) -> text.append("\n").append(examples.size()).append(" x ")
			.append(kind).append('\n'));
		this.divergences.forEach((kind, examples) -> {
			text.append("\n=== ").append(kind).append(" (").append(examples.size()).append(" cases, smallest first)\n");
			examples.stream().limit(kind.startsWith("UNEXPLAINED") ? UNEXPLAINED_EXAMPLES
					: EXAMPLES).forEach((example) -> text.append(example).append("\n\n"));
		});
		Files.createDirectories(file.toAbsolutePath().getParent());
		Files.writeString(file, text);
		System.out.println(text.substring(0, Math.min(text.length(), 4000)));
		assertThat(divergent).as("divergent cases, see " + file.toAbsolutePath()).isZero();
	}

}
