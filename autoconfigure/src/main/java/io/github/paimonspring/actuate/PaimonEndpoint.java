package io.github.paimonspring.actuate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.transaction.TransactionState;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.kafka.KafkaPipelineView;
import io.github.paimonspring.kafka.KafkaPipelines;
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

	private final ObjectProvider<AdminTransactions> transactions;

	private final @Nullable ObjectProvider<MaintenanceScheduler> maintenance;

	private @Nullable ObjectProvider<KafkaPipelines> kafka;

	/**
	 * Creates the endpoint.
	 * @param tables the configured tables and their catalog
	 * @param transactions the admin service, if the admin API is enabled
	 */
	public PaimonEndpoint(PaimonTables tables, ObjectProvider<AdminTransactions> transactions) {
		this(tables, transactions, null);
	}

	/**
	 * Creates the endpoint, also showing each table's state and last run of the scheduled maintenance.
	 * @param tables the configured tables
	 * @param transactions the admin transactions, if the admin API is enabled
	 * @param maintenance the scheduled maintenance, if it runs
	 */
	public PaimonEndpoint(PaimonTables tables, ObjectProvider<AdminTransactions> transactions,
			@Nullable ObjectProvider<MaintenanceScheduler> maintenance) {
		this.tables = tables;
		this.transactions = transactions;
		this.maintenance = maintenance;
	}

	/**
	 * Also shows the Kafka pipelines of this instance ({@code kafkaPipelines}).
	 * @param kafka the pipelines, if any are declared
	 */
	public void setKafkaPipelines(ObjectProvider<KafkaPipelines> kafka) {
		this.kafka = kafka;
	}

	/**
	 * Describes the configured tables, the undeclared ones the scheduled maintenance maintains, and the
	 * open admin transactions.
	 * @return the tables, and the open transactions or {@code null} without the admin API
	 */
	@ReadOperation
	public PaimonDescriptor paimon() {
		MaintenanceScheduler scheduler = (this.maintenance != null) ? this.maintenance.getIfAvailable() : null;
		Map<String, MaintenancePolicy> maintained = (scheduler != null) ? scheduler.tables() : Map.of();
		List<TableDescriptor> tables = new ArrayList<>();
		java.util.Set<String> declared = new java.util.HashSet<>();
		for (String name : this.tables.definitions().keySet()) {
			tables.add(describe(name, name, scheduler, maintained));
			declared.add(this.tables.identifier(name).getFullName());
		}
		for (String identifier : maintained.keySet()) {
			if (!declared.contains(identifier)) {
				tables.add(describe(null, identifier, scheduler, maintained));
			}
		}
		AdminTransactions admin = this.transactions.getIfAvailable();
		List<AdminModel.TransactionView> open = (admin != null) ? admin.list().stream()
			.filter((transaction) -> TransactionState.valueOf(transaction.state()).isActive())
			.toList() : null;
		KafkaPipelines pipelines = (this.kafka != null) ? this.kafka.getIfAvailable() : null;
		return new PaimonDescriptor(tables, open, CommitLocks.read(this.tables.catalog().options()),
				(pipelines != null) ? pipelines.pipelines() : null);
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
		Integer bucket = (table.options().get("bucket") != null) ? Integer.valueOf(table.options().get("bucket")) : null;
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
	 * @param transactions the open admin transactions, newest first, or {@code null} without the admin
	 * API
	 * @param commitLocks the commit locks of a JDBC catalog with {@code lock.enabled} held now (table,
	 * seconds held, lease in seconds), or {@code null} for other catalogs
	 * @param kafkaPipelines the Kafka pipelines of this instance, or {@code null} without any
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record PaimonDescriptor(List<TableDescriptor> tables, @Nullable List<AdminModel.TransactionView> transactions,
			@Nullable List<CommitLocks.CommitLock> commitLocks, @Nullable List<KafkaPipelineView> kafkaPipelines) {
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
