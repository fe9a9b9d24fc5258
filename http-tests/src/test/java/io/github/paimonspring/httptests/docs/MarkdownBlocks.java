package io.github.paimonspring.httptests.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The fenced code blocks of the repository's Markdown documentation ({@code README.md} and
 * {@code docs/*.md}), with the file and line they come from.
 */
final class MarkdownBlocks {

	/** An opening fence: indentation, three or more backticks, an info string without backticks. */
	private static final Pattern FENCE = Pattern.compile("^( *)(```+)\\s*([\\w+-]*)[^`]*$");

	private MarkdownBlocks() {
	}

	/**
	 * A fenced block.
	 * @param file the Markdown file, relative to the repository root
	 * @param line the 1-based line of the block's first content line in the file
	 * @param language the fence's info string ({@code java}, {@code bash}, empty when none)
	 * @param lines the content, without the fence's indentation
	 * @param before the last non-blank line before the fence (for example an HTML comment marker)
	 */
	record Block(String file, int line, String language, List<String> lines, String before) {

		String text() {
			return String.join("\n", this.lines) + "\n";
		}

		/** {@code file:line} of a line of the block (0-based index into {@link #lines}). */
		String where(int index) {
			return this.file + ":" + (this.line + index);
		}

	}

	/** The repository root: the parent of the module the tests run in. */
	static Path root() {
		for (Path candidate : List.of(Path.of(".."), Path.of("."))) {
			if (Files.isDirectory(candidate.resolve("docs")) && Files.isRegularFile(candidate.resolve("README.md"))) {
				return candidate.toAbsolutePath().normalize();
			}
		}
		throw new IllegalStateException("docs/ not found from " + Path.of("").toAbsolutePath());
	}

	/** {@code README.md} and every {@code docs/*.md}, relative to the root, sorted. */
	static List<String> documents() {
		Path root = root();
		List<String> documents = new ArrayList<>();
		documents.add("README.md");
		try (Stream<Path> files = Files.list(root.resolve("docs"))) {
			files.filter((file) -> file.getFileName().toString().endsWith(".md"))
				.map((file) -> "docs/" + file.getFileName())
				.sorted()
				.forEach(documents::add);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return documents;
	}

	/** The fenced blocks of one document, in order. */
	static List<Block> of(String document) {
		List<String> lines;
		try {
			lines = Files.readAllLines(root().resolve(document));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		List<Block> blocks = new ArrayList<>();
		for (int i = 0; i < lines.size(); i++) {
			Matcher open = FENCE.matcher(lines.get(i));
			if (!open.matches()) {
				continue;
			}
			int indent = open.group(1).length();
			String fence = open.group(2);
			List<String> content = new ArrayList<>();
			int j = i + 1;
			while (j < lines.size() && !isClosing(lines.get(j), fence)) {
				String line = lines.get(j);
				int strip = 0;
				while (strip < indent && strip < line.length() && line.charAt(strip) == ' ') {
					strip++;
				}
				content.add(line.substring(strip));
				j++;
			}
			if (j == lines.size()) {
				throw new IllegalStateException(document + ":" + (i + 1) + ": code block is never closed");
			}
			String before = "";
			for (int k = i - 1; k >= 0 && before.isEmpty(); k--) {
				before = lines.get(k).strip();
			}
			blocks.add(new Block(document, i + 2, open.group(3), List.copyOf(content), before));
			i = j;
		}
		return blocks;
	}

	private static boolean isClosing(String line, String fence) {
		String trimmed = line.strip();
		return trimmed.startsWith(fence) && trimmed.chars().allMatch((c) -> c == '`');
	}

}
