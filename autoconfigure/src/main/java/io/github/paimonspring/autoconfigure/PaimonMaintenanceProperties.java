package io.github.paimonspring.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties of the table maintenance (compaction, snapshot expiry and orphan-file
 * cleanup of the configured {@code paimon.tables} and of every table the service writes).
 */
@ConfigurationProperties("paimon.maintenance")
public class PaimonMaintenanceProperties {

	/**
	 * Whether to maintain on a schedule the configured tables and every table the service writes. By
	 * default on for a filesystem catalog on a local warehouse (the embedded set-up), off otherwise;
	 * turn it off when Flink or Spark maintain the tables (or exclude those tables).
	 */
	private @Nullable Boolean enabled;

	/**
	 * Time between two maintenance rounds (the first one starts one interval after start-up).
	 */
	private Duration interval = Duration.ofMinutes(10);

	/**
	 * Compact a table once one bucket of one partition holds this many data files (pending
	 * postpone-bucket files are always compacted).
	 */
	private int minFiles = 32;

	/**
	 * How long a table's maintenance claim holds when its instance does not release it (it crashed);
	 * must exceed the longest maintenance run. Claims are shared through the database of a JDBC
	 * catalog, so that two instances never maintain one table at once.
	 */
	private Duration lockLease = Duration.ofMinutes(10);

	/**
	 * The safe age of orphan-file cleanup: a file that no snapshot references is removed once it is
	 * older than this (files of a dead instance at any age). Must exceed paimon.admin.max-lifetime by
	 * at least an hour, so that the files of a live staged transaction are never removed.
	 */
	private Duration orphanFilesOlderThan = Duration.ofDays(1);

	/**
	 * Time between two orphan-file cleanups of a table by the scheduled maintenance; a cleanup also runs
	 * in the next round after an instance died.
	 */
	private Duration orphanFilesInterval = Duration.ofHours(1);

	/**
	 * Tables the scheduled maintenance never maintains, declared or written by the service, for example
	 * those Flink or Spark maintain: patterns over the identifier database.table, ignoring case, where *
	 * stands for any characters and ? for one (analytics.*, *.raw_events).
	 */
	private List<String> exclude = new ArrayList<>();

	/**
	 * Per-table settings, by the table's name under paimon.tables, or by its identifier in brackets
	 * (paimon.maintenance.tables[analytics.events].min-files) for a table that paimon.tables does not
	 * declare.
	 */
	private Map<String, TableSettings> tables = new LinkedHashMap<>();

	public @Nullable Boolean getEnabled() {
		return this.enabled;
	}

	public void setEnabled(@Nullable Boolean enabled) {
		this.enabled = enabled;
	}

	public Duration getInterval() {
		return this.interval;
	}

	public void setInterval(Duration interval) {
		this.interval = interval;
	}

	public int getMinFiles() {
		return this.minFiles;
	}

	public void setMinFiles(int minFiles) {
		this.minFiles = minFiles;
	}

	public Duration getLockLease() {
		return this.lockLease;
	}

	public void setLockLease(Duration lockLease) {
		this.lockLease = lockLease;
	}

	public Duration getOrphanFilesOlderThan() {
		return this.orphanFilesOlderThan;
	}

	public void setOrphanFilesOlderThan(Duration orphanFilesOlderThan) {
		this.orphanFilesOlderThan = orphanFilesOlderThan;
	}

	public Duration getOrphanFilesInterval() {
		return this.orphanFilesInterval;
	}

	public void setOrphanFilesInterval(Duration orphanFilesInterval) {
		this.orphanFilesInterval = orphanFilesInterval;
	}

	public List<String> getExclude() {
		return this.exclude;
	}

	public void setExclude(List<String> exclude) {
		this.exclude = exclude;
	}

	public Map<String, TableSettings> getTables() {
		return this.tables;
	}

	public void setTables(Map<String, TableSettings> tables) {
		this.tables = tables;
	}

	/**
	 * The maintenance settings of one table, overriding the defaults above.
	 */
	public static class TableSettings {

		/**
		 * Whether the scheduled maintenance maintains this table (for example off for a table Flink
		 * compacts).
		 */
		private boolean enabled = true;

		/**
		 * Compact this table once one bucket of one partition holds this many data files (default:
		 * paimon.maintenance.min-files).
		 */
		private @Nullable Integer minFiles;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public @Nullable Integer getMinFiles() {
			return this.minFiles;
		}

		public void setMinFiles(@Nullable Integer minFiles) {
			this.minFiles = minFiles;
		}

	}

}
