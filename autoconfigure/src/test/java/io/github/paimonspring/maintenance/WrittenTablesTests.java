package io.github.paimonspring.maintenance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.paimonspring.cluster.StateStore;
import io.github.paimonspring.cluster.WarehouseStateStore;
import org.apache.paimon.fs.local.LocalFileIO;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tables the service writes, remembered in a real shared state (the warehouse directory): recorded
 * once per instance, seen by another instance and after a restart, forgotten for every instance, and
 * kept pending while the store cannot be written.
 */
class WrittenTablesTests {

	@TempDir
	Path dir;

	@Test
	void aTableIsRecordedOncePerInstanceAndSeenByTheOthers() throws Exception {
		CountingStore store = new CountingStore(new WarehouseStateStore(LocalFileIO.create(), this.dir.toString()));
		WrittenTables first = new WrittenTables(store, "i1");
		for (int write = 0; write < 1000; write++) {
			first.writing("shop.events");
		}
		awaitRecorded(store, "shop.events");
		for (int write = 0; write < 1000; write++) {
			first.writing("shop.events");
		}
		assertThat(first.tables()).containsExactly("shop.events");
		// another instance, or this one restarted, knows it from the shared state alone
		WrittenTables second = new WrittenTables(new WarehouseStateStore(LocalFileIO.create(), this.dir.toString()),
				"i2");
		assertThat(second.tables()).isEmpty();
		assertThat(second.refresh()).containsExactly("shop.events");
		second.writing("shop.events");
		second.refresh();
		assertThat(store.puts.get()).as("2,000 writes, one record").isEqualTo(1);
		assertThat(store.get(WrittenTables.KIND, "shop.events")).containsEntry("table", "shop.events")
			.containsEntry("instance", "i1").containsKey("recorded");

		second.forget("shop.events");
		assertThat(first.refresh()).as("forgotten for every instance").isEmpty();
		first.writing("shop.events");
		assertThat(first.refresh()).as("written again: recorded again").containsExactly("shop.events");
		assertThat(store.puts.get()).isEqualTo(2);
		first.close();
		second.close();
	}

	@Test
	void aTableIsMaintainedHereWhileItsRecordCannotBeWrittenAndRecordedLater() throws Exception {
		Path warehouse = this.dir.resolve("wh");
		// the store's directory is a file: every write fails
		Files.createDirectories(warehouse.resolve(WarehouseStateStore.DIRECTORY));
		Files.writeString(warehouse.resolve(WarehouseStateStore.DIRECTORY).resolve(WrittenTables.KIND), "blocked");
		StateStore store = new WarehouseStateStore(LocalFileIO.create(), warehouse.toString());
		WrittenTables written = new WrittenTables(store, "i1");
		written.writing("db.t");
		assertThat(written.refresh()).as("pending, maintained by this instance").containsExactly("db.t");
		assertThat(new WrittenTables(store, "i2").refresh()).as("not recorded").isEmpty();

		Files.delete(warehouse.resolve(WarehouseStateStore.DIRECTORY).resolve(WrittenTables.KIND));
		assertThat(written.refresh()).containsExactly("db.t");
		assertThat(new WrittenTables(store, "i2").refresh()).as("recorded by the next refresh").containsExactly("db.t");
		written.close();
	}

	@Test
	void identifiersThatAreNoSafeFileNamesAreStoredUnderADigest() {
		StateStore store = new WarehouseStateStore(LocalFileIO.create(), this.dir.toString());
		WrittenTables written = new WrittenTables(store, "i1");
		String odd = "my db.tä ble/1";
		written.writing(odd);
		assertThat(written.refresh()).containsExactly(odd);
		assertThat(WrittenTables.id(odd)).startsWith("sha256-").hasSize(7 + 64);
		assertThat(WrittenTables.id("db.t_1-x")).isEqualTo("db.t_1-x");
		written.forget(odd);
		assertThat(store.list(WrittenTables.KIND)).isEmpty();
		written.close();
	}

	private static void awaitRecorded(StateStore store, String table) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (store.get(WrittenTables.KIND, table) == null) {
			assertThat(System.nanoTime()).as("recorded within 10 s").isLessThan(deadline);
			Thread.sleep(5);
		}
	}

	/** A real store that counts the records written. */
	private static final class CountingStore implements StateStore {

		private final StateStore store;

		private final AtomicInteger puts = new AtomicInteger();

		CountingStore(StateStore store) {
			this.store = store;
		}

		@Override
		public void put(String kind, String id, Map<String, String> fields) {
			this.puts.incrementAndGet();
			this.store.put(kind, id, fields);
		}

		@Override
		public @Nullable Map<String, String> get(String kind, String id) {
			return this.store.get(kind, id);
		}

		@Override
		public Map<String, Map<String, String>> list(String kind) {
			return this.store.list(kind);
		}

		@Override
		public void delete(String kind, String id) {
			this.store.delete(kind, id);
		}

		@Override
		public String location() {
			return this.store.location();
		}

	}

}
