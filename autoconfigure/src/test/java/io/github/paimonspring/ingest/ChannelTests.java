package io.github.paimonspring.ingest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.IngestChannel;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Channels on real tables: opening fences older generations and returns the committed offset token,
 * appends commit their offset token with their rows, and a restarted process resumes from the
 * snapshots alone.
 */
class ChannelTests extends WarehouseTestBase {

	private static final String TABLE = "default.stream";

	private final List<Ingester> ingesters = new ArrayList<>();

	/** A writer with its own group commit service; closing it commits what waits. */
	private PaimonWriter writer(Duration interval) {
		Ingester ingester = new Ingester(new IngestSettings(interval, 1_000_000, 64L << 20, 256L << 20, 8L << 20),
				new LocalKeyClaims(), IngestListener.NONE, 0);
		this.ingesters.add(ingester);
		return new PaimonWriter(PaimonWriter.builder(new PaimonTables(this.warehouse.catalog(), Map.of()))
			.spillDirectory(this.dir.resolve("spill"))
			.parallelism(2)
			.ingester(ingester)) {

			@Override
			public void close() {
				ingester.close();
			}

		};
	}

	private void table() {
		this.warehouse.create(TABLE, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.build());
	}

	@Test
	void openAppendReopenAndFence() throws Exception {
		table();
		try (PaimonWriter writer = writer(Duration.ZERO)) {
			ChannelState opened = writer.openChannel(WriteRequest.into(TABLE), "producer-1").state().orElseThrow();
			assertThat(opened.offsetToken()).isNull();
			assertThat(opened.generation()).isEqualTo(opened.snapshotId()).isPositive();
			for (int offset = 1; offset <= 3; offset++) {
				WriteResult result = append(writer, "producer-1", opened.generation(), offset).get(60,
						TimeUnit.SECONDS);
				assertThat(result.committed()).isTrue();
			}
			assertThat(writer.channels(TABLE).state("producer-1")).get()
				.satisfies((state) -> assertThat(state.offsetToken()).isEqualTo("3"));
			ChannelState reopened = writer.openChannel(WriteRequest.into(TABLE), "producer-1")
				.state()
				.orElseThrow();
			assertThat(reopened.generation()).isGreaterThan(opened.generation());
			assertThat(reopened.offsetToken()).isEqualTo("3");
			assertThatThrownBy(() -> append(writer, "producer-1", opened.generation(), 4))
				.isInstanceOf(ChannelFencedException.class)
				.hasMessageContaining("Generation " + opened.generation() + " of channel 'producer-1'")
				.hasMessageContaining("generation " + reopened.generation());
			assertThat(append(writer, "producer-1", reopened.generation(), 4).get(60, TimeUnit.SECONDS).committed())
				.isTrue();
			// another channel of the same table keeps its own state
			ChannelState other = writer.openChannel(WriteRequest.into(TABLE), "producer-2").state().orElseThrow();
			assertThat(other.offsetToken()).isNull();
			assertThat(writer.channels(TABLE).state("producer-1").get().offsetToken()).isEqualTo("4");
			assertThat(writer.channels(TABLE).state("never-opened")).isEmpty();
		}
		assertThat(this.warehouse.idNames(TABLE)).containsExactlyInAnyOrder("1:o1", "2:o2", "3:o3", "4:o4");
	}

	@Test
	void aRestartedProcessResumesFromTheSnapshots() throws Exception {
		table();
		long generation;
		try (PaimonWriter writer = writer(Duration.ZERO)) {
			generation = writer.openChannel(WriteRequest.into(TABLE), "p").generation();
			append(writer, "p", generation, 1).get(60, TimeUnit.SECONDS);
			append(writer, "p", generation, 2).get(60, TimeUnit.SECONDS);
		}
		// other writers commit in between: the newest snapshot carries the channel's state forward
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 100, "other")) {
			this.writer.write(TABLE, batch);
		}
		try (PaimonWriter restarted = writer(Duration.ZERO)) {
			ChannelState state = restarted.openChannel(WriteRequest.into(TABLE), "p").state().orElseThrow();
			assertThat(state.offsetToken()).isEqualTo("2");
			assertThat(state.generation()).isGreaterThan(generation);
			assertThatThrownBy(() -> append(restarted, "p", generation, 3)).isInstanceOf(ChannelFencedException.class);
			append(restarted, "p", state.generation(), 3).get(60, TimeUnit.SECONDS);
		}
		assertThat(this.warehouse.idNames(TABLE)).containsExactlyInAnyOrder("1:o1", "2:o2", "3:o3", "100:other");
	}

	@Test
	void pipelinedAppendsShareAGroupAndTheLastOffsetWins() throws Exception {
		table();
		try (PaimonWriter writer = writer(Duration.ofHours(1))) {
			long generation = writer.openChannel(WriteRequest.into(TABLE), "fast").generation();
			CompletableFuture<WriteResult> first = append(writer, "fast", generation, 1);
			CompletableFuture<WriteResult> second = append(writer, "fast", generation, 2);
			assertThat(first).isNotDone();
			writer.close();
			assertThat(first.get(60, TimeUnit.SECONDS).snapshotId()).isEqualTo(second.get(60,
					TimeUnit.SECONDS).snapshotId());
		}
		try (PaimonWriter reader = writer(Duration.ZERO)) {
			assertThat(reader.channels(TABLE).state("fast").get().offsetToken()).isEqualTo("2");
		}
	}

	@Test
	void badNamesAndTokensAreRefused() {
		table();
		try (PaimonWriter writer = writer(Duration.ZERO)) {
			assertThatThrownBy(() -> writer.openChannel(WriteRequest.into(TABLE), "bad name"))
				.hasMessageContaining("channel name");
			IngestChannel ok = writer.openChannel(WriteRequest.into(TABLE), "ok");
			try (VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "x")) {
				assertThatThrownBy(() -> ok.append("", "line\nbreak", List.of(batch)))
					.hasMessageContaining("is not an offset token");
				assertThatThrownBy(() -> ok.append("", "abc", List.of(batch)))
					.isInstanceOf(PaimonArgumentException.class)
					.hasMessageContaining("offsetToken 'abc' is not an offset token: it must be a decimal integer");
				assertThatThrownBy(() -> ok.append("-1", "5", List.of(batch)))
					.hasMessageContaining("after '-1' is not an offset token");
				assertThatThrownBy(() -> ok.append("5", "5", List.of(batch)))
					.hasMessageContaining("offsetToken 5 must be greater than after 5");
			}
		}
		assertThat(this.warehouse.idNames(TABLE)).isEmpty();
	}

	/** The append of row {@code offset} after the previous offset (the first one after none). */
	private CompletableFuture<WriteResult> append(PaimonWriter writer, String channel, long generation, int offset) {
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, offset, "o" + offset)) {
			return writer.channels(TABLE).channel(channel, generation)
				.append((offset == 1) ? "" : String.valueOf(offset - 1), String.valueOf(offset), List.of(batch));
		}
	}

}
