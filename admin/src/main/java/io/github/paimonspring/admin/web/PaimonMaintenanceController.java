package io.github.paimonspring.admin.web;

import java.util.List;

import io.github.paimonspring.admin.AdminTables;
import io.github.paimonspring.admin.access.AdminOperation;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.maintenance.CompactionResult;
import io.github.paimonspring.maintenance.MaintenanceSchedule;
import io.github.paimonspring.maintenance.OrphanFilesResult;
import io.github.paimonspring.maintenance.PaimonMaintenance;
import io.github.paimonspring.maintenance.TableState;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The maintenance endpoints of the admin REST API: compact a table, expire its snapshots, and read its
 * maintenance state.
 */
@RestController
@RequestMapping(path = "${paimon.admin.base-path:/paimon}", produces = "application/json")
@Tag(name = "Paimon maintenance", description = "Compaction and snapshot expiry without a second engine")
@SecurityRequirement(name = PaimonAdminController.SECURITY_SCHEME)
public class PaimonMaintenanceController {

	private static final String PROBLEM = "application/problem+json";

	private final AdminTables tables;

	private final PaimonMaintenance maintenance;

	private final @Nullable MaintenanceSchedule scheduler;

	/**
	 * Creates the controller.
	 * @param tables the name check
	 * @param maintenance the maintenance operations
	 * @param scheduler the scheduled maintenance, or {@code null} when it is off
	 */
	public PaimonMaintenanceController(AdminTables tables, PaimonMaintenance maintenance,
			@Nullable MaintenanceSchedule scheduler) {
		this.tables = tables;
		this.maintenance = maintenance;
		this.scheduler = scheduler;
	}

	/**
	 * Returns a table's maintenance state.
	 * @param database the database
	 * @param table the table
	 * @return live files, snapshots and the last scheduled runs
	 */
	@GetMapping("/tables/{database}/{table}/maintenance")
	@AdminAccess(AdminOperation.MAINTENANCE_STATUS)
	@Operation(summary = "Get a table's maintenance state", operationId = "getMaintenance")
	@ApiResponse(responseCode = "200", description =
			"Live data files, retained snapshots, what is pending (files per bucket, postpone-bucket files), whether "
					+ "the scheduled maintenance maintains the table (scheduled) or an exclusion pattern leaves it out "
							+ "(excluded), last scheduled runs")
	@ApiResponse(responseCode = "404", description = "Unknown table", content = @Content(mediaType = PROBLEM))
	public AdminModel.MaintenanceResponse state(@PathVariable String database, @PathVariable String table) {
		String identifier = this.tables.identifier(database, table);
		TableState state = this.maintenance.observe(identifier);
		if (this.scheduler == null) {
			return new AdminModel.MaintenanceResponse(identifier, state.files(), state.snapshots(), state, false, false,
					List.of());
		}
		return new AdminModel.MaintenanceResponse(identifier, state.files(), state.snapshots(), state,
				this.scheduler.maintains(identifier), this.scheduler.excludes(identifier),
				this.scheduler.runs(identifier));
	}

	/**
	 * Compacts a table.
	 * @param database the database
	 * @param table the table
	 * @param full for primary-key tables, compact every bucket into one sorted run
	 * @return what was compacted
	 */
	@PostMapping("/tables/{database}/{table}/compact")
	@AdminAccess(AdminOperation.COMPACT)
	@Operation(summary = "Compact a table", operationId = "compact",
			description =
					"Append tables: small files are binned into files of target-file-size. Primary-key tables with "
					+ "fixed buckets: sorted runs are merged (all into one per bucket with full=true). Postpone-bucket "
					+ "tables (bucket=-2): bucket-postpone rows are moved into real buckets. One COMPACT snapshot.")
	@ApiResponse(responseCode = "200", description =
			"What was compacted; snapshotId is null when there was nothing to do")
	@ApiResponse(responseCode = "404", description = "Unknown table", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "409", description = "A concurrent compaction conflicted; repeat",
			content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "422", description =
			"A table this starter does not compact (dynamic buckets, postpone buckets with cross-partition updates)",
			content = @Content(mediaType = PROBLEM))
	public CompactionResult compact(@PathVariable String database, @PathVariable String table,
			@RequestParam(defaultValue = "false") boolean full) {
		return this.maintenance.compact(this.tables.identifier(database, table), full);
	}

	/**
	 * Expires a table's snapshots as its options say.
	 * @param database the database
	 * @param table the table
	 * @return the number of snapshots expired
	 */
	@PostMapping("/tables/{database}/{table}/expire-snapshots")
	@AdminAccess(AdminOperation.EXPIRE_SNAPSHOTS)
	@Operation(summary = "Expire snapshots", operationId = "expireSnapshots",
			description =
					"As snapshot.num-retained.min/max and snapshot.time-retained say, also for write-only tables.")
	@ApiResponse(responseCode = "200", description = "The number of snapshots expired")
	@ApiResponse(responseCode = "404", description = "Unknown table", content = @Content(mediaType = PROBLEM))
	public AdminModel.ExpiryResponse expireSnapshots(@PathVariable String database, @PathVariable String table) {
		String identifier = this.tables.identifier(database, table);
		return new AdminModel.ExpiryResponse(identifier, this.maintenance.expireSnapshots(identifier));
	}

	/**
	 * Removes the files of a table that no snapshot references.
	 * @param database the database
	 * @param table the table
	 * @param dryRun only report what would be removed
	 * @return what was removed
	 */
	@PostMapping("/tables/{database}/{table}/remove-orphan-files")
	@AdminAccess(AdminOperation.REMOVE_ORPHAN_FILES)
	@Operation(summary = "Remove orphan files", operationId = "removeOrphanFiles",
			description = "Removes files that no snapshot, tag or branch references and that are older than "
					+ "paimon.maintenance.orphan-files-older-than (longer than any staged transaction lives), or were "
					+ "written by a dead instance. Files of live transactions and of prepared commits are kept.")
	@ApiResponse(responseCode = "200", description = "What was (or, with dryRun, would be) removed")
	@ApiResponse(responseCode = "404", description = "Unknown table", content = @Content(mediaType = PROBLEM))
	public OrphanFilesResult removeOrphanFiles(@PathVariable String database, @PathVariable String table,
			@RequestParam(defaultValue = "false") boolean dryRun) {
		return this.maintenance.removeOrphanFiles(this.tables.identifier(database, table), dryRun);
	}

}
