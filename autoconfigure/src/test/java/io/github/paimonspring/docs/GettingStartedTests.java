package io.github.paimonspring.docs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteResult;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Follows docs/getting-started.md as a newcomer would, using only what the page shows: the YAML of
 * step 3 configures the starter, the {@code OrderWriter} of step 4 is compiled from the page and
 * called, and the rows are read back with Paimon's reader.
 */
class GettingStartedTests {

	private static final Path PAGE = Path.of("../docs/getting-started.md");

	@TempDir
	Path dir;

	@Test
	void theOwnAppExampleWritesRowsThatReadBack() throws Exception {
		String page = Files.readString(PAGE);
		Map<String, Object> yaml = new Yaml().load(block(page, "yaml", "paimon:"));
		List<String> properties = new ArrayList<>();
		flatten("", yaml, properties);
		properties.removeIf((property) -> property.startsWith("paimon.catalog.warehouse="));
		properties.add("paimon.catalog.warehouse=" + this.dir.resolve("warehouse"));
		Class<?> writerClass = compile(block(page, "java", "class OrderWriter"), "com.example.orders.OrderWriter");

		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class))
			.withPropertyValues(properties.toArray(String[]::new))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				Constructor<?> constructor = writerClass.getConstructor(PaimonOperations.class, BufferAllocator.class);
				Object writer = constructor.newInstance(context.getBean(PaimonOperations.class),
						context.getBean(BufferAllocator.class));
				Class<?> orderClass = Class.forName("com.example.orders.OrderWriter$Order", true,
						writerClass.getClassLoader());
				Object first = orderClass.getConstructor(long.class, BigDecimal.class, LocalDateTime.class)
					.newInstance(1L, new BigDecimal("9.99"), LocalDateTime.parse("2026-11-30T10:00:00"));
				Object second = orderClass.getConstructor(long.class, BigDecimal.class, LocalDateTime.class)
					.newInstance(2L, new BigDecimal("5"), LocalDateTime.parse("2026-12-01T08:30:00.123456"));
				Method save = writerClass.getMethod("save", List.class);
				WriteResult result = (WriteResult) save.invoke(writer, List.of(first, second));
				assertThat(result.committed()).isTrue();
				assertThat(result.rows()).isEqualTo(2);
				assertThat(read(context.getBean("orders", Table.class))).containsExactlyInAnyOrder(
						"1:2026-11-30:9.99:2026-11-30T10:00", "2:2026-12-01:5.00:2026-12-01T08:30:00.123456");
			});
	}

	private static List<String> read(Table table) throws IOException {
		ReadBuilder read = table.newReadBuilder();
		List<String> rows = new ArrayList<>();
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
			reader.forEachRemaining((row) -> rows.add(row.getLong(0) + ":" + row.getString(1) + ":"
					+ row.getDecimal(2, 10, 2).toBigDecimal() + ":" + row.getTimestamp(3, 6).toLocalDateTime()));
		}
		return rows;
	}

	/** The first fenced block of a language that contains a text. */
	private static String block(String page, String language, String containing) {
		Matcher blocks = Pattern.compile("```" + language + "\\n(.*?)```", Pattern.DOTALL).matcher(page);
		while (blocks.find()) {
			if (blocks.group(1).contains(containing)) {
				return blocks.group(1);
			}
		}
		throw new AssertionError("docs/getting-started.md has no ```" + language + " block with '" + containing + "'");
	}

	@SuppressWarnings("unchecked")
	private static void flatten(String prefix, Object value, List<String> properties) {
		if (value instanceof Map<?, ?> map) {
			for (Map.Entry<?, ?> entry : ((Map<Object, Object>) map).entrySet()) {
				flatten(prefix.isEmpty() ? entry.getKey().toString() : prefix + "." + entry.getKey(), entry.getValue(),
						properties);
			}
		}
		else if (value instanceof List<?> list) {
			for (int i = 0; i < list.size(); i++) {
				flatten(prefix + "[" + i + "]", list.get(i), properties);
			}
		}
		else {
			properties.add(prefix + "=" + value);
		}
	}

	private Class<?> compile(String source, String className) throws Exception {
		Path sources = this.dir.resolve("src");
		Path file = sources.resolve(className.replace('.', '/') + ".java");
		Files.createDirectories(file.getParent());
		Files.writeString(file, source, StandardCharsets.UTF_8);
		Path classes = Files.createDirectories(this.dir.resolve("classes"));
		JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
		ByteArrayOutputStream errors = new ByteArrayOutputStream();
		int status = compiler.run(null, null, errors, "-classpath", System.getProperty("java.class.path"), "-d",
				classes.toString(), file.toString());
		assertThat(status).as("the OrderWriter of docs/getting-started.md compiles:%n%s", errors).isZero();
		URLClassLoader loader = new URLClassLoader(new URL[] { classes.toUri().toURL() }, getClass().getClassLoader());
		return loader.loadClass(className);
	}

}
