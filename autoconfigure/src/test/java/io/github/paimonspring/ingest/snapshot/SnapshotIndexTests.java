package io.github.paimonspring.ingest.snapshot;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.github.paimonspring.ingest.ChannelState;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.manifest.ManifestCommittable;
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

/**
 * The index of idempotency keys and channel states over a long history of real snapshots: read with
 * several snapshots at once it answers exactly what it answers read one by one — every key with the
 * first snapshot that committed it, every channel with its newest state — and it keeps up with
 * snapshots committed later.
 */
class SnapshotIndexTests extends WarehouseTestBase {

	private static final String TABLE = "default.history";

	private final ExecutorService readers = Executors.newFixedThreadPool(8);

	@AfterEach
	void stopReaders() {
		this.readers.shutdownNow();
	}

	@Test
	void aLongHistoryReadInParallelIsIndexedAsReadInOrder() throws Exception {
		this.warehouse.create(TABLE, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.build());
		FileStoreTable table = this.warehouse.table(TABLE);
		// 300 group commits: key-i in snapshot i, key-dup in snapshots 10 and 200, channel c moving on
		commit(table, 1, 300);
		SnapshotIndex sequential = new SnapshotIndex(TABLE, table, Runnable::run, 1);
		SnapshotIndex parallel = new SnapshotIndex(TABLE, table, this.readers, 8);
		for (SnapshotIndex index : List.of(sequential, parallel)) {
			assertThat(index.snapshotOf("key-1")).isEqualTo(1L);
			assertThat(index.snapshotOf("key-123")).isEqualTo(123L);
			assertThat(index.snapshotOf("key-300")).isEqualTo(300L);
			assertThat(index.snapshotOf("key-dup")).as("the first snapshot that committed it").isEqualTo(10L);
			assertThat(index.snapshotOf("key-301")).isNull();
			assertThat(index.size()).isEqualTo(301);
			ChannelState channel = index.channel("c");
			assertThat(channel.offsetToken()).isEqualTo("3000");
			assertThat(channel.snapshotId()).isEqualTo(300L);
		}
		// snapshots committed later are read on the next lookup
		commit(table, 301, 310);
		assertThat(parallel.snapshotOf("key-305")).isEqualTo(305L);
		assertThat(parallel.channel("c").offsetToken()).isEqualTo("3100");
	}

	private void commit(FileStoreTable table, int from, int to) throws Exception {
		StreamWriteBuilder builder = table.newStreamWriteBuilder().withCommitUser("history");
		try (StreamTableWrite write = builder.newWrite(); TableCommitImpl commit = (TableCommitImpl) builder
				.newCommit()) {
			for (int i = from; i <= to; i++) {
				write.write(GenericRow.of(i, BinaryString.fromString("n" + i)));
				List<CommitMessage> messages = write.prepareCommit(false, i);
				Map<String, String> properties = new HashMap<>();
				properties.put(SnapshotIndex.PROPERTY, (i == 10 || i == 200) ? "key-" + i + "\nkey-dup" : "key-" + i);
				properties.put(ChannelStates.CHANGES, "c\t1\t" + (i * 10));
				commit.commit(new ManifestCommittable(i, null, messages, properties));
			}
		}
	}

}
