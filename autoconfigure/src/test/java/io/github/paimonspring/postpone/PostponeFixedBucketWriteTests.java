package io.github.paimonspring.postpone;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.PaimonStateException;
import io.github.paimonspring.UnsupportedTableException;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import io.github.paimonspring.write.ArrowCommitMessages;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.BucketPlan;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The postpone fixed-bucket path: the Go binding's #722 test, type separation, and the Rust core's
 * fixed-bucket cases (spec §6.2).
 */
class PostponeFixedBucketWriteTests extends WarehouseTestBase {

	private List<String> rows(String table) {
		return this.warehouse.read(table, (r) -> r.getInt(0) + ":" + r.getString(1)).stream().sorted().toList();
	}

	private ArrowCommitMessages prepare(ArrowWriteBuilder builder, Object... triples) {
		try (ArrowTableWrite write = builder.newWrite();
				VectorSchemaRoot batch = Batches.idNameDt(this.allocator, triples)) {
			write.write(batch);
			return write.prepareCommit();
		}
	}

	private ArrowWriteBuilder builder(String table, String user, int buckets, String... partitions) {
		try (VectorSchemaRoot plan = PostponeFixtures.plan(this.allocator, buckets, partitions)) {
			return this.writer.newWriteBuilder(table).withCommitUser(user).withFixedBucketPlan(plan);
		}
	}

	@Test
	void multiplePostponeFixedBucketWritersSharePlan() {
		String table = PostponeFixtures.partitionedPostponeTable(this.warehouse,
				"default.postpone_fixed_bucket_pk_table");
		String user = "go-postpone-fixed-bucket-write";
		ArrowWriteBuilder[] builders = { this.writer.newWriteBuilder(table).withCommitUser(user),
				this.writer.newWriteBuilder(table).withCommitUser(user) };
		try (VectorSchemaRoot plan = PostponeFixtures.plan(this.allocator, 1, "2026-08-14", "2026-08-15")) {
			builders[0].withFixedBucketPlan(plan);
			builders[1].withFixedBucketPlan(plan);
		}
		Object[][] rows = { { 4, "dave", "2026-08-14" }, { 5, "eve", "2026-08-15" } };
		ArrowCommitMessages[] messages = new ArrowCommitMessages[2];
		for (int i = 0; i < 2; i++) {
			ArrowTableWrite write = builders[i].newWrite();
			try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, rows[i])) {
				write.write(batch);
				messages[i] = write.prepareCommit();
				assertThatThrownBy(() -> write.write(batch)).isInstanceOf(PaimonStateException.class)
					.hasMessageContaining("closed");
			}
			assertThatThrownBy(write::prepareCommit).isInstanceOf(PaimonStateException.class)
					.hasMessageContaining("closed");
		}
		assertThatThrownBy(() -> messages[0].merge(null)).isInstanceOf(PaimonArgumentException.class)
			.hasMessage("source messages must not be nil");
		messages[0].merge(messages[1]);
		assertThat(messages[0].messages()).allSatisfy((m) -> {
			assertThat(m.bucket()).isZero();
			assertThat(m.totalBuckets()).isEqualTo(1);
		});
		assertThat(builders[0].newCommit().commit(messages[0]).committed()).isTrue();
		// visible at once: no compaction, no bucket-postpone files
		assertThat(rows(table)).containsExactly("4:dave", "5:eve");
		assertThat(this.warehouse.dataFiles(table)).isNotEmpty().noneMatch((f) -> f.contains("bucket-postpone"));
	}

	@Test
	void standardAndFixedBucketTypesAreIsolated() throws Exception {
		String table = PostponeFixtures.partitionedPostponeTable(this.warehouse, "default.iso");
		ArrowWriteBuilder standard = this.writer.newWriteBuilder(table).withCommitUser("iso");
		Class<?> standardCommit;
		Class<?> standardMessages;
		try (ArrowTableCommit commit = standard.newCommit(); ArrowTableWrite write = standard.newWrite()) {
			standardCommit = commit.getClass();
			standardMessages = write.prepareCommit().getClass();
		}
		// each family's committer is typed by its own messages
		assertThat(messagesTypeOf(standardCommit)).isEqualTo(standardMessages);
		assertThat(messagesTypeOf(PostponeFixedBucketTableCommit.class))
				.isEqualTo(PostponeFixedBucketCommitMessages.class);
		assertThat(standardMessages.isAssignableFrom(PostponeFixedBucketCommitMessages.class)).isFalse();
		assertThat(PostponeFixedBucketCommitMessages.class.isAssignableFrom(standardMessages)).isFalse();
		assertThat(standardCommit.getMethods()).filteredOn((m) -> m.getName().startsWith("commit")
				|| m.getName().startsWith("filterAndCommit") || m.getName().equals("abort"))
			.allSatisfy((m) -> assertThat(m.getParameterTypes())
					.doesNotContain(PostponeFixedBucketCommitMessages.class));
		assertThat(PostponeFixedBucketTableCommit.class.getMethods()).allSatisfy(
				(m) -> assertThat(m.getParameterTypes()).doesNotContain(standardMessages));
		// serialized messages say their family: any builder of the table reads them, without changing what it writes
		PostponeFixedBucketCommitMessages messages = (PostponeFixedBucketCommitMessages) prepare(
				builder(table, "iso", 1, "d"), 1, "a", "d");
		assertThat(messages.isFixedBucket()).isTrue();
		byte[] bytes = messages.serialize();
		ArrowWriteBuilder reader = this.writer.newWriteBuilder(table);
		PostponeFixedBucketCommitMessages copy = (PostponeFixedBucketCommitMessages) reader
			.deserializeCommitMessages(bytes);
		assertThat(copy.isFixedBucket()).isTrue();
		assertThat(copy.messages()).isEqualTo(messages.messages());
		assertThat(copy.checkFromSnapshot()).isEqualTo(messages.checkFromSnapshot());
		assertThat(((PostponeFixedBucketCommitMessages) this.writer.newWriteBuilder(table)
			.withFixedBucketPlan()
			.deserializeCommitMessages(bytes)).messages()).isEqualTo(messages.messages());
		try (ArrowTableWrite write = standard.newWrite(); ArrowCommitMessages standardOnes = write.prepareCommit()) {
			assertThat(standardOnes.isFixedBucket()).isFalse();
			assertThat(reader.deserializeCommitMessages(standardOnes.serialize()).isFixedBucket()).isFalse();
		}
		// and the reading builder's committer, still standard, refuses them before anything is committed
		try (ArrowTableCommit commit = reader.newCommit()) {
			assertThatThrownBy(() -> commit.commit(copy)).isInstanceOf(PaimonArgumentException.class)
				.hasMessageContaining("commits standard commit messages, not fixed-bucket ones");
		}
		try (ArrowTableCommit commit = standard.newCommit()) {
			assertThatThrownBy(() -> commit.commit(copy)).isInstanceOf(PaimonArgumentException.class)
				.hasMessageContaining("commits standard commit messages, not fixed-bucket ones");
		}
		assertThat(this.warehouse.snapshotCount(table)).isZero();
	}

	private static Type messagesTypeOf(Class<?> commit) {
		return ((ParameterizedType) commit.getGenericSuperclass()).getActualTypeArguments()[0];
	}

	@Test
	void tableValidation() {
		this.warehouse.simplePkTable("default.fixed");
		assertThatThrownBy(() -> this.writer.newWriteBuilder("default.fixed").withFixedBucketPlan())
			.isInstanceOf(UnsupportedTableException.class)
			.hasMessageContaining(
					"Postpone fixed-bucket writes require a Paimon primary-key table with bucket=-2, but table "
							+ "'default.fixed' has bucket=1");
		this.warehouse.create("default.append_postpone", Schema.newBuilder()
			.column("id", DataTypes.INT()).option("bucket", "-1").build());
		assertThatThrownBy(() -> this.writer.newWriteBuilder("default.append_postpone").withFixedBucketPlan())
			.hasMessageContaining("require a Paimon primary-key table with bucket=-2");
		this.warehouse.create("default.cross", Schema.newBuilder()
			.column("id", DataTypes.INT()).column("dt", DataTypes.STRING()).primaryKey("id").partitionKeys("dt")
			.option("bucket", "-2").build());
		assertThatThrownBy(() -> this.writer.newWriteBuilder("default.cross").withFixedBucketPlan())
			.hasMessageContaining("do not support cross-partition updates");
		this.warehouse.create("default.dv", Schema.newBuilder()
			.column("id", DataTypes.INT()).column("name", DataTypes.STRING()).primaryKey("id").option("bucket", "-2")
			.option("deletion-vectors.enabled", "true").build());
		ArrowWriteBuilder dv = this.writer.newWriteBuilder("default.dv")
			.withFixedBucketPlan(BucketPlan.unpartitioned(1));
		assertThatThrownBy(dv::newWrite).isInstanceOf(UnsupportedTableException.class)
			.hasMessageContaining("deletion-vectors.enabled=true");
		assertThatThrownBy(() -> this.writer.newWriteBuilder("default.dv").withCommitUser("bad/user")
			.withFixedBucketPlan())
			.hasMessageContaining("commit_user must be a safe file name segment");
	}

	@Test
	void invalidPlans() {
		String table = PostponeFixtures.partitionedPostponeTable(this.warehouse, "default.t");
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table).withFixedBucketPlan();
		try (VectorSchemaRoot zero = PostponeFixtures.plan(this.allocator, 0, "d")) {
			assertThatThrownBy(() -> builder.withFixedBucketPlan(zero)).isInstanceOf(BucketPlanException.class)
				.hasMessageContaining("total_buckets must be positive at row 0, got 0");
		}
		try (VectorSchemaRoot nulls = PostponeFixtures.plan(this.allocator, new String[] { "a", "b" },
				new Integer[] { 2, null })) {
			assertThatThrownBy(() -> builder.withFixedBucketPlan(nulls))
				.hasMessageContaining("total_buckets is null at row 1");
		}
		try (VectorSchemaRoot conflicting = PostponeFixtures.plan(this.allocator, new String[] { "a", "a" },
				new Integer[] { 2, 3 })) {
			assertThatThrownBy(() -> builder.withFixedBucketPlan(conflicting))
				.hasMessageContaining("conflicting total bucket counts 2 and 3");
		}
		try (VectorSchemaRoot wrongColumns = Batches.idName(this.allocator, 1, "x")) {
			assertThatThrownBy(() -> builder.withFixedBucketPlan(wrongColumns))
				.hasMessageContaining("partition fields do not match the table schema");
		}
		try (VectorSchemaRoot wrongLast = Batches.idNameDt(this.allocator, 1, "x", "y")) {
			assertThatThrownBy(() -> this.writer.newWriteBuilder(table).withFixedBucketPlan(wrongLast))
				.hasMessageContaining("expected 1 partition column(s) plus 'total_buckets', got 3 columns");
		}
		assertThatThrownBy(() -> builder.withFixedBucketPlan(BucketPlan.of(Map.of(Map.of("dt", "a"), -1))))
			.hasMessageContaining("must be positive");
		assertThatThrownBy(() -> builder.withFixedBucketPlan(BucketPlan.of(Map.of(Map.of("nope", "a"), 1))))
			.hasMessageContaining("must name exactly the partition keys [dt]");
		// a plan {p: 2} and data for a missing partition: nothing of the batch is written, the writer stays usable
		builder.withFixedBucketPlan(BucketPlan.of(Map.of(Map.of("dt", "p"), 2)));
		try (ArrowTableWrite write = builder.newWrite();
				VectorSchemaRoot missing = Batches.idNameDt(this.allocator, 1, "a", "missing");
				VectorSchemaRoot ok = Batches.idNameDt(this.allocator, 2, "b", "p")) {
			assertThatThrownBy(() -> write.write(missing)).isInstanceOf(BucketPlanException.class)
				.hasMessageContaining("does not contain an input partition {dt=missing}");
			write.write(ok);
			builder.newCommit().commit(write.prepareCommit());
		}
		assertThat(rows(table)).containsExactly("2:b");
	}

	@Test
	void lastPlanWinsAndWritersKeepTheirPlan() {
		String table = PostponeFixtures.postponeTable(this.warehouse, "default.t");
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table).withCommitUser("plans")
			.withFixedBucketPlan(BucketPlan.unpartitioned(2));
		ArrowTableWrite first = builder.newWrite();
		builder.withFixedBucketPlan(BucketPlan.unpartitioned(3));
		try (ArrowTableWrite second = builder.newWrite();
				VectorSchemaRoot a = Batches.idName(this.allocator, 1, "a", 2, "b", 3, "c", 4, "d")) {
			first.write(a);
			second.write(a);
			assertThat(first.prepareCommit().messages()).allSatisfy((m) -> assertThat(m.totalBuckets()).isEqualTo(2));
			assertThat(second.prepareCommit().messages()).allSatisfy((m) -> assertThat(m.totalBuckets()).isEqualTo(3));
		}
		finally {
			first.close();
		}
	}

	@Test
	void ownershipConflictInsideOneCommit() {
		String table = PostponeFixtures.partitionedPostponeTable(this.warehouse, "default.t");
		ArrowWriteBuilder builder = builder(table, "owners", 1, "p");
		ArrowCommitMessages one = prepare(builder, 1, "a", "p");
		ArrowCommitMessages two = prepare(builder, 1, "b", "p");
		one.merge(two);
		assertThatThrownBy(() -> builder.newCommit().commit(one)).isInstanceOf(FixedBucketConflictException.class)
			.hasMessageContaining("writer ownership conflict for bucket 0");
		assertThat(this.warehouse.snapshotCount(table)).isZero();
	}

	@Test
	void ownershipConflictBetweenConcurrentCommitsAndDisjointPartitionsCommit() {
		String table = PostponeFixtures.partitionedPostponeTable(this.warehouse, "default.t");
		ArrowWriteBuilder first = builder(table, "user-1", 1, "p1", "p2");
		ArrowWriteBuilder second = builder(table, "user-2", 1, "p1", "p2");
		ArrowWriteBuilder third = builder(table, "user-3", 1, "p1", "p2");
		ArrowCommitMessages a = prepare(first, 1, "a", "p1");
		ArrowCommitMessages b = prepare(second, 2, "b", "p1");
		ArrowCommitMessages c = prepare(third, 3, "c", "p2");
		assertThat(first.newCommit().commit(a).committed()).isTrue();
		assertThatThrownBy(() -> second.newCommit().commit(b)).isInstanceOf(FixedBucketConflictException.class)
			.hasMessageContaining("writer ownership conflict for bucket 0");
		assertThat(third.newCommit().commit(c).committed()).isTrue();
		assertThat(rows(table)).containsExactly("1:a", "3:c");
		// the rejected messages can be aborted without touching the committed files
		assertThat(second.newCommit().abort(b)).isPositive();
		assertThat(rows(table)).containsExactly("1:a", "3:c");
	}

	@Test
	void stalePlanIsAFixedBucketConflict() {
		String table = PostponeFixtures.partitionedPostponeTable(this.warehouse, "default.t");
		ArrowWriteBuilder layout = builder(table, "layout", 2, "p");
		assertThat(layout.newCommit().commit(prepare(layout, 1, "a", "p", 2, "b", "p", 3, "c", "p", 4, "d", "p"))
			.committed()).isTrue();
		ArrowWriteBuilder stale = builder(table, "stale", 1, "p");
		ArrowCommitMessages messages = prepare(stale, 5, "e", "p");
		assertThatThrownBy(() -> stale.newCommit().commit(messages)).isInstanceOf(FixedBucketConflictException.class)
			.hasMessageContaining("Fixed-bucket conflict");
		assertThat(rows(table)).containsExactly("1:a", "2:b", "3:c", "4:d");
		// a writer with the right plan appends into the layout
		ArrowWriteBuilder fresh = builder(table, "fresh", 2, "p");
		fresh.newCommit().commit(prepare(fresh, 5, "e", "p"));
		assertThat(rows(table)).containsExactly("1:a", "2:b", "3:c", "4:d", "5:e");
	}

	@Test
	void aStaticPartitionOverwriteOfATableTheFixedPathWritesIsRefusedNamingBothWays() {
		String table = PostponeFixtures.partitionedPostponeTable(this.warehouse, "default.t");
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 1, "a", "p")) {
			assertThat(this.writer.write(table, batch).committed()).isTrue();
			long snapshots = this.warehouse.snapshotCount(table);
			assertThatThrownBy(
					() -> this.writer.write(WriteRequest.into(table).withOverwrite(Map.of("dt", "p")), batch))
				.isInstanceOf(PaimonArgumentException.class)
				.hasMessageContaining("'" + table + "'")
				.hasMessageContaining("Overwrite without a static partition")
				.hasMessageContaining("WriteRequest.into(table).withOverwrite(staticPartition).withStandardFamily()");
			assertThat(this.warehouse.snapshotCount(table)).isEqualTo(snapshots);
		}
		assertThat(rows(table)).containsExactly("1:a");
	}

	@Test
	void mixingPostponeFilesAndFixedBucketsIsRejectedAndAFixedOverwriteMigrates() {
		String table = PostponeFixtures.partitionedPostponeTable(this.warehouse, "default.t");
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 1, "old", "p")) {
			// the standard path writes bucket-postpone files
			this.writer.execute(this.writer.newWriteBuilder(table), (session) -> session.write(batch));
		}
		assertThat(this.warehouse.dataFiles(table)).allMatch((f) -> f.contains("bucket-postpone"));
		ArrowWriteBuilder append = builder(table, "mixer", 1, "p");
		ArrowCommitMessages messages = prepare(append, 2, "new", "p");
		assertThatThrownBy(() -> append.newCommit().commit(messages)).isInstanceOf(FixedBucketConflictException.class)
			.hasMessageContaining("Cannot mix bucket=-2 files and fixed buckets in the same partition");
		append.newCommit().abort(messages);

		ArrowWriteBuilder overwrite = builder(table, "migrator", 1, "p").withOverwrite();
		assertThat(overwrite.newCommit().commit(prepare(overwrite, 1, "fresh", "p")).committed()).isTrue();
		assertThat(rows(table)).containsExactly("1:fresh");
		assertThat(this.warehouse.table(table).store().newScan().plan().files()).allSatisfy((e) -> {
			assertThat(e.bucket()).isZero();
			assertThat(e.totalBuckets()).isEqualTo(1);
		});
	}

	@Test
	void aConcurrentPostponeWriteIntoTheSamePartitionFailsTheFixedCommit() {
		String table = PostponeFixtures.partitionedPostponeTable(this.warehouse, "default.t");
		ArrowWriteBuilder fixed = builder(table, "fixed", 1, "p");
		ArrowCommitMessages messages = prepare(fixed, 1, "a", "p");
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 2, "b", "p")) {
			this.writer.execute(this.writer.newWriteBuilder(table), (session) -> session.write(batch));
		}
		assertThatThrownBy(() -> fixed.newCommit().commit(messages)).isInstanceOf(FixedBucketConflictException.class)
			.hasMessageContaining("bucket=-2");
	}

	@Test
	void overwriteRescalesAPartitionFromOneToThreeBuckets() {
		String table = PostponeFixtures.partitionedPostponeTable(this.warehouse, "default.t");
		ArrowWriteBuilder one = builder(table, "one", 1, "p");
		one.newCommit().commit(prepare(one, 1, "a", "p", 2, "b", "p"));
		ArrowWriteBuilder three = builder(table, "three", 3, "p").withOverwrite();
		ArrowCommitMessages messages = prepare(three, 1, "x", "p", 2, "y", "p", 3, "z", "p", 4, "w", "p");
		assertThat(messages.messages()).allSatisfy((m) -> assertThat(m.totalBuckets()).isEqualTo(3));
		assertThat(three.newCommit().commit(messages).committed()).isTrue();
		List<ManifestEntry> entries = this.warehouse.table(table).store().newScan().plan().files();
		assertThat(entries).isNotEmpty().allSatisfy((e) -> assertThat(e.totalBuckets()).isEqualTo(3));
		assertThat(rows(table)).containsExactly("1:x", "2:y", "3:z", "4:w");
	}

	@Test
	void concurrentOverwritesOfTheSamePartitionConflict() {
		String table = PostponeFixtures.postponeTable(this.warehouse, "default.t");
		ArrowWriteBuilder first = this.writer.newWriteBuilder(table).withCommitUser("ow-1").withFixedBucketPlan()
			.withOverwrite().withFixedBucketPlan(BucketPlan.unpartitioned(1));
		ArrowWriteBuilder second = this.writer.newWriteBuilder(table).withCommitUser("ow-2").withFixedBucketPlan()
			.withOverwrite().withFixedBucketPlan(BucketPlan.unpartitioned(1));
		ArrowCommitMessages a;
		ArrowCommitMessages b;
		try (ArrowTableWrite w1 = first.newWrite(); ArrowTableWrite w2 = second.newWrite();
				VectorSchemaRoot one = Batches.idName(this.allocator, 1, "a");
				VectorSchemaRoot two = Batches.idName(this.allocator, 2, "b")) {
			w1.write(one);
			w2.write(two);
			a = w1.prepareCommit();
			b = w2.prepareCommit();
		}
		assertThat(first.newCommit().commit(a).committed()).isTrue();
		assertThatThrownBy(() -> second.newCommit().commit(b)).isInstanceOf(FixedBucketConflictException.class)
			.hasMessageContaining("another commit wrote the same partition");
	}

	@Test
	void modeMismatchIsRejected() {
		String table = PostponeFixtures.postponeTable(this.warehouse, "default.t");
		ArrowWriteBuilder overwrite = this.writer.newWriteBuilder(table).withCommitUser("mode").withFixedBucketPlan()
			.withOverwrite().withFixedBucketPlan(BucketPlan.unpartitioned(1));
		ArrowCommitMessages messages;
		try (ArrowTableWrite write = overwrite.newWrite();
				VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "a")) {
			write.write(batch);
			messages = write.prepareCommit();
		}
		ArrowWriteBuilder append = this.writer.newWriteBuilder(table).withCommitUser("mode")
			.withFixedBucketPlan(BucketPlan.unpartitioned(1));
		assertThatThrownBy(() -> append.newCommit().commit(messages)).isInstanceOf(PaimonArgumentException.class)
			.hasMessageContaining("different overwrite mode");
		assertThat(this.warehouse.snapshotCount(table)).isZero();
		assertThat(overwrite.newCommit().commit(messages).committed()).isTrue();
	}

	@Test
	void overwriteCommitIsNeverSilentlySkipped() {
		// spec P10a: after a one-shot commit (identifier MAX) by the same user, a fixed-bucket overwrite commit must
		// still run
		String table = PostponeFixtures.postponeTable(this.warehouse, "default.t");
		ArrowWriteBuilder append = this.writer.newWriteBuilder(table).withCommitUser("job")
			.withFixedBucketPlan(BucketPlan.unpartitioned(1));
		try (ArrowTableWrite write = append.newWrite();
				VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "a")) {
			write.write(batch);
			append.newCommit().commit(write.prepareCommit());
		}
		ArrowWriteBuilder overwrite = this.writer.newWriteBuilder(table).withCommitUser("job").withFixedBucketPlan()
			.withOverwrite().withFixedBucketPlan(BucketPlan.unpartitioned(1));
		try (ArrowTableWrite write = overwrite.newWrite();
				VectorSchemaRoot batch = Batches.idName(this.allocator, 2, "b")) {
			write.write(batch);
			assertThat(overwrite.newCommit().commit(write.prepareCommit()).committed()).isTrue();
		}
		assertThat(rows(table)).containsExactly("2:b");
	}

	@Test
	void identifiersFilterRetries() {
		String table = PostponeFixtures.postponeTable(this.warehouse, "default.t");
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table).withCommitUser("retry")
			.withFixedBucketPlan(BucketPlan.unpartitioned(2));
		ArrowCommitMessages messages;
		try (ArrowTableWrite write = builder.newWrite();
				VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "a", 2, "b")) {
			write.write(batch);
			messages = write.prepareCommit();
		}
		assertThat(builder.newCommit().commit(7, messages).committed()).isTrue();
		long snapshots = this.warehouse.snapshotCount(table);
		assertThat(builder.newCommit().filterAndCommit(7, messages).committed()).isFalse();
		assertThat(this.warehouse.snapshotCount(table)).isEqualTo(snapshots);
		assertThat(rows(table)).containsExactly("1:a", "2:b");
	}

	@Test
	void automaticPlanKeepsExistingBucketCountsAndUsesTheDefaultForNewPartitions() {
		String table = PostponeFixtures.partitionedPostponeTable(this.warehouse, "default.t");
		ArrowWriteBuilder three = builder(table, "layout", 3, "old");
		three.newCommit().commit(prepare(three, 1, "a", "old", 2, "b", "old", 3, "c", "old"));

		PaimonWriter withDefault = PaimonWriter.builder(this.writer.tables())
			.spillDirectory(this.dir.resolve("spill"))
			.parallelism(2)
			.postponeDefaultBuckets(5)
			.build();
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 4, "d", "old", 5, "e", "new", 6, "f", "new",
				7, "g", "new", 8, "h", "new", 9, "i", "new", 10, "j", "new")) {
			WriteResult result = withDefault.execute(withDefault.newWriteBuilder(table).withFixedBucketPlan(),
					(session) -> session.write(batch));
			assertThat(result.committed()).isTrue();
			assertThat(result.rows()).isEqualTo(7);
		}
		assertThat(rows(table)).hasSize(10).contains("4:d", "10:j");
		var entries = this.warehouse.table(table).store().newScan().plan().files();
		assertThat(entries).allSatisfy((e) -> {
			String dt = e.partition().getString(0).toString();
			assertThat(e.totalBuckets()).isEqualTo(dt.equals("old") ? 3 : 5);
		});
		// the table option is used when no default is configured
		this.warehouse.catalog();
		ArrowWriteBuilder automatic = this.writer.newWriteBuilder(table).withFixedBucketPlan(2);
		try (ArrowTableWrite write = automatic.newWrite();
				VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 11, "k", "newer")) {
			write.write(batch);
			ArrowCommitMessages messages = write.prepareCommit();
			assertThat(messages.messages()).singleElement().satisfies((m) -> assertThat(m.totalBuckets()).isEqualTo(2));
			automatic.newCommit().commit(messages);
		}
		assertThat(rows(table)).hasSize(11);
	}

	@Test
	void standardBuilderOnAPostponeTableStillWritesPostponeFiles() {
		String table = PostponeFixtures.postponeTable(this.warehouse, "default.t");
		try (ArrowTableWrite write = this.writer.newWriteBuilder(table).newWrite();
				VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "a")) {
			write.write(batch);
			assertThat(write.prepareCommit().messages()).allSatisfy((m) -> assertThat(m.bucket()).isEqualTo(-2));
		}
	}

}
