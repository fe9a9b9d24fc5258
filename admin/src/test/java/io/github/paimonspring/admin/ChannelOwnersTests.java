package io.github.paimonspring.admin;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.paimonspring.cluster.StateStore;
import io.github.paimonspring.cluster.WarehouseStateStore;
import org.apache.paimon.fs.local.LocalFileIO;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Channel owners off the append path: two instances' {@link ChannelOwners} over one shared store (a warehouse
 * directory, which counts its reads). An append's owner is read from the store once per channel generation and
 * instance; the owner survives a takeover (another instance reading it for the new generation); a close and a
 * new opening by another principal give the new generation the new owner on every instance.
 */
class ChannelOwnersTests {

	private static final String TABLE = "shop.events";

	@TempDir
	Path dir;

	private final AtomicInteger reads = new AtomicInteger();

	private StateStore store;

	@BeforeEach
	void store() {
		WarehouseStateStore shared = new WarehouseStateStore(LocalFileIO.create(), this.dir.toString());
		this.store = new StateStore() {

			@Override
			public void put(String kind, String id, Map<String, String> fields) {
				shared.put(kind, id, fields);
			}

			@Override
			public @Nullable Map<String, String> get(String kind, String id) {
				ChannelOwnersTests.this.reads.incrementAndGet();
				return shared.get(kind, id);
			}

			@Override
			public Map<String, Map<String, String>> list(String kind) {
				return shared.list(kind);
			}

			@Override
			public void delete(String kind, String id) {
				shared.delete(kind, id);
			}

			@Override
			public String location() {
				return shared.location();
			}

		};
	}

	@Test
	void appendsOfOneGenerationReadTheOwnerOnce() {
		ChannelOwners instance = new ChannelOwners(this.store);
		instance.claim(TABLE, "c", "gateway");
		for (int append = 0; append < 1_000; append++) {
			assertThat(instance.owner(TABLE, "c", 5)).isEqualTo("gateway");
		}
		assertThat(this.reads).as("store reads for 1,000 appends of one generation").hasValue(1);
		assertThat(instance.owner(TABLE, "not a valid name", 5)).isNull();
		assertThat(this.reads).as("an invalid name is never looked up").hasValue(1);
	}

	@Test
	void aChannelWithoutAnOwnerIsLookedUpUntilItHasOne() {
		ChannelOwners instance = new ChannelOwners(this.store);
		ChannelOwners other = new ChannelOwners(this.store);
		assertThat(instance.owner(TABLE, "c", 5)).isNull();
		// another instance's opening claims it before its new generation exists (and that opening may fail)
		other.claim(TABLE, "c", "gateway");
		assertThat(instance.owner(TABLE, "c", 5)).as("generation 5 now has an owner").isEqualTo("gateway");
		assertThat(this.reads).as("no owner was not kept").hasValue(2);
	}

	@Test
	void theOwnerSurvivesATakeoverAndANewOwnerComesWithANewGeneration() {
		ChannelOwners first = new ChannelOwners(this.store);
		ChannelOwners second = new ChannelOwners(this.store);
		first.claim(TABLE, "c", "gateway");
		assertThat(first.owner(TABLE, "c", 5)).isEqualTo("gateway");
		// the first instance dies; the producer reopens on the second (generation 7): the owner is the shared one
		assertThat(second.owner(TABLE, "c", 7)).isEqualTo("gateway");
		assertThat(second.owner(TABLE, "c", 7)).isEqualTo("gateway");
		int afterTakeover = this.reads.get();
		assertThat(second.owner(TABLE, "c", 7)).isEqualTo("gateway");
		assertThat(this.reads).hasValue(afterTakeover);
		// closed on the second instance, opened by another principal: generation 9 is theirs, everywhere
		second.release(TABLE, "c");
		second.claim(TABLE, "c", "partner");
		assertThat(second.owner(TABLE, "c", 9)).isEqualTo("partner");
		assertThat(first.owner(TABLE, "c", 9)).isEqualTo("partner");
		assertThat(second.owner(TABLE, "c")).isEqualTo("partner");
		// what the second instance kept of generation 7 was dropped with the change it made
		assertThat(second.owner(TABLE, "c", 7)).isEqualTo("partner");
	}

}
