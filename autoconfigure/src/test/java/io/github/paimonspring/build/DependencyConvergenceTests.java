package io.github.paimonspring.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build's {@code dependencyConvergence} rule (root pom, docs/dependencies.md), run by Maven on a fixture module
 * that inherits the root pom: Paimon's bundle and Kafka's client ask for different lz4-java and snappy-java versions,
 * which the BOM's decisions converge; an older lz4-java brought next to them fails the build, naming the artifact
 * and every path to it. The child Maven may download what the fixture needs (kafka-clients, lz4-java 1.10.1).
 */
@Tag(FixtureBuild.TAG)
class DependencyConvergenceTests {

	private static final String PAIMON_AND_KAFKA = """
			    <dependency>
			      <groupId>org.apache.paimon</groupId>
			      <artifactId>paimon-bundle</artifactId>
			    </dependency>
			    <dependency>
			      <groupId>org.apache.kafka</groupId>
			      <artifactId>kafka-clients</artifactId>
			    </dependency>
			""";

	@TempDir
	Path dir;

	@Test
	void paimonAndKafkasClientConvergeOnTheVersionsTheBomDecides() throws Exception {
		FixtureBuild.Result build = new FixtureBuild(this.dir, PAIMON_AND_KAFKA).run("validate");
		assertThat(build.exitCode()).as(build.output()).isZero();
		assertThat(build.output()).contains("(dependency-convergence) @ fixture")
			.contains("DependencyConvergence passed");
	}

	@Test
	void anOlderLz4JavaFailsTheBuildNamingEveryPath() throws Exception {
		FixtureBuild.Result build = new FixtureBuild(this.dir, PAIMON_AND_KAFKA + """
				    <dependency>
				      <groupId>at.yawk.lz4</groupId>
				      <artifactId>lz4-java</artifactId>
				      <version>1.10.1</version>
				    </dependency>
				""").run("validate");
		assertThat(build.exitCode()).as(build.output()).isNotZero();
		assertThat(build.output()).contains("Dependency convergence error for at.yawk.lz4:lz4-java:jar:1.10.4")
			.contains("+-at.yawk.lz4:lz4-java:jar:1.10.1:compile")
			.contains("+-org.apache.paimon:paimon-bundle:jar:1.4.2:compile");
	}

}
