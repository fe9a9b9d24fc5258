package io.github.paimonspring.cluster;

import java.time.Duration;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.actuate.PaimonHealthIndicator;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.fs.local.LocalFileIO;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An instance whose lease ran out commits nothing: other instances may already have removed its
 * uncommitted files. The refused write leaves no snapshot and no file.
 */
class CommitFenceTests extends WarehouseTestBase {

	private static final String TABLE = "default.fenced";

	@Test
	void anInstanceWhoseLeaseRanOutCommitsNothing() {
		this.warehouse.simpleLogTable(TABLE);
		WarehouseStateStore store = new WarehouseStateStore(LocalFileIO.create(), this.dir.toString());
		Instances healthy = new Instances(store, Duration.ofMinutes(5));
		healthy.check(TABLE); // registers it: a commit during start-up, before the first heartbeat
		assertThat(healthy.holdsLease()).isTrue();
		assertThat(store.list(Instances.KIND)).containsKey(healthy.id());

		// a lease in the past stands for heartbeats that stopped (a long pause, a lost store)
		Instances paused = new Instances(store, Duration.ofMinutes(-1));
		paused.heartbeat();
		assertThatThrownBy(() -> paused.check(TABLE)).isInstanceOf(PaimonUnavailableException.class)
			.hasMessageContaining("has not renewed its lease").hasMessageContaining("retry later");
		assertThat(paused.fencedAt()).isNull();
		paused.heartbeat(); // renewed only after it ran out: fenced for good
		assertThat(paused.fencedAt()).isNotNull();
		assertThatThrownBy(() -> paused.check(TABLE)).isInstanceOf(PaimonUnavailableException.class)
			.hasMessageContaining("commits nothing").hasMessageContaining("restart it");

		long snapshots = this.warehouse.snapshotCount(TABLE);
		PaimonTables pausedTables = PaimonTables.builder(this.warehouse.catalog())
			.writerId(paused.id())
			.fence(paused)
			.build();
		try (PaimonWriter writer = PaimonWriter.builder(pausedTables).build();
				VectorSchemaRoot batch = Batches.idName(this.allocator, 7, "late")) {
			assertThatThrownBy(() -> writer.write(TABLE, batch)).isInstanceOf(PaimonUnavailableException.class)
				.hasMessageContaining("Instance " + paused.id());
		}
		assertThat(this.warehouse.snapshotCount(TABLE)).isEqualTo(snapshots);
		assertThat(this.warehouse.dataFiles(TABLE)).noneMatch((file) -> file.contains(paused.id()));
		assertThat(this.warehouse.idNames(TABLE)).hasSize(3);

		// a fenced instance is unhealthy, so that it gets restarted; a healthy one is not
		Health fenced = new PaimonHealthIndicator(this.warehouse.catalog(), null, null, paused).health();
		assertThat(fenced.getStatus()).isEqualTo(Status.DOWN);
		assertThat(fenced.getDetails()).containsEntry("instance", paused.id()).containsKey("fencedAt");
		assertThat(new PaimonHealthIndicator(this.warehouse.catalog(), null, null, healthy).health().getStatus())
			.isEqualTo(Status.UP);
	}

}
