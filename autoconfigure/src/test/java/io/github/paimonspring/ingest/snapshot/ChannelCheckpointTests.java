package io.github.paimonspring.ingest.snapshot;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.ingest.ChannelFencedException;
import io.github.paimonspring.ingest.ChannelState;
import io.github.paimonspring.ingest.ChannelStateExpiredException;
import io.github.paimonspring.ingest.IngestListener;
import io.github.paimonspring.ingest.IngestSettings;
import io.github.paimonspring.ingest.Ingester;
import io.github.paimonspring.ingest.LocalKeyClaims;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.manifest.ManifestCommittable;
import org.apache.paimon.options.ExpireConfig;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.StreamTableWrite;
import org.apache.paimon.table.sink.StreamWriteBuilder;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the snapshots carry about channels: a group commit records only the channels it changes, plus a
 * checkpoint of every channel often enough that one is always retained; a process that starts after
 * the older snapshots expired knows every channel's state; a closed channel is gone; and a state that
 * only an expired snapshot had is refused, not guessed.
 */
class ChannelCheckpointTests extends WarehouseTestBase {

	private static final String TABLE = "default.many";

	private static final int RETAINED = 5;

	private final List<Ingester> ingesters = new ArrayList<>();

	@AfterEach
	void stop() {
		this.ingesters.forEach(Ingester::close);
	}

	private PaimonWriter writer() {
		return writer(Duration.ZERO);
	}

	private PaimonWriter writer(Duration interval) {
		Ingester ingester = new Ingester(new IngestSettings(interval, 1_000_000, 64L << 20, 256L << 20, 8L << 20),
				new LocalKeyClaims(), IngestListener.NONE, 0);
		this.ingesters.add(ingester);
		return PaimonWriter.builder(new PaimonTables(this.warehouse.catalog(), Map.of()))
			.spillDirectory(this.dir.resolve("spill"))
			.parallelism(2)
			.ingester(ingester)
			.build();
	}

	private void table() {
		this.warehouse.create(TABLE, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.option("snapshot.num-retained.min", String.valueOf(RETAINED))
			.build());
	}

	@Test
	void aCommitCarriesWhatItChangesAndACheckpointIsAlwaysRetained() throws Exception {
		table();
		int channels = 60;
		Map<String, Long> generations = new HashMap<>();
		PaimonWriter writer = writer();
		for (int c = 0; c < channels; c++) {
			generations.put("c" + c, writer.openChannel(WriteRequest.into(TABLE), "c" + c).generation());
		}
		for (int round = 1; round <= 2; round++) {
			for (int c = 0; c < channels; c++) {
				append(writer, "c" + c, generations.get("c" + c), c * 10 + round).get(60, TimeUnit.SECONDS);
			}
		}
		// at most RETAINED - 1 snapshots from one checkpoint to the next; the others carry one channel each
		FileStoreTable table = this.warehouse.table(TABLE);
		long latest = table.snapshotManager().latestSnapshotId();
		long lastCheckpoint = 0;
		int checkpoints = 0;
		for (long id = 1; id <= latest; id++) {
			Map<String, String> properties = table.snapshotManager().snapshot(id).properties();
			if (properties.containsKey(ChannelStates.CHECKPOINT)) {
				assertThat(id - lastCheckpoint).as("snapshots between checkpoints").isLessThanOrEqualTo(RETAINED - 1);
				lastCheckpoint = id;
				checkpoints++;
			}
			else {
				assertThat(properties.get(ChannelStates.CHANGES)).as("snapshot %d", id).doesNotContain("\n");
			}
		}
		assertThat(checkpoints).isBetween((int) (latest / (RETAINED - 1)), (int) latest / 2);
		// the older snapshots expire: a process that starts now reads every state from what is retained
		expire(table);
		assertThat(table.snapshotManager().earliestSnapshotId()).isGreaterThan(latest - RETAINED);
		PaimonWriter restarted = writer();
		for (int c = 0; c < channels; c++) {
			ChannelState state = restarted.channels(TABLE).state("c" + c).orElseThrow();
			assertThat(state.generation()).isEqualTo(generations.get("c" + c));
			assertThat(state.offsetToken()).isEqualTo(String.valueOf(c * 10 + 2));
		}
		assertThat(restarted.channels(TABLE).state("never-opened")).isEmpty();
	}

	@Test
	void aClosedChannelIsGoneAndReopensWithoutAToken() throws Exception {
		table();
		PaimonWriter writer = writer();
		long generation = writer.openChannel(WriteRequest.into(TABLE), "gone").generation();
		writer.openChannel(WriteRequest.into(TABLE), "kept");
		append(writer, "gone", generation, 1).get(60, TimeUnit.SECONDS);
		append(writer, "gone", generation, 2).get(60, TimeUnit.SECONDS);
		ChannelState closed = writer.channels(TABLE).close("gone").orElseThrow();
		assertThat(closed.offsetToken()).isEqualTo("2");
		assertThat(closed.generation()).isEqualTo(generation);
		assertThat(writer.channels(TABLE).state("gone")).isEmpty();
		assertThatThrownBy(() -> append(writer, "gone", generation, 3)).isInstanceOf(ChannelFencedException.class)
			.hasMessageContaining("never opened");
		// closing again changes nothing
		long snapshots = this.warehouse.table(TABLE).snapshotManager().latestSnapshotId();
		assertThat(writer.channels(TABLE).close("gone")).isEmpty();
		assertThat(writer.channels(TABLE).close("never-opened")).isEmpty();
		assertThat(this.warehouse.table(TABLE).snapshotManager().latestSnapshotId()).isEqualTo(snapshots);
		// other writers commit, the snapshot that closed it expires: still gone for a new process
		for (int i = 0; i < RETAINED + 2; i++) {
			try (VectorSchemaRoot batch = Batches.idName(this.allocator, 100 + i, "other")) {
				this.writer.write(TABLE, batch);
			}
		}
		writer.openChannel(WriteRequest.into(TABLE), "kept");
		expire(this.warehouse.table(TABLE));
		PaimonWriter restarted = writer();
		assertThat(restarted.channels(TABLE).state("gone")).isEmpty();
		assertThat(restarted.channels(TABLE).state("kept")).isPresent();
		ChannelState reopened = restarted.openChannel(WriteRequest.into(TABLE), "gone").state().orElseThrow();
		assertThat(reopened.offsetToken()).isNull();
		assertThat(reopened.generation()).isGreaterThan(generation);
		assertThat(append(restarted, "gone", reopened.generation(), 1).get(60, TimeUnit.SECONDS).committed()).isTrue();
		assertThat(this.warehouse.idNames(TABLE)).filteredOn((row) -> row.endsWith(":o1")).hasSize(2);
	}

	@Test
	void aCloseWaitsForTheAppendsInFlight() throws Exception {
		table();
		PaimonWriter writer = writer(Duration.ofMillis(500));
		long generation = writer.openChannel(WriteRequest.into(TABLE), "busy").generation();
		CompletableFuture<WriteResult> inFlight = append(writer, "busy", generation, 1);
		assertThat(inFlight).as("waits for its group commit").isNotDone();
		ChannelState closed = writer.channels(TABLE).close("busy").orElseThrow();
		assertThat(inFlight).isDone();
		assertThat(inFlight.get().committed()).isTrue();
		assertThat(closed.offsetToken()).as("the close came after the append").isEqualTo("1");
		assertThat(writer.channels(TABLE).state("busy")).isEmpty();
		assertThat(this.warehouse.idNames(TABLE)).containsExactly("1:o1");
	}

	@Test
	void aStateOnlyAnExpiredSnapshotHadIsRefused() throws Exception {
		table();
		FileStoreTable table = this.warehouse.table(TABLE);
		// channel "a" is in a checkpoint and "b" in changes after it; then the checkpoint expires
		commit(table, 1, Map.of(ChannelStates.CHECKPOINT, ChannelStates.compress("a\t1\t*\t7"),
				ChannelStates.CHECKPOINT_BASE, "0"));
		for (int i = 2; i <= RETAINED + 3; i++) {
			commit(table, i, Map.of(ChannelStates.CHANGES, "b\t2\t" + i));
		}
		SnapshotIndex whole = new SnapshotIndex(TABLE, table, Runnable::run, 1);
		assertThat(whole.channel("a").offsetToken()).isEqualTo("7");
		expire(table);
		SnapshotIndex late = new SnapshotIndex(TABLE, table, Runnable::run, 1);
		assertThat(late.channel("b").offsetToken()).isEqualTo(String.valueOf(RETAINED + 3));
		assertThatThrownBy(() -> late.channel("a")).isInstanceOf(ChannelStateExpiredException.class)
			.hasMessageContaining("channel 'a' of table 'default.many' is not in the table's retained snapshots");
		// the group commit that follows writes a checkpoint of what is known only when it knows it all
		Map<String, String> properties = late.groupProperties(1, List.of(), List.of(ChannelUpdate.append("b", 2,
				"99")));
		assertThat(properties).doesNotContainKey(ChannelStates.CHECKPOINT).containsEntry(ChannelStates.CHANGES,
				"b\t2\t99");
		Map<String, String> complete = whole.groupProperties(1, List.of(), List.of(ChannelUpdate.close("a")));
		assertThat(ChannelStates.decompress(complete.get(ChannelStates.CHECKPOINT))).isEqualTo("b\t2\t" + (RETAINED + 3)
				+ "\t" + (RETAINED + 3));
	}

	private void commit(FileStoreTable table, int identifier, Map<String, String> properties) throws Exception {
		StreamWriteBuilder builder = table.newStreamWriteBuilder().withCommitUser("manual");
		try (StreamTableWrite write = builder.newWrite(); TableCommitImpl commit = (TableCommitImpl) builder
				.newCommit()) {
			write.write(GenericRow.of(identifier, BinaryString.fromString("m" + identifier)));
			List<CommitMessage> messages = write.prepareCommit(false, identifier);
			commit.commit(new ManifestCommittable(identifier, null, messages, new HashMap<>(properties)));
		}
	}

	private static void expire(FileStoreTable table) {
		table.newExpireSnapshots()
			.config(ExpireConfig.builder().snapshotRetainMin(RETAINED).snapshotRetainMax(RETAINED)
				.snapshotTimeRetain(Duration.ZERO).build())
			.expire();
		Snapshot earliest = table.snapshotManager().earliestSnapshot();
		assertThat(earliest.id()).isGreaterThan(1);
	}

	/** The append of row {@code offset} after {@code offset - 1} (the first one of a channel after none). */
	private CompletableFuture<WriteResult> append(PaimonWriter writer, String channel, long generation, int offset) {
		String after = (offset % 10 == 1) ? "" : String.valueOf(offset - 1);
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, offset, "o" + offset)) {
			return writer.channels(TABLE).channel(channel, generation)
				.append(after, String.valueOf(offset), List.of(batch));
		}
	}

}
