package com.example.orders;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * This module is docs/getting-started.md's application, so that the page's build cannot break
 * unnoticed: its {@code pom.xml}, {@code application.yml}, {@code OrderWriter}, {@code OrderReader} and
 * {@code OrdersApplication} (the main class, with the runner that calls {@code OrderWriter.save}) are the
 * page's blocks, character for character. The one difference: the pom's lines marked
 * {@code <!-- reactor-only -->}, which keep this copy out of the local Maven repository, and the version of the BOM,
 * which {@code mvn versions:set} changes in the pom only (the release steps set the page's, docs/releasing.md).
 */
class GettingStartedPageTests {

	private static final Path PAGE = Path.of("..", "docs", "getting-started.md");

	private static final Pattern BLOCK = Pattern.compile("(?ms)^```(\\w*)\\n(.*?)^```");

	private static final Pattern BOM_VERSION = Pattern
		.compile("(<artifactId>paimon-spring-boot-dependencies</artifactId>\\s*<version>)[^<]+(</version>)");

	private static final Pattern OWN_DEPENDENCY = Pattern
		.compile("(?s)<dependency>\\s*(?:<!--.*?-->\\s*)?<groupId>io\\.github\\.paimonspring</groupId>(.*?)</dependency>");

	@Test
	void thePomIsThePagesPomPlusTheReactorOnlyLines() throws IOException {
		String pom = Files.readString(Path.of("pom.xml"));
		String withoutReactorOnly = pom.lines()
			.filter((line) -> !line.contains("<!-- reactor-only"))
			.collect(Collectors.joining("\n", "", "\n"));
		String page = block("xml", "<artifactId>spring-boot-starter-parent</artifactId>");
		assertThat(BOM_VERSION.matcher(page).find()).as("the page's pom imports the BOM").isTrue();
		assertThat(withoutBomVersion(page)).isEqualTo(withoutBomVersion(withoutReactorOnly));
		assertThat(pom.lines().filter((line) -> line.contains("<!-- reactor-only"))).hasSize(3);
	}

	@Test
	void theProjectsArtifactsHaveTheirVersionsFromTheBomOnly() throws IOException {
		Matcher dependency = OWN_DEPENDENCY.matcher(Files.readString(Path.of("pom.xml")));
		List<String> own = new ArrayList<>();
		while (dependency.find()) {
			own.add(dependency.group(1));
		}
		assertThat(own).hasSize(2);
		assertThat(own).filteredOn((declaration) -> declaration.contains("<version>"))
			.singleElement()
			.asString()
			.contains("<artifactId>paimon-spring-boot-dependencies</artifactId>", "<type>pom</type>",
					"<scope>import</scope>");
	}

	private static String withoutBomVersion(String pom) {
		return BOM_VERSION.matcher(pom).replaceAll("$1(version)$2");
	}

	@Test
	void theConfigurationAndTheClassesAreThePages() throws IOException {
		assertThat(Files.readString(Path.of("src/main/resources/application.yml"))).isEqualTo(block("yaml", "paimon:"));
		assertThat(Files.readString(Path.of("src/main/java/com/example/orders/OrderWriter.java")))
			.isEqualTo(block("java", "class OrderWriter"));
		assertThat(Files.readString(Path.of("src/main/java/com/example/orders/OrderReader.java")))
			.isEqualTo(block("java", "class OrderReader"));
		assertThat(Files.readString(Path.of("src/main/java/com/example/orders/OrdersApplication.java")))
			.isEqualTo(block("java", "class OrdersApplication"));
	}

	private static String block(String language, String containing) throws IOException {
		List<String> found = new ArrayList<>();
		Matcher matcher = BLOCK.matcher(Files.readString(PAGE));
		while (matcher.find()) {
			if (matcher.group(1).equals(language) && matcher.group(2).contains(containing)) {
				found.add(matcher.group(2));
			}
		}
		assertThat(found).as("%s blocks of %s with %s", language, PAGE, containing).hasSize(1);
		return found.get(0);
	}

}
