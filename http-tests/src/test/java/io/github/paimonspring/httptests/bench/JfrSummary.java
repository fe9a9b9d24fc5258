package io.github.paimonspring.httptests.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where the CPU goes in a JFR recording: the share of execution samples per thread group, per
 * method on top of the stack (self), and per area of the code (the area of the frame nearest the top
 * that belongs to one: Parquet encoding, the Arrow adapter, socket reading, ...). Run
 * on its own: {@code JfrSummary <file.jfr> [top]}.
 */
public final class JfrSummary {

	/** Areas of the code, matched by the prefix of a frame's class name; the first match wins. */
	private static final List<String[]> AREAS = List.of(new String[] { "admin: IPC body guard and reader",
			"io.github.paimonspring.admin" },
			new String[] { "Arrow adapter and checks", "io.github.paimonspring.arrow" },
			new String[] { "write lanes / commit", "io.github.paimonspring.write" },
			new String[] { "Arrow IPC reading", "org.apache.arrow.vector.ipc" },
			new String[] { "Arrow memory and vectors", "org.apache.arrow" },
			new String[] { "Parquet encoding", "org.apache.paimon.shade.org.apache.parquet" },
			new String[] { "Parquet encoding", "org.apache.parquet" },
			new String[] { "compression (zstd)", "com.github.luben.zstd" },
			new String[] { "compression (zstd)", "org.apache.paimon.shade.com.github.luben" },
			new String[] { "Paimon format writers", "org.apache.paimon.format" },
			new String[] { "Paimon row data", "org.apache.paimon.data" },
			new String[] { "Paimon file IO", "org.apache.paimon.fs" },
			new String[] { "Paimon writers (other)", "org.apache.paimon" },
			new String[] { "Tomcat / socket reading", "org.apache.tomcat" },
			new String[] { "Tomcat / socket reading", "org.apache.coyote" },
			new String[] { "Tomcat / socket reading", "sun.nio.ch" });

	private JfrSummary() {
	}

	public static void main(String[] args) throws IOException {
		System.out.println(summarize(Path.of(args[0]), (args.length > 1) ? Integer.parseInt(args[1]) : 25,
				Instant.MIN));
	}

	/**
	 * Summarizes a recording.
	 * @param file the recording
	 * @param top how many methods to list
	 * @param since samples before this instant (start-up, warm-up) are left out
	 * @return a Markdown summary
	 */
	public static String summarize(Path file, int top, Instant since) throws IOException {
		Map<String, Integer> self = new HashMap<>();
		Map<String, Integer> areas = new HashMap<>();
		Map<String, Integer> threads = new HashMap<>();
		int samples = 0;
		for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
			if (!event.getEventType().getName().equals("jdk.ExecutionSample") || event.getStartTime().isBefore(since)) {
				continue;
			}
			RecordedStackTrace stack = event.getStackTrace();
			if (stack == null || stack.getFrames().isEmpty()) {
				continue;
			}
			samples++;
			String thread = event.getThread("sampledThread").getJavaName();
			threads.merge((thread != null) ? thread.replaceAll("[-#]?\\d+", "") : "?", 1, Integer::sum);
			RecordedFrame first = stack.getFrames().get(0);
			self.merge(first.getMethod().getType().getName() + "." + first.getMethod().getName(), 1, Integer::sum);
			areas.merge(area(stack), 1, Integer::sum);
		}
		StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%,d execution samples%n%n", samples));
		append(out, "thread", threads, samples, 10);
		append(out, "area (nearest the top of the stack)", areas, samples, AREAS.size() + 1);
		append(out, "method (self)", self, samples, top);
		return out.toString();
	}

	/** The area of the frame nearest the top of the stack that belongs to one. */
	private static String area(RecordedStackTrace stack) {
		for (RecordedFrame frame : stack.getFrames()) {
			String type = frame.getMethod().getType().getName();
			for (String[] area : AREAS) {
				if (type.startsWith(area[1])) {
					return area[0];
				}
			}
		}
		return "other (JDK, JIT, GC)";
	}

	private static void append(StringBuilder out, String title, Map<String, Integer> counts, int samples, int limit) {
		out.append("| ").append(title).append(" | share |\n|---|---:|\n");
		counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(limit)
			.forEach((entry) -> out.append(String.format(Locale.ROOT, "| `%s` | %.1f %% |%n", entry.getKey(),
					100.0 * entry.getValue() / Math.max(1, samples))));
		out.append('\n');
	}

}
