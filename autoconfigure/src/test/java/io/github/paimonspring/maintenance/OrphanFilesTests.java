package io.github.paimonspring.maintenance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.cluster.Instances;
import io.github.paimonspring.cluster.WarehouseStateStore;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import io.github.paimonspring.write.ArrowTableWrite;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.fs.local.LocalFileIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Orphan-file cleanup on a real table with files of three kinds of instance: the files a dead instance
 * left are removed at once, those of a live instance's unfinished write only once they pass the safe
 * age, files of prepared commits never, and committed files never — the table reads the same rows.
 */
class OrphanFilesTests extends WarehouseTestBase {

	private static final String TABLE = "default.orphans";

	private WarehouseStateStore store;

	private Instances self;

	@BeforeEach
	void registerInstances() {
		this.store = new WarehouseStateStore(LocalFileIO.create(), this.dir.toString());
		this.self = new Instances(this.store, Duration.ofMinutes(5));
		this.self.heartbeat();
		this.warehouse.simpleLogTable(TABLE);
	}

	@Test
	void aDeadInstancesFilesGoAtOnceALiveInstancesOnlyWhenOld() throws Exception {
		Instances live = new Instances(this.store, Duration.ofMinutes(5));
		live.heartbeat();
		// leases in the past stand for instances that stopped sending heartbeats (killed)
		Instances dead = new Instances(this.store, Duration.ofMinutes(-1));
		dead.heartbeat();
		Instances deadWithPrepared = new Instances(this.store, Duration.ofMinutes(-1));
		deadWithPrepared.heartbeat();

		commit(this.self, 100, "committed");
		uncommitted(live, 200, "live");
		uncommitted(dead, 300, "dead");
		uncommitted(deadWithPrepared, 400, "prepared");
		List<String> rows = this.warehouse.idNames(TABLE);
		Set<String> committed = filesOf(this.self);
		Set<String> prepared = filesOf(deadWithPrepared);
		assertThat(committed).isNotEmpty();
		assertThat(filesOf(live)).isNotEmpty();
		assertThat(filesOf(dead)).isNotEmpty();
		assertThat(prepared).isNotEmpty();

		OrphanFiles orphans = new OrphanFiles(tables(this.self), this.self, Duration.ofDays(1), (table) -> prepared);
		OrphanFilesResult dry = orphans.remove(TABLE, true);
		assertThat(dry.dryRun()).isTrue();
		assertThat(dry.files()).isEqualTo(filesOf(dead).size());
		assertThat(dry.deadInstanceFiles()).isEqualTo(dry.files());
		assertThat(filesOf(dead)).as("a dry run deletes nothing").isNotEmpty();

		OrphanFilesResult removed = orphans.remove(TABLE, false);
		assertThat(removed.files()).isEqualTo(dry.files());
		assertThat(removed.bytes()).isPositive();
		assertThat(removed.sample()).allSatisfy((path) -> assertThat(path).contains("data-" + dead.id() + "-"));
		assertThat(filesOf(dead)).isEmpty();
		assertThat(filesOf(live)).as("a live instance's unfinished write is younger than the safe age").isNotEmpty();
		assertThat(filesOf(deadWithPrepared)).as("prepared commits may still be committed").isEqualTo(prepared);
		assertThat(filesOf(this.self)).isEqualTo(committed);
		assertThat(this.warehouse.idNames(TABLE)).containsExactlyInAnyOrderElementsOf(rows);

		// once older than the safe age, the live instance's leftovers are orphans too; prepared ones stay
		OrphanFiles aged = new OrphanFiles(tables(this.self), this.self, Duration.ofMillis(-1000), (table) -> prepared);
		OrphanFilesResult old = aged.remove(TABLE, false);
		assertThat(old.deadInstanceFiles()).isZero();
		assertThat(filesOf(live)).isEmpty();
		assertThat(filesOf(deadWithPrepared)).isEqualTo(prepared);
		assertThat(filesOf(this.self)).isEqualTo(committed);
		assertThat(this.warehouse.idNames(TABLE)).containsExactlyInAnyOrderElementsOf(rows);
	}

	@Test
	void withoutDeadInstancesNothingYoungIsRemoved() {
		commit(this.self, 100, "committed");
		uncommitted(this.self, 200, "mine");
		Set<String> before = filesOf(this.self);
		OrphanFilesResult result = new OrphanFiles(tables(this.self), this.self, Duration.ofDays(1), PendingFiles.NONE)
			.remove(TABLE, false);
		assertThat(result.files()).isZero();
		assertThat(filesOf(this.self)).isEqualTo(before);
	}

	private PaimonTables tables(Instances instance) {
		return PaimonTables.builder(this.warehouse.catalog()).writerId(instance.id()).build();
	}

	private void commit(Instances instance, int id, String name) {
		try (PaimonWriter writer = PaimonWriter.builder(tables(instance)).build();
				VectorSchemaRoot batch = Batches.idName(this.allocator, id, name)) {
			writer.write(TABLE, batch);
		}
	}

	/** Writes data files and prepares them, as an instance does that is killed before it commits. */
	private void uncommitted(Instances instance, int id, String name) {
		try (PaimonWriter writer = PaimonWriter.builder(tables(instance)).build();
				ArrowTableWrite write = writer.newWriteBuilder(TABLE).newWrite();
				VectorSchemaRoot batch = Batches.idName(this.allocator, id, name)) {
			write.write(batch);
			assertThat(write.prepareCommit().isEmpty()).isFalse();
		}
	}

	/** The data files in the table directory written by an instance. */
	private Set<String> filesOf(Instances instance) {
		Path dir = this.warehouse.tableDir(TABLE);
		try (var files = Files.walk(dir)) {
			return files.filter(Files::isRegularFile)
				.map((path) -> path.getFileName().toString())
				.filter((name) -> name.startsWith("data-" + instance.id() + "-"))
				.collect(Collectors.toSet());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
