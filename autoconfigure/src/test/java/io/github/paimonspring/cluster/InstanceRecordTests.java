package io.github.paimonspring.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.support.JavaProcess;
import org.apache.paimon.fs.local.LocalFileIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The record an instance keeps under the warehouse's {@code _paimon-spring/instance/}: a clean stop
 * removes it, a killed instance (a child JVM that halts without running any shutdown code) leaves it,
 * and the others see it dead once its lease runs out, as before.
 */
class InstanceRecordTests {

	@TempDir
	Path dir;

	@Test
	void aCleanlyStoppedInstanceLeavesNoRecordAndCommitsNothingAfterwards() throws Exception {
		Path warehouse = this.dir.resolve("warehouse");
		AtomicReference<Instances> stopped = new AtomicReference<>();
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class))
			.withPropertyValues("paimon.catalog.warehouse=" + warehouse)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				Instances instances = context.getBean(ClusterMembership.class).instances();
				stopped.set(instances);
				assertThat(recordFiles(warehouse)).containsExactly(instances.id() + ".properties");
			});
		assertThat(recordFiles(warehouse)).as("records after a clean stop").isEmpty();
		assertThat(store(warehouse).list(Instances.KIND)).isEmpty();
		assertThatThrownBy(() -> stopped.get().check("db.t")).isInstanceOf(PaimonUnavailableException.class)
			.hasMessageContaining("has stopped");
		stopped.get().heartbeat();
		assertThat(recordFiles(warehouse)).as("a heartbeat after the stop registers nothing").isEmpty();
	}

	@Test
	void aPausedContextKeepsItsInstanceRegisteredAndCommitting() {
		Path warehouse = this.dir.resolve("warehouse");
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class))
			.withPropertyValues("paimon.catalog.warehouse=" + warehouse)
			.run((context) -> {
				Instances instances = context.getBean(ClusterMembership.class).instances();
				// what Spring's test context cache does with a context it keeps for later test classes
				context.pause();
				context.restart();
				assertThat(recordFiles(warehouse)).containsExactly(instances.id() + ".properties");
				instances.check("db.t");
			});
	}

	@Test
	void aKilledInstanceLeavesItsRecordAndIsDeadOnceItsLeaseRunsOut() throws Exception {
		Path warehouse = this.dir.resolve("warehouse");
		JavaProcess.Result killed = JavaProcess.run(List.of("--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx256m"),
				KilledInstance.class, warehouse.toString());
		Matcher matcher = Pattern.compile("instance=([0-9a-f]{8})").matcher(killed.output());
		assertThat(matcher.find()).as(killed.output()).isTrue();
		assertThat(killed.exitCode()).as(killed.output()).isEqualTo(KilledInstance.EXIT_CODE);
		String id = matcher.group(1);
		assertThat(recordFiles(warehouse)).containsExactly(id + ".properties");

		Instances observer = new Instances(store(warehouse), Duration.ofMinutes(1));
		Instant deadline = Instant.now().plusSeconds(60);
		Set<String> dead = observer.deadInstances(Duration.ofHours(1));
		while (!dead.contains(id) && Instant.now().isBefore(deadline)) {
			Thread.sleep(100); // polls the store; the bound is the deadline
			dead = observer.deadInstances(Duration.ofHours(1));
		}
		assertThat(dead).as("dead instances once the killed one's %s lease ran out", KilledInstance.LEASE).contains(id);
		assertThat(observer.isAlive(id)).isFalse();
	}

	private static WarehouseStateStore store(Path warehouse) {
		return new WarehouseStateStore(LocalFileIO.create(), warehouse.toString());
	}

	private static List<String> recordFiles(Path warehouse) throws Exception {
		Path directory = warehouse.resolve(WarehouseStateStore.DIRECTORY).resolve(Instances.KIND);
		if (!Files.isDirectory(directory)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(directory)) {
			return files.map((file) -> file.getFileName().toString()).filter((name) -> !name.startsWith(".")).toList();
		}
	}

	/** Starts the auto-configuration on a warehouse, prints its instance id and halts like {@code kill -9}. */
	static final class KilledInstance {

		static final int EXIT_CODE = 137;

		static final String LEASE = "3s";

		public static void main(String[] args) {
			ConfigurableApplicationContext context = new AnnotationConfigApplicationContext();
			TestPropertyValues
				.of("paimon.catalog.warehouse=" + args[0], "paimon.cluster.instance-lease=" + LEASE,
						"paimon.cluster.heartbeat-interval=1s")
				.applyTo(context);
			((AnnotationConfigApplicationContext) context).register(PaimonAutoConfiguration.class);
			context.refresh();
			System.out.println("instance=" + context.getBean(ClusterMembership.class).instances().id());
			System.out.flush();
			Runtime.getRuntime().halt(EXIT_CODE); // no shutdown hooks, no context close
		}

	}

}
