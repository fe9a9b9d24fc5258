package io.github.paimonspring.write.parity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * What one side made of a case: where it refused (the round and phase, not the message), the new
 * files of every prepared round, and the table read back at the end (rows, {@code $audit_log}, reads
 * with pushed-down filters, and the files of the latest snapshot where they do not depend on
 * compaction timing).
 *
 * @param refusal where the side refused ({@code "round 2 write/prepare"}), or {@code null}
 * @param refusalMessage the refusal's exception, for the report
 * @param roundFiles the new files of each prepared round
 * @param rows the rows read back
 * @param auditLog the {@code $audit_log} rows
 * @param filtered the rows read with each filter
 * @param liveFiles the files of the latest snapshot, or {@code null} where compaction may differ
 */
record ParityOutcome(@Nullable String refusal, @Nullable String refusalMessage, List<List<String>> roundFiles,
		List<String> rows, List<String> auditLog, Map<String, List<String>> filtered,
				@Nullable List<String> liveFiles) {

	/**
	 * Returns how another side's outcome differs from this one (the oracle's), or an empty list.
	 * @param other the other side's outcome
	 * @return one line per difference
	 */
	List<String> differences(ParityOutcome other) {
		List<String> differences = new ArrayList<>();
		if (!Objects.equals(this.refusal, other.refusal)) {
			differences.add("refusal: expected " + this.refusal + " (" + this.refusalMessage + ") but was "
					+ other.refusal + " (" + other.refusalMessage + ")");
		}
		int rounds = Math.min(this.roundFiles.size(), other.roundFiles.size());
		for (int r = 0; r < rounds; r++) {
			compare(differences, "files of round " + (r + 1), this.roundFiles.get(r), other.roundFiles.get(r));
		}
		compare(differences, "rows", this.rows, other.rows);
		compare(differences, "$audit_log", this.auditLog, other.auditLog);
		this.filtered.forEach((filter, rows) -> compare(differences, "rows where " + filter, rows,
				other.filtered.get(filter)));
		if (this.liveFiles != null && other.liveFiles != null) {
			compare(differences, "files of the latest snapshot", this.liveFiles, other.liveFiles);
		}
		return differences;
	}

	private static void compare(List<String> differences, String what, List<String> expected,
			@Nullable List<String> actual) {
		if (expected.equals(actual)) {
			return;
		}
		List<String> missing = new ArrayList<>(expected);
		List<String> extra = new ArrayList<>();
		if (actual != null) {
			for (String value : actual) {
				if (!missing.remove(value)) {
					extra.add(value);
				}
			}
		}
		differences.add(what + ": only Paimon's " + missing + "; only the starter's " + extra);
	}

}
