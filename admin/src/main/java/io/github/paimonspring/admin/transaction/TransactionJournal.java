package io.github.paimonspring.admin.transaction;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.cluster.InstanceRegistry;
import io.github.paimonspring.cluster.StateStore;
import io.github.paimonspring.maintenance.PendingFiles;
import org.apache.paimon.Snapshot;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.utils.SnapshotManager;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the state of every staged transaction in the shared {@link StateStore}, so that it survives
 * a restart and every instance can answer for it. A transaction whose instance died is settled by the
 * first instance that looks at it: {@code OPEN} and {@code FAILED} ones become {@code ABORTED} (their
 * files are removed by the next orphan-file cleanup, as files of a dead instance), and a
 * {@code COMMITTING} one becomes {@code COMMITTED} if its commit user committed a snapshot after it
 * began, else {@code ABORTED}. {@code PREPARED} ones stay prepared — a coordinator may still commit
 * them on any instance — and their files are {@link PendingFiles pending} until their lifetime ends.
 */
public class TransactionJournal implements PendingFiles {

	private static final Logger logger = LoggerFactory.getLogger(TransactionJournal.class);

	static final String KIND = "admin-transaction";

	static final String DEAD_INSTANCE = "instance %s stopped before the transaction ended (it crashed or was "
			+ "restarted); its uncommitted files are removed by the next maintenance round";

	private final StateStore store;

	private final InstanceRegistry instances;

	private final PaimonTables tables;

	private final Duration idleTimeout;

	private final Duration maxLifetime;

	/**
	 * Creates the journal.
	 * @param store where the transactions are kept
	 * @param instances the instances, to tell whether a transaction's instance is alive
	 * @param tables the tables, to tell whether an interrupted commit landed
	 * @param idleTimeout the idle timeout of transactions
	 * @param maxLifetime the lifetime of transactions (ended ones are forgotten after it)
	 */
	public TransactionJournal(StateStore store, InstanceRegistry instances, PaimonTables tables, Duration idleTimeout,
			Duration maxLifetime) {
		this.store = store;
		this.instances = instances;
		this.tables = tables;
		this.idleTimeout = idleTimeout;
		this.maxLifetime = maxLifetime;
	}

	/**
	 * Returns this instance's id.
	 * @return the id
	 */
	public String instance() {
		return this.instances.id();
	}

	/** Records the transaction's current state; a failure is logged (or thrown, if {@code required}). */
	public void save(AdminTransaction transaction, boolean required) {
		AdminModel.TransactionView view = transaction.view(this.idleTimeout, this.maxLifetime);
		Map<String, String> record = new LinkedHashMap<>();
		record.put("table", view.table());
		record.put("mode", view.mode());
		record.put("commitUser", view.commitUser());
		record.put("state", view.state());
		record.put("rows", String.valueOf(view.rows()));
		record.put("bytes", String.valueOf(view.bytes()));
		record.put("batches", String.valueOf(view.batches()));
		record.put("createdAt", view.createdAt().toString());
		record.put("expiresAt", view.expiresAt().toString());
		record.put("lastActivity", transaction.lastActivity().toString());
		record.put("instance", this.instances.id());
		if (view.owner() != null) {
			record.put("owner", view.owner());
		}
		if (view.failure() != null) {
			record.put("failure", view.failure());
		}
		if (view.snapshotId() != null) {
			record.put("snapshotId", String.valueOf(view.snapshotId()));
		}
		AdminModel.CommitResponse result = transaction.committedResult();
		if (result != null) {
			record.put("committed", String.valueOf(result.committed()));
			record.put("committedRows", String.valueOf(result.rows()));
		}
		Set<String> files = transaction.preparedFiles();
		if (!files.isEmpty()) {
			record.put("files", String.join(",", files));
		}
		try {
			this.store.put(KIND, transaction.id, record);
		}
		catch (PaimonUnavailableException ex) {
			if (required) {
				throw new PaimonUnavailableException(transaction.table, "Recording transaction " + transaction.id
						+ " failed: " + ex.getMessage(), ex);
			}
			logger.warn("Recording transaction {} ({}) failed; other instances see an older state: {}", transaction.id,
					view.state(), ex.getMessage());
		}
	}

	/**
	 * Returns a transaction this instance does not hold, settled if its instance died, or {@code null}.
	 */
	public @Nullable Stored find(String id) {
		Map<String, String> record = this.store.get(KIND, id);
		return (record != null) ? settle(id, record) : null;
	}

	/** Returns every recorded transaction, settled. */
	public List<Stored> list() {
		List<Stored> all = new ArrayList<>();
		this.store.list(KIND).forEach((id, record) -> all.add(settle(id, record)));
		return all;
	}

	/** Settles transactions of dead instances and forgets ended ones after their lifetime. */
	public void sweep() {
		Instant now = Instant.now();
		for (Stored stored : list()) {
			if (!stored.state().isActive() && stored.state() != TransactionState.PREPARED
					&& stored.lastActivity().plus(this.maxLifetime).isBefore(now)) {
				this.store.delete(KIND, stored.id());
			}
			else if (stored.state() == TransactionState.PREPARED
					&& stored.createdAt().plus(this.maxLifetime).isBefore(now)) {
				this.store.delete(KIND, stored.id()); // its files are no longer kept: a coordinator had its lifetime
			}
		}
	}

	/** Forgets a transaction. */
	void forget(String id) {
		this.store.delete(KIND, id);
	}

	/** Marks a transaction of another instance as aborted by this one (a dead instance's prepared one). */
	Stored abort(Stored stored) {
		Map<String, String> record = new LinkedHashMap<>(stored.record());
		record.put("state", TransactionState.ABORTED.name());
		record.remove("files");
		record.put("lastActivity", Instant.now().toString());
		this.store.put(KIND, stored.id(), record);
		return new Stored(stored.id(), record, stored.alive());
	}

	@Override
	public Set<String> pendingFiles(String table) {
		Set<String> files = new LinkedHashSet<>();
		for (Map<String, String> record : this.store.list(KIND).values()) {
			String prepared = record.get("files");
			if (table.equals(record.get("table")) && TransactionState.PREPARED.name().equals(record.get("state"))
					&& prepared != null) {
				files.addAll(List.of(prepared.split(",")));
			}
		}
		return files;
	}

	private Stored settle(String id, Map<String, String> record) {
		String owner = record.getOrDefault("instance", "");
		boolean alive = this.instances.isAlive(owner);
		TransactionState state = TransactionState.valueOf(required(record, "state"));
		if (alive || !state.isActive()) {
			return new Stored(id, record, alive);
		}
		Map<String, String> settled = new LinkedHashMap<>(record);
		Long snapshot = (state == TransactionState.COMMITTING) ? landedCommit(record) : null;
		if (snapshot != null) {
			settled.put("state", TransactionState.COMMITTED.name());
			settled.put("snapshotId", String.valueOf(snapshot));
			settled.put("committed", "true");
			settled.put("committedRows", record.getOrDefault("rows", "0"));
		}
		else {
			settled.put("state", TransactionState.ABORTED.name());
			settled.put("failure", String.format(DEAD_INSTANCE, owner));
		}
		settled.put("lastActivity", Instant.now().toString());
		this.store.put(KIND, id, settled);
		logger.info("Transaction {} on table '{}' of dead instance {} settled as {}", id, record.get("table"), owner,
				settled.get("state"));
		return new Stored(id, settled, false);
	}

	/** A field that every record has: {@link #save} writes it. */
	private static String required(Map<String, String> record, String field) {
		String value = record.get(field);
		if (value == null) {
			throw new IllegalStateException("A record of the transaction journal has no '" + field + "': " + record);
		}
		return value;
	}

	/** The snapshot an interrupted commit made, if its commit user committed after the transaction began. */
	private @Nullable Long landedCommit(Map<String, String> record) {
		Table table = this.tables.getTable(required(record, "table"));
		if (!(table instanceof FileStoreTable fileStoreTable)) {
			return null;
		}
		SnapshotManager snapshots = fileStoreTable.snapshotManager();
		long began = Instant.parse(record.get("createdAt")).toEpochMilli();
		Long latest = snapshots.latestSnapshotId();
		Long earliest = snapshots.earliestSnapshotId();
		for (long id = (latest != null) ? latest : 0; latest != null && earliest != null && id >= earliest; id--) {
			Snapshot snapshot = snapshots.snapshot(id);
			if (snapshot.timeMillis() < began) {
				return null;
			}
			if (required(record, "commitUser").equals(snapshot.commitUser())) {
				return id;
			}
		}
		return null;
	}

	/**
	 * A recorded transaction.
	 *
	 * @param id the id
	 * @param record its fields
	 * @param alive whether the instance that holds it is alive
	 */
	public record Stored(String id, Map<String, String> record, boolean alive) {

		TransactionState state() {
			return TransactionState.valueOf(required(this.record, "state"));
		}

		String table() {
			return required(this.record, "table");
		}

		/**
		 * Returns the instance that owns the transaction.
		 * @return the instance id, empty if none
		 */
		public String instance() {
			return this.record.getOrDefault("instance", "");
		}

		Instant createdAt() {
			return Instant.parse(this.record.get("createdAt"));
		}

		Instant lastActivity() {
			return Instant.parse(this.record.getOrDefault("lastActivity", this.record.get("createdAt")));
		}

		/**
		 * Returns the outcome of a committed transaction.
		 * @return the outcome, or {@code null} unless committed
		 */
		public AdminModel.@Nullable CommitResponse committedResult() {
			if (state() != TransactionState.COMMITTED) {
				return null;
			}
			String snapshot = this.record.get("snapshotId");
			return new AdminModel.CommitResponse(Boolean.parseBoolean(this.record.getOrDefault("committed", "true")),
					(snapshot != null) ? Long.valueOf(snapshot) : null,
					Long.parseLong(this.record.getOrDefault("committedRows", "0")));
		}

		/**
		 * Returns the transaction as the API shows it.
		 * @return the view
		 */
		public AdminModel.TransactionView view() {
			String snapshot = this.record.get("snapshotId");
			return new AdminModel.TransactionView(this.id, table(), required(this.record, "mode"),
					required(this.record, "commitUser"), state().name(),
					Long.parseLong(this.record.getOrDefault("rows", "0")),
					Long.parseLong(this.record.getOrDefault("bytes", "0")),
					Long.parseLong(this.record.getOrDefault("batches", "0")), createdAt(),
					Instant.parse(this.record.get("expiresAt")), Duration.between(createdAt(),
							Instant.now()).toMillis(),
					this.record.get("failure"), (snapshot != null) ? Long.valueOf(snapshot) : null, instance(),
					this.record.get("owner"));
		}

	}

}
