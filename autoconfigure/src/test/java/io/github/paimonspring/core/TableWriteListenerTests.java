package io.github.paimonspring.core;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.ingest.IngestListener;
import io.github.paimonspring.ingest.IngestSettings;
import io.github.paimonspring.ingest.Ingester;
import io.github.paimonspring.ingest.LocalKeyClaims;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import io.github.paimonspring.write.ArrowCommitMessages;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.ArrowTableWrite;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every way {@link PaimonWriter} writes a table tells its {@link TableWriteListener} the table's
 * identifier — one-shot writes, callbacks, truncate, the group commit, channels, write builders and
 * deserialized messages (staged transactions) — and reads do not.
 */
class TableWriteListenerTests extends WarehouseTestBase {

	private static final String TABLE = "default.heard";

	@Test
	void everyWritePathTellsTheListenerAndReadsDoNot() throws Exception {
		this.warehouse.simpleLogTable(TABLE);
		List<String> heard = new CopyOnWriteArrayList<>();
		Ingester ingester = new Ingester(IngestSettings.DEFAULTS, new LocalKeyClaims(), IngestListener.NONE, 0);
		try (PaimonWriter writer = PaimonWriter.builder(new PaimonTables(this.warehouse.catalog(), Map.of()))
			.spillDirectory(this.dir.resolve("spill"))
			.parallelism(1)
			.ingester(ingester)
			.tableWriteListener(heard::add)
			.build();
				VectorSchemaRoot batch = Batches.idName(this.allocator, 10, "x")) {
			writer.write(TABLE, batch);
			assertThat(heard).containsExactly(TABLE);
			writer.write(WriteRequest.into(TABLE).withOverwrite(), batch);
			writer.execute(TABLE, (session) -> session.write(batch));
			writer.truncate(TABLE);
			writer.ingest(WriteRequest.into(TABLE), List.of(batch)).join();
			long generation = writer.openChannel(WriteRequest.into(TABLE), "c").generation();
			writer.channels(TABLE).channel("c", generation).append("", "1", List.of(batch)).join();
			byte[] prepared;
			try (ArrowTableWrite write = writer.newWriteBuilder(TABLE).withCommitUser("staged").newWrite()) {
				write.write(batch);
				prepared = write.prepareCommit().serialize();
			}
			ArrowCommitMessages messages = writer.newWriteBuilder(TABLE).deserializeCommitMessages(prepared);
			try (ArrowTableCommit commit = writer.newWriteBuilder(TABLE).withCommitUser("staged").newCommit()) {
				assertThat(commit.commit(messages).committed()).isTrue();
			}
			assertThat(heard).hasSize(10).containsOnly(TABLE);

			writer.channels(TABLE).state("c");
			writer.tables().getTable(TABLE);
			assertThat(heard).as("reads tell no one").hasSize(10);
		}
		finally {
			ingester.close();
		}
	}

}
