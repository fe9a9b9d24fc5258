package io.github.paimonspring.httptests.docs;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import io.github.paimonspring.httptests.docs.MarkdownBlocks.Block;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compiles every {@code ```java} block of {@code README.md} and {@code docs/*.md} against the test
 * class path (the starter, Paimon, Arrow, Spring, actuator and Spring Security), so that a snippet
 * that no longer matches the API fails the build with the document, the line and javac's message.
 *
 * <p>
 * What a block is compiled as depends on how it starts (blank lines and {@code //} comments
 * skipped):
 * <ul>
 * <li>{@code package} or {@code import}: a complete compilation unit, compiled as written;</li>
 * <li>a type declaration ({@code class}, {@code interface}, {@code record}, {@code enum}, after
 * annotations and modifiers): top-level types, with the {@link #IMPORTS standard imports};</li>
 * <li>an annotation ({@code @Bean}) or a method declaration: members of a class;</li>
 * <li>anything else: statements, the body of a method that {@code throws Exception}.</li>
 * </ul>
 * Members and statements are compiled in a subclass of {@link DocSnippetContext}, so they may use
 * its fields ({@code paimon}, {@code writer}, {@code batch}, {@code orders}, ...) without declaring
 * them. Code that is not meant to compile (pseudo code, output) belongs in a block of another
 * language ({@code text}).
 */
class DocSnippetsTests {

	/**
	 * Imported into every snippet that is not a complete compilation unit ({@code static …} entries are
	 * static imports: the test module's {@code assertThat} and {@code row}).
	 */
	static final List<String> IMPORTS = List.of("java.io.*", "java.math.BigDecimal", "java.nio.file.*", "java.time.*",
			"java.util.*", "java.util.concurrent.*", "io.github.paimonspring.*", "io.github.paimonspring.arrow.*",
			"io.github.paimonspring.autoconfigure.*",
			"io.github.paimonspring.catalog.*", "io.github.paimonspring.core.*", "io.github.paimonspring.ingest.*",
			"io.github.paimonspring.maintenance.*", "io.github.paimonspring.postpone.*",
			"io.github.paimonspring.write.*", "org.apache.arrow.memory.*", "org.apache.arrow.vector.*",
			"org.apache.arrow.vector.ipc.*", "org.apache.arrow.vector.types.pojo.*",
			"io.github.paimonspring.test.*", "io.github.paimonspring.test.autoconfigure.*",
			"static io.github.paimonspring.test.PaimonAssertions.*", "org.apache.paimon.Snapshot",
			"org.apache.paimon.catalog.Catalog", "org.apache.paimon.catalog.Identifier",
			"org.apache.paimon.data.InternalRow", "org.apache.paimon.reader.RecordReader",
			"org.apache.paimon.table.Table", "org.apache.paimon.table.source.ReadBuilder",
			"org.springframework.beans.factory.annotation.*",
					"org.springframework.boot.actuate.endpoint.EndpointFilter",
			"org.springframework.boot.actuate.endpoint.web.ExposableWebEndpoint",
			"org.springframework.context.annotation.*", "org.springframework.core.env.Environment",
			"org.springframework.security.config.Customizer",
			"org.springframework.security.config.annotation.web.builders.HttpSecurity",
			"org.springframework.security.web.SecurityFilterChain", "org.springframework.stereotype.*");

	private static final Pattern TYPE_DECLARATION = Pattern.compile(
			"^(@[\\w.]+(\\([^)]*\\))?\\s+)*"
					+ "((public|protected|private|abstract|final|static|sealed|non-sealed|strictfp)\\s+)*"
					+ "(class|interface|enum|record|@interface)\\s+(\\w+).*",
			Pattern.DOTALL);

	private static final Pattern PUBLIC_TYPE = Pattern
		.compile("^\\s*public\\s+((abstract|final|sealed|strictfp)\\s+)*(class|interface|enum|record)\\s+(\\w+)",
				Pattern.MULTILINE);

	private static final Pattern METHOD_DECLARATION = Pattern
		.compile("^((public|protected|private|static|final|abstract|synchronized|default)\\s+)*(<[^>]+>\\s+)?"
				+ "[\\w.$\\[\\]]+(<[\\w.$<>\\[\\]?, ]*>)?(\\[\\])*\\s+(\\w+)\\s*\\(.*", Pattern.DOTALL);

	private static final List<String> STATEMENT_KEYWORDS = List.of("return", "new", "throw", "else", "case", "yield",
			"assert", "var", "final");

	/** What a block is compiled as. */
	enum Kind {

		UNIT, TYPES, MEMBERS, STATEMENTS

	}

	/** A block turned into a source file; {@code offset} lines precede the snippet's first line. */
	record Source(Block block, Kind kind, String path, String text, int offset) {

	}

	@Test
	void everyJavaSnippetOfTheDocsCompiles(@TempDir Path classes) throws Exception {
		List<Source> sources = new ArrayList<>();
		for (String document : MarkdownBlocks.documents()) {
			for (Block block : MarkdownBlocks.of(document)) {
				if (block.language().equals("java")) {
					sources.add(source(block, sources.size()));
				}
			}
		}
		assertThat(sources).as("Java snippets in README.md and docs/").hasSizeGreaterThanOrEqualTo(10);
		List<String> errors = compile(sources, classes);
		assertThat(errors).as("compiler errors in the Java snippets of the docs (%d snippets)", sources.size())
			.isEmpty();
	}

	static Kind kind(Block block) {
		String start = firstCode(block.text());
		if (start.startsWith("package ") || start.startsWith("import ")) {
			return Kind.UNIT;
		}
		if (TYPE_DECLARATION.matcher(start).matches()) {
			return Kind.TYPES;
		}
		if (start.startsWith("@")) {
			return Kind.MEMBERS;
		}
		Matcher method = METHOD_DECLARATION.matcher(start);
		if (method.matches() && !STATEMENT_KEYWORDS.contains(start.split("[\\s(<]", 2)[0])) {
			return Kind.MEMBERS;
		}
		return Kind.STATEMENTS;
	}

	/** The snippet from its first line that is not blank or a line comment. */
	private static String firstCode(String text) {
		StringBuilder rest = new StringBuilder();
		boolean started = false;
		for (String line : text.split("\n")) {
			String trimmed = line.strip();
			if (!started && (trimmed.isEmpty() || trimmed.startsWith("//"))) {
				continue;
			}
			started = true;
			rest.append(trimmed).append('\n');
		}
		return rest.toString();
	}

	private static Source source(Block block, int index) {
		Kind kind = kind(block);
		String pkg = "docsnippets.s" + index;
		StringBuilder head = new StringBuilder();
		StringBuilder tail = new StringBuilder();
		String className = "Snippet";
		if (kind == Kind.UNIT) {
			Matcher publicType = PUBLIC_TYPE.matcher(block.text());
			if (publicType.find()) {
				className = publicType.group(4);
			}
		}
		else {
			head.append("package ").append(pkg).append(";");
			for (String name : IMPORTS) {
				head.append(" import ").append(name).append(";");
			}
			head.append('\n');
			if (kind == Kind.TYPES) {
				Matcher publicType = PUBLIC_TYPE.matcher(block.text());
				if (publicType.find()) {
					className = publicType.group(4);
				}
			}
			else {
				head.append("class Snippet extends ").append(DocSnippetContext.class.getName()).append(" {");
				if (kind == Kind.STATEMENTS) {
					head.append(" void snippet() throws Exception {");
					tail.append("}");
				}
				head.append('\n');
				tail.append("}\n");
			}
		}
		String text = head + block.text() + tail;
		String path = (kind == Kind.UNIT) ? className + ".java" : pkg.replace('.', '/') + "/" + className + ".java";
		return new Source(block, kind, path, text, (int) head.chars().filter((c) -> c == '\n').count());
	}

	/** Compiles all sources in one javac run; returns the errors, each located in its document. */
	private static List<String> compile(List<Source> sources, Path classes) throws Exception {
		JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
		assertThat(compiler).as("a JDK's compiler (the tests run on a JRE?)").isNotNull();
		DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
		Map<JavaFileObject, Source> files = new HashMap<>();
		for (Source source : sources) {
			files.put(new SimpleJavaFileObject(URI.create("string:///" + source.path()), JavaFileObject.Kind.SOURCE) {
				@Override
				public CharSequence getCharContent(boolean ignoreEncodingErrors) {
					return source.text();
				}
			}, source);
		}
		List<String> options = List.of("-classpath", classPath(), "-d", classes.toString(), "-proc:none",
				"-encoding", "UTF-8", "-Xlint:none", "-nowarn");
		try (StandardJavaFileManager fileManager = compiler.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
			compiler.getTask(null, fileManager, diagnostics, options, null, files.keySet()).call();
		}
		List<String> errors = new ArrayList<>();
		for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
			if (diagnostic.getKind() != Diagnostic.Kind.ERROR) {
				continue;
			}
			Source source = files.get(diagnostic.getSource());
			if (source == null) {
				errors.add(diagnostic.getMessage(Locale.ROOT));
				continue;
			}
			int index = (int) diagnostic.getLineNumber() - 1 - source.offset();
			List<String> lines = source.block().lines();
			String where = (index >= 0 && index < lines.size()) ? source.block().where(index)
					: source.block().where(0) + " (in the " + source.kind().name().toLowerCase(Locale.ROOT)
							+ " wrapper)";
			String code = (index >= 0 && index < lines.size()) ? "\n    " + lines.get(index).strip() : "";
			errors.add(where + ": " + diagnostic.getMessage(Locale.ROOT) + code);
		}
		return errors;
	}

	/** Surefire may run the tests from a manifest-only jar; it passes the real class path separately. */
	private static String classPath() {
		String classPath = System.getProperty("surefire.test.class.path");
		if (classPath == null || classPath.isBlank()) {
			classPath = System.getProperty("java.class.path");
		}
		return classPath;
	}

}
