package io.github.paimonspring.actuate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.maintenance.MaintenancePolicy;
import io.github.paimonspring.maintenance.MaintenanceRun;
import io.github.paimonspring.maintenance.MaintenanceScheduler;
import io.github.paimonspring.maintenance.TableState;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The read-only {@code paimon} actuator endpoint: the configured tables (and the undeclared ones the
 * scheduled maintenance maintains because the service wrote them) with their keys, bucket and latest
 * snapshot, when the admin API is enabled its open transactions, with a JDBC catalog the commit locks
 * held now, and the Kafka pipelines of this instance. Reading it never creates a table.
 */
@Endpoint(id = "paimon")
public class PaimonEndpoint {

	private final PaimonTables tables;

	private final @Nullable ObjectProvider<MaintenanceScheduler> maintenance;

	private final @Nullable ObjectProvider<PaimonEndpointSection> sections;

	/**
	 * Creates the endpoint showing the configured tables and the commit locks.
	 * @param tables the configured tables and their catalog
	 */
	public PaimonEndpoint(PaimonTables tables) {
		this(tables, null, null);
	}

	/**
	 * Creates the endpoint, also showing each table's state and last run of the scheduled maintenance and the
	 * sections other modules contribute.
	 * @param tables the configured tables
	 * @param maintenance the scheduled maintenance, if it runs
	 * @param sections the contributed sections, in order
	 */
	public PaimonEndpoint(PaimonTables tables, @Nullable ObjectProvider<MaintenanceScheduler> maintenance,
			@Nullable ObjectProvider<PaimonEndpointSection> sections) {
		this.tables = tables;
		this.maintenance = maintenance;
		this.sections = sections;
	}

	/**
	 * Describes the configured tables, the undeclared ones the scheduled maintenance maintains, the commit
	 * locks and the contributed sections (the admin API's open transactions, the Kafka pipelines).
	 * @return the tables, the locks and the sections
	 */
	@ReadOperation
	public PaimonDescriptor paimon() {
		MaintenanceScheduler scheduler = (this.maintenance != null) ? this.maintenance.getIfAvailable() : null;
		Map<String, MaintenancePolicy> maintained = (scheduler != null) ? scheduler.tables() : Map.of();
		List<TableDescriptor> tables = new ArrayList<>();
		Set<String> declared = new HashSet<>();
		for (String name : this.tables.definitions().keySet()) {
			tables.add(describe(name, name, scheduler, maintained));
			declared.add(this.tables.identifier(name).getFullName());
		}
		for (String identifier : maintained.keySet()) {
			if (!declared.contains(identifier)) {
				tables.add(describe(null, identifier, scheduler, maintained));
			}
		}
		Map<String, Object> contributed = new LinkedHashMap<>();
		if (this.sections != null) {
			this.sections.orderedStream().forEach((section) -> {
				Object content = section.read();
				if (content != null) {
					contributed.put(section.name(), content);
				}
			});
		}
		return new PaimonDescriptor(tables, CommitLocks.read(this.tables.catalog().options()), contributed);
	}

	private TableDescriptor describe(@Nullable String name, String nameOrIdentifier,
			@Nullable MaintenanceScheduler scheduler, Map<String, MaintenancePolicy> maintained) {
		Identifier identifier = this.tables.identifier(nameOrIdentifier);
		String full = identifier.getFullName();
		MaintenancePolicy policy = maintained.get(full);
		boolean scheduled = policy != null && policy.enabled();
		Table table;
		try {
			table = this.tables.catalog().getTable(identifier);
		}
		catch (Catalog.TableNotExistException ex) {
			return new TableDescriptor(name, full, false, null, null, null, null, scheduled, null, null);
		}
		Integer bucket = (table.options().get("bucket") != null) ? Integer.valueOf(table.options().get("bucket"))
				: null;
		Long snapshot = null;
		if (table instanceof FileStoreTable fileStoreTable) {
			bucket = fileStoreTable.coreOptions().bucket();
			snapshot = fileStoreTable.snapshotManager().latestSnapshotIdFromFileSystem();
		}
		TableState state = (scheduler != null) ? scheduler.lastState(full) : null;
		List<MaintenanceRun> runs = (scheduler != null) ? scheduler.runs(full) : List.of();
		return new TableDescriptor(name, full, true, table.primaryKeys(), table.partitionKeys(), bucket, snapshot,
				scheduled, state, runs.isEmpty() ? null : runs.get(runs.size() - 1));
	}

	/**
	 * The endpoint's response.
	 *
	 * @param tables the configured tables, in configuration order, then the undeclared tables the
	 * scheduled maintenance maintains
	 * @param commitLocks the commit locks of a JDBC catalog with {@code lock.enabled} held now (table,
	 * seconds held, lease in seconds), or {@code null} for other catalogs
	 * @param sections the contributed sections by name, rendered as members of the response: with the
	 * admin API {@code transactions} (the open admin transactions, newest first), with Kafka pipelines
	 * {@code kafkaPipelines} (the pipelines of this instance)
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record PaimonDescriptor(List<TableDescriptor> tables, @Nullable List<CommitLocks.CommitLock> commitLocks,
			@JsonIgnore Map<String, Object> sections) {

		/**
		 * One contributed section.
		 * @param name the section's name
		 * @return its content, or {@code null} if no module contributed it
		 */
		public @Nullable Object section(String name) {
			return this.sections.get(name);
		}

		@JsonAnyGetter
		Map<String, Object> members() {
			return this.sections;
		}

	}

	/**
	 * A configured table.
	 *
	 * @param name the {@code paimon.tables} name, or {@code null} for a table that {@code paimon.tables}
	 * does not declare, listed because the scheduled maintenance maintains it (the service wrote it)
	 * @param identifier {@code database.table}
	 * @param exists whether the table exists in the catalog yet
	 * @param primaryKeys primary key columns, or {@code null} if it does not exist
	 * @param partitionKeys partition columns, or {@code null} if it does not exist
	 * @param bucket the {@code bucket} option, or {@code null} if it does not exist
	 * @param latestSnapshotId the latest snapshot, or {@code null} if there is none
	 * @param maintained whether the scheduled maintenance of this instance maintains the table (not
	 * when it is off, the table is switched off or excluded)
	 * @param state files, bytes, snapshots and pending postpone-bucket files as the last scheduled
	 * maintenance run left them, or {@code null} without one
	 * @param lastMaintenance the last scheduled maintenance run on this instance, or {@code null}
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record TableDescriptor(@Nullable String name, String identifier, boolean exists,
			@Nullable List<String> primaryKeys, @Nullable List<String> partitionKeys, @Nullable Integer bucket,
			@Nullable Long latestSnapshotId, boolean maintained, @Nullable TableState state,
			@Nullable MaintenanceRun lastMaintenance) {
	}

}
