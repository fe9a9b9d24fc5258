package io.github.paimonspring.maintenance;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.cluster.StateStore;
import io.github.paimonspring.core.TableWriteListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tables the instances of this service write, remembered in the shared {@link StateStore} (one
 * record of kind {@value #KIND} per table) so that a restarted instance, or another one, keeps
 * maintaining them. As the {@link TableWriteListener} of the writer it costs a set look-up per write: a
 * table is recorded once per instance, on a background thread, the first time this instance writes it
 * (again after a {@link #refresh} found its record gone). A table whose record cannot be written yet (the
 * store is unreachable) is still maintained by this instance and recorded by a later {@link #refresh}.
 */
public final class WrittenTables implements TableWriteListener, AutoCloseable {

	/** The kind of the records in the state store. */
	public static final String KIND = "maintained-table";

	private static final Logger logger = LoggerFactory.getLogger(WrittenTables.class);

	private final StateStore store;

	private final String instance;

	/** Tables recorded in the store, as this instance last saw them. */
	private final Set<String> known = ConcurrentHashMap.newKeySet();

	/** Tables this instance wrote whose records are not written yet. */
	private final Set<String> pending = ConcurrentHashMap.newKeySet();

	/** One daemon thread that writes the records, ended after a minute without work. */
	private final ThreadPoolExecutor recorder;

	/**
	 * Creates the registry.
	 * @param store the shared state
	 * @param instance this instance's id, recorded with the tables it records first
	 */
	public WrittenTables(StateStore store, String instance) {
		this.store = store;
		this.instance = instance;
		this.recorder = new ThreadPoolExecutor(1, 1, 1, TimeUnit.MINUTES, new LinkedBlockingQueue<>(), (task) -> {
			Thread thread = new Thread(task, "paimon-written-tables");
			thread.setDaemon(true);
			return thread;
		});
		this.recorder.allowCoreThreadTimeOut(true);
	}

	@Override
	public void writing(String table) {
		if (this.known.contains(table) || !this.pending.add(table)) {
			return;
		}
		try {
			this.recorder.execute(this::record);
		}
		catch (RejectedExecutionException ex) {
			// closing: the table stays pending
		}
	}

	/**
	 * Writes the pending records, then reads every table the instances recorded.
	 * @return the recorded tables and this instance's pending ones, by identifier
	 */
	public synchronized Set<String> refresh() {
		record();
		try {
			Set<String> stored = new LinkedHashSet<>();
			for (Map<String, String> fields : this.store.list(KIND).values()) {
				String table = fields.get("table");
				if (table != null) {
					stored.add(table);
				}
			}
			this.known.retainAll(stored);
			this.known.addAll(stored);
		}
		catch (RuntimeException ex) {
			logger.warn("Reading the tables to maintain from {} failed, keeping the last known ones: {}",
					this.store.location(), ex.getMessage());
		}
		return tables();
	}

	/**
	 * Returns the tables as this instance last saw them, without reading the store.
	 * @return the recorded tables and this instance's pending ones, by identifier
	 */
	public Set<String> tables() {
		Set<String> tables = new TreeSet<>(this.known);
		tables.addAll(this.pending);
		return tables;
	}

	/**
	 * Forgets a table, for every instance: it is no longer maintained unless it is written again.
	 * @param table the table identifier
	 */
	public synchronized void forget(String table) {
		this.pending.remove(table);
		this.known.remove(table);
		try {
			this.store.delete(KIND, id(table));
		}
		catch (RuntimeException ex) {
			logger.warn("Forgetting table '{}' in {} failed: {}", table, this.store.location(), ex.getMessage());
		}
	}

	/** Writes the pending records; stops at the first failure, leaving the rest for the next refresh. */
	private synchronized void record() {
		for (String table : Set.copyOf(this.pending)) {
			try {
				this.store.put(KIND, id(table),
						Map.of("table", table, "instance", this.instance, "recorded", Instant.now().toString()));
			}
			catch (RuntimeException ex) {
				logger.warn("Recording table '{}' for maintenance in {} failed, retrying in the next round: {}", table,
						this.store.location(), ex.getMessage());
				return;
			}
			this.known.add(table);
			this.pending.remove(table);
		}
	}

	/** The record id: the identifier when it is a safe file name, else a digest of it. */
	static String id(String table) {
		if (table.length() <= 200 && table.matches("[A-Za-z0-9._-]+")) {
			return table;
		}
		try {
			return "sha256-" + HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(table.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is not available", ex);
		}
	}

	/** Writes what is pending and stops the background thread. */
	@Override
	public void close() {
		this.recorder.shutdown();
		record();
	}

}
