package io.github.paimonspring.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.support.TestPostgres;
import org.apache.paimon.fs.local.LocalFileIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The shared state on both backends — the real PostgreSQL (as the JDBC catalog uses it) and a warehouse
 * directory — and the instance registry on top: records round-trip, are replaced whole and deleted; an
 * instance is alive while its lease holds and dead after, and a dead one is forgotten after a while.
 */
@Tag(TestPostgres.TAG)
class SharedStateTests {

	private static final String URL = TestPostgres.jdbcUrl();

	@TempDir
	Path warehouse;

	private final String kind = "test-" + UUID.randomUUID().toString().substring(0, 8);

	@Test
	void recordsInTheDatabase() {
		try (JdbcStateStore store = new JdbcStateStore(URL, TestPostgres.user(), null)) {
			roundTrip(store);
			assertThat(store.location()).contains(TestPostgres.host() + ":" + TestPostgres.port()
					+ "/postgres").contains(JdbcStateStore.TABLE);
		}
	}

	@Test
	void recordsInTheWarehouse() {
		WarehouseStateStore store = new WarehouseStateStore(LocalFileIO.create(), this.warehouse.toString());
		roundTrip(store);
		assertThat(this.warehouse.resolve(WarehouseStateStore.DIRECTORY).resolve(this.kind)).isDirectory();
		assertThatThrownBy(() -> store.put(this.kind, "../escape", Map.of()))
			.isInstanceOf(IllegalArgumentException.class).hasMessageContaining("../escape");
	}

	@Test
	void anUnreachableDatabaseIsRetryable() {
		// a port where nothing listens
		assertThatThrownBy(() -> new JdbcStateStore("jdbc:postgresql://127.0.0.1:1/postgres?connectTimeout=2",
				"postgres", null))
			.isInstanceOf(PaimonUnavailableException.class)
			.hasMessageContaining(JdbcStateStore.TABLE)
			.hasMessageContaining("127.0.0.1:1/postgres")
			.hasMessageNotContaining("connectTimeout");
	}

	private void roundTrip(StateStore store) {
		assertThat(store.get(this.kind, "a")).isNull();
		assertThat(store.list(this.kind)).isEmpty();
		store.put(this.kind, "a", Map.of("state", "OPEN", "note", "line one\nline two = x"));
		store.put(this.kind, "b", Map.of("state", "OPEN"));
		store.put(this.kind, "a", Map.of("state", "COMMITTED"));
		assertThat(store.get(this.kind, "a")).isEqualTo(Map.of("state", "COMMITTED"));
		store.put(this.kind, "a", Map.of("state", "OPEN", "note", "line one\nline two = x"));
		assertThat(store.get(this.kind, "a")).containsEntry("note", "line one\nline two = x");
		assertThat(store.list(this.kind)).containsOnlyKeys("a", "b");
		store.delete(this.kind, "b");
		store.delete(this.kind, "missing");
		assertThat(store.list(this.kind)).containsOnlyKeys("a");
		store.delete(this.kind, "a");
		assertThat(store.list(this.kind)).isEmpty();
	}

	@Test
	void anInstanceIsAliveWhileItsLeaseHolds() {
		WarehouseStateStore store = new WarehouseStateStore(LocalFileIO.create(), this.warehouse.toString());
		Instances alive = new Instances(store, Duration.ofMinutes(5));
		// a lease in the past stands for an instance that stopped sending heartbeats
		Instances crashed = new Instances(store, Duration.ofMinutes(-1));
		assertThat(alive.id()).matches("[0-9a-f]{8}").isNotEqualTo(crashed.id());
		assertThat(alive.isAlive(crashed.id())).as("never registered").isFalse();
		assertThat(alive.holdsLease()).as("not registered yet").isFalse();
		alive.heartbeat();
		crashed.heartbeat();
		assertThat(alive.holdsLease()).isTrue();
		assertThat(crashed.holdsLease()).isFalse();
		assertThat(crashed.isAlive(alive.id())).isTrue();
		assertThat(alive.isAlive(crashed.id())).isFalse();
		assertThat(alive.isAlive(alive.id())).isTrue();
		assertThat(alive.deadInstances(Duration.ofDays(1))).containsExactly(crashed.id());
		assertThat(alive.dataFilePrefix("data-")).isEqualTo("data-" + alive.id() + "-");
		// dead for longer than the age-based sweep waits: forgotten
		assertThat(alive.deadInstances(Duration.ZERO)).isEmpty();
		assertThat(store.list(Instances.KIND)).containsOnlyKeys(alive.id());
	}

}
