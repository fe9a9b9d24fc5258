package io.github.paimonspring.write.parity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The long run's report: how many cases ran, how long, and the divergent cases grouped by the kind of
 * their first difference (side and what differed), with the smallest cases of each kind in full.
 */
final class ParityReport {

	private static final int EXAMPLES = 3;

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
		List<String> examples = this.divergences.computeIfAbsent(kind, (k) -> new ArrayList<>());
		examples.add(parityCase + "\n  differences:\n    " + String.join("\n    ", differences));
		examples.sort((a, b) -> Integer.compare(a.length(), b.length()));
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
			examples.stream().limit(EXAMPLES).forEach((example) -> text.append(example).append("\n\n"));
		});
		Files.createDirectories(file.toAbsolutePath().getParent());
		Files.writeString(file, text);
		System.out.println(text.substring(0, Math.min(text.length(), 4000)));
		assertThat(divergent).as("divergent cases, see " + file.toAbsolutePath()).isZero();
	}

}
