package io.github.paimonspring.admin.transaction;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.github.paimonspring.admin.AdminTables;
import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.body.ArrowBodyReader;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.cluster.Instances;
import io.github.paimonspring.cluster.WarehouseStateStore;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.maintenance.OrphanFiles;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.paimon.fs.local.LocalFileIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Staged transactions recorded in the shared state, with several service instances in one JVM on one
 * warehouse: every instance answers for every transaction, only the instance that holds a writer
 * writes, a commit is repeatable everywhere, and the transactions of a dead instance settle with a
 * clear state (never 404) while its files go with the next orphan cleanup.
 */
class TransactionJournalTests extends WarehouseTestBase {

	private static final String TABLE = "default.log";

	private static final AdminSettings SETTINGS = new AdminSettings(1L << 30, 1L << 30, 1L << 20, 8L << 20, 8L << 20, 2,
			64, 1000, 16, 100, Duration.ofMinutes(10), Duration.ofHours(1), Duration.ofHours(1), 0);

	private WarehouseStateStore store;

	private final List<Service> services = new ArrayList<>();

	@BeforeEach
	void createTable() {
		this.store = new WarehouseStateStore(LocalFileIO.create(), this.dir.toString());
		this.warehouse.simpleLogTable(TABLE);
	}

	@AfterEach
	void closeServices() {
		for (Service service : this.services) {
			service.reader.destroy();
			service.writer.close();
		}
	}

	/** One service instance: its registration, writer and admin transactions on the shared state. */
	private final class Service {

		final Instances instances;

		final PaimonWriter writer;

		final ArrowBodyReader reader = new ArrowBodyReader(SETTINGS);

		final TransactionJournal journal;

		final AdminTransactions transactions;

		Service(Duration lease) {
			this.instances = new Instances(TransactionJournalTests.this.store, lease);
			this.instances.heartbeat();
			PaimonTables tables = PaimonTables.builder(TransactionJournalTests.this.warehouse.catalog())
				.writerId(this.instances.id())
				.build();
			this.writer = PaimonWriter.builder(tables).build();
			this.journal = new TransactionJournal(TransactionJournalTests.this.store, this.instances, tables,
					SETTINGS.idleTimeout(), SETTINGS.maxLifetime());
			this.transactions = new AdminTransactions(this.writer, SETTINGS, null, new AdminTables(this.writer),
					this.reader, this.journal);
			TransactionJournalTests.this.services.add(this);
		}

		String open(int... ids) {
			String id = this.transactions.create("default", "log", null, null).id();
			byte[] body = ipc(ids);
			this.transactions.upload(id, new ByteArrayInputStream(body), body.length);
			return id;
		}

	}

	private Service alive() {
		return new Service(Duration.ofMinutes(5));
	}

	/** An instance whose lease already ran out: it stands for one that was killed after these calls. */
	private Service killed() {
		return new Service(Duration.ofMinutes(-1));
	}

	@Test
	void everyInstanceAnswersButOnlyTheHolderWrites() {
		Service a = alive();
		Service b = alive();
		String id = a.open(10, 11);

		AdminModel.TransactionView seen = b.transactions.get(id);
		assertThat(seen.state()).isEqualTo("OPEN");
		assertThat(seen.rows()).isEqualTo(2);
		assertThat(seen.instance()).isEqualTo(a.instances.id());
		assertThat(b.transactions.list()).extracting(AdminModel.TransactionView::id).contains(id);
		assertThatThrownBy(() -> b.transactions.commit(id, null)).isInstanceOf(AdminException.class)
			.hasMessageContaining("OPEN on instance " + a.instances.id())
			.satisfies((ex) -> assertThat(((AdminException) ex).getKind()).isEqualTo(AdminException.Kind.CONFLICT));
		assertThatThrownBy(() -> b.transactions.abort(id)).isInstanceOf(AdminException.class)
			.hasMessageContaining("send the request there");
		assertThat(a.transactions.get(id).state()).as("refusals change nothing").isEqualTo("OPEN");

		AdminModel.CommitResponse committed = a.transactions.commit(id, null);
		assertThat(committed.committed()).isTrue();
		assertThat(b.transactions.get(id).state()).isEqualTo("COMMITTED");
		assertThat(b.transactions.get(id).snapshotId()).isEqualTo(committed.snapshotId());
		assertThat(b.transactions.commit(id, null)).as("a repeated commit, on any instance").isEqualTo(committed);
		assertThat(this.warehouse.idNames(TABLE)).contains("10:null", "11:null").hasSize(5);
		assertThatThrownBy(() -> b.transactions.get("no-such-id")).isInstanceOf(AdminException.class)
			.satisfies((ex) -> assertThat(((AdminException) ex).getKind()).isEqualTo(AdminException.Kind.NOT_FOUND));
	}

	@Test
	void aDeadInstancesTransactionIsAbortedAndItsFilesGoWithTheNextCleanup() {
		Service dead = killed();
		String id = dead.open(20, 21, 22);
		assertThat(filesOf(dead)).as("the upload wrote data files").isNotEmpty();
		List<String> rows = this.warehouse.idNames(TABLE);

		Service restarted = alive();
		AdminModel.TransactionView view = restarted.transactions.get(id);
		assertThat(view.state()).isEqualTo("ABORTED");
		assertThat(view.failure()).contains("instance " + dead.instances.id()
				+ " stopped").contains("maintenance round");
		assertThat(view.rows()).isEqualTo(3);
		Service other = alive();
		assertThat(other.transactions.get(id).state()).as("the settled state is shared").isEqualTo("ABORTED");
		assertThat(other.transactions.abort(id).aborted()).as("aborting again is harmless").isTrue();
		assertThatThrownBy(() -> other.transactions.commit(id, null)).isInstanceOf(AdminException.class)
			.hasMessageContaining("is ABORTED");

		OrphanFiles orphans = new OrphanFiles(new PaimonTables(this.warehouse.catalog(), Map.of()), other.instances,
				Duration.ofDays(1), other.journal);
		assertThat(orphans.remove(TABLE, false).deadInstanceFiles()).isPositive();
		assertThat(filesOf(dead)).isEmpty();
		assertThat(this.warehouse.idNames(TABLE)).isEqualTo(rows);
	}

	@Test
	void aDeadInstancesPreparedCommitStaysPendingUntilAborted() {
		Service dead = killed();
		String id = dead.open(30);
		dead.transactions.prepare(id);
		Service other = alive();
		assertThat(other.transactions.get(id).state()).isEqualTo("PREPARED");
		assertThat(other.journal.pendingFiles(TABLE)).isNotEmpty().isEqualTo(Set.copyOf(filesOf(dead)));
		OrphanFiles orphans = new OrphanFiles(new PaimonTables(this.warehouse.catalog(), Map.of()), other.instances,
				Duration.ofDays(1), other.journal);
		assertThat(orphans.remove(TABLE, false).files()).isZero();
		assertThat(filesOf(dead)).as("a coordinator may still commit them").isNotEmpty();

		assertThat(other.transactions.abort(id).aborted()).isTrue();
		assertThat(other.transactions.get(id).state()).isEqualTo("ABORTED");
		assertThat(other.journal.pendingFiles(TABLE)).isEmpty();
		orphans.remove(TABLE, false);
		assertThat(filesOf(dead)).isEmpty();
	}

	@Test
	void aCommitThatLandedBeforeTheInstanceDiedReadsAsCommitted() {
		Service a = alive();
		String id = a.open(40);
		AdminModel.CommitResponse committed = a.transactions.commit(id, null);
		// the record as it was when the commit began, of an instance that then died
		Service dead = killed();
		Map<String, String> record = new LinkedHashMap<>(this.store.get(TransactionJournal.KIND, id));
		record.put("state", "COMMITTING");
		record.put("instance", dead.instances.id());
		record.remove("snapshotId");
		this.store.put(TransactionJournal.KIND, id, record);

		AdminModel.TransactionView view = alive().transactions.get(id);
		assertThat(view.state()).isEqualTo("COMMITTED");
		assertThat(view.snapshotId()).isEqualTo(committed.snapshotId());
	}

	@Test
	void aShutdownAbortsAndRecordsOpenTransactions() {
		Service a = alive();
		String id = a.open(50);
		a.transactions.destroy();
		assertThat(alive().transactions.get(id).state()).isEqualTo("ABORTED");
		assertThat(filesOf(a)).isEmpty();
	}

	private List<String> filesOf(Service service) {
		try (Stream<Path> files = Files.walk(this.warehouse.tableDir(TABLE))) {
			return files.filter(Files::isRegularFile)
				.map((path) -> path.getFileName().toString())
				.filter((name) -> name.startsWith("data-" + service.instances.id() + "-"))
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private byte[] ipc(int... ids) {
		Object[] pairs = new Object[ids.length * 2];
		for (int i = 0; i < ids.length; i++) {
			pairs[2 * i] = ids[i];
			pairs[2 * i + 1] = null;
		}
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (VectorSchemaRoot root = Batches.idName(this.allocator, pairs);
				ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
			writer.start();
			writer.writeBatch();
			writer.end();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return out.toByteArray();
	}

}
