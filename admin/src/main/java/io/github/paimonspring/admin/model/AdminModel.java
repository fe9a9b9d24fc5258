package io.github.paimonspring.admin.model;

import io.github.paimonspring.maintenance.MaintenanceRun;
import io.github.paimonspring.maintenance.TableState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import org.jspecify.annotations.Nullable;

/**
 * The JSON bodies of the admin REST API.
 */
public final class AdminModel {

	private AdminModel() {
	}

	/**
	 * A table in {@code GET /tables}.
	 *
	 * @param name the {@code paimon.tables} bean name, or the identifier
	 * @param identifier {@code database.table}
	 * @param primaryKeys primary key columns
	 * @param partitionKeys partition columns
	 * @param bucket the {@code bucket} option
	 * @param latestSnapshotId the latest snapshot, or {@code null}
	 */
	public record TableSummary(String name, String identifier, List<String> primaryKeys, List<String> partitionKeys,
			int bucket, @Nullable Long latestSnapshotId) {
	}

	/**
	 * A column of a table.
	 *
	 * @param name the column name
	 * @param paimonType the Paimon SQL type
	 * @param arrowType the Arrow type a client should send
	 * @param nullable whether nulls are allowed
	 */
	public record FieldInfo(String name, String paimonType, String arrowType, boolean nullable) {
	}

	/**
	 * {@code GET /tables/{database}/{table}}.
	 *
	 * @param name the bean name or identifier
	 * @param identifier {@code database.table}
	 * @param fields the columns
	 * @param primaryKeys primary key columns
	 * @param partitionKeys partition columns
	 * @param bucket the {@code bucket} option
	 * @param options the table options
	 * @param latestSnapshotId the latest snapshot, or {@code null}
	 * @param rowKindColumn the Arrow column that gives each row's kind ({@code +I}, {@code -U}, {@code +U},
	 * {@code -D}) in uploads; not stored; {@code null} for tables that take inserts only or derive row
	 * kinds from their own {@code rowkind.field}
	 * @param schemaEvolution what writes may change in the schema: {@code none}, {@code add-columns} or
	 * {@code add-columns-and-widen} ({@code paimon.write.schema-evolution},
	 * {@code paimon.tables.<name>.schema-evolution})
	 * @param schemaId the id of the table's current schema (it grows with every schema change)
	 */
	public record TableDetails(String name, String identifier, List<FieldInfo> fields, List<String> primaryKeys,
			List<String> partitionKeys, int bucket, Map<String, String> options, @Nullable Long latestSnapshotId,
			@Nullable String rowKindColumn, String schemaEvolution, long schemaId) {
	}

	/**
	 * One partition's bucket count in an explicit bucket plan.
	 *
	 * @param partition partition keys to values
	 * @param totalBuckets the bucket count
	 */
	public record PlanEntry(Map<String, String> partition, Integer totalBuckets) {
	}

	/**
	 * The {@code bucketPlan} of a transaction request: the string {@code "auto"} (buckets are chosen
	 * per partition) or a list of {@link PlanEntry plan entries}. Any JSON value is accepted when the
	 * body is read; a value of another shape is kept as {@link #invalid() invalid}, so that it is
	 * refused as a bad bucket plan of the table (422) rather than as malformed JSON (400).
	 */
	public static final class BucketPlanRequest {

		/** The automatic bucket plan. */
		public static final BucketPlanRequest AUTO = new BucketPlanRequest(null, null, "auto");

		private final @Nullable List<PlanEntry> entries;

		private final @Nullable String invalid;

		private final Object json;

		private BucketPlanRequest(@Nullable List<PlanEntry> entries, @Nullable String invalid, Object json) {
			this.entries = entries;
			this.invalid = invalid;
			this.json = json;
		}

		/**
		 * Creates an explicit bucket plan.
		 * @param entries the partitions and their bucket counts
		 * @return the plan
		 */
		public static BucketPlanRequest of(List<PlanEntry> entries) {
			return new BucketPlanRequest(List.copyOf(entries), null, entries);
		}

		/**
		 * Reads a bucket plan from its JSON value: {@code "auto"}, or a list of
		 * {@code {"partition": {...}, "totalBuckets": n}} (partition values are taken as strings).
		 * @param json the value as read by Jackson (a string, list, map or number)
		 * @return the plan, possibly invalid
		 */
		@JsonCreator(mode = JsonCreator.Mode.DELEGATING)
		public static BucketPlanRequest fromJson(@Nullable Object json) {
			if (json == null || "auto".equals(json)) {
				return AUTO;
			}
			if (!(json instanceof List<?> values)) {
				return new BucketPlanRequest(null,
						"bucketPlan must be \"auto\" or a list of {\"partition\", \"totalBuckets\"}", json);
			}
			List<PlanEntry> entries = new ArrayList<>();
			for (Object entry : values) {
				if (!(entry instanceof Map<?, ?> map) || !(map.get("totalBuckets") instanceof Number buckets)) {
					return new BucketPlanRequest(null,
							"bucketPlan entries must be {\"partition\": {...}, \"totalBuckets\": n}, got "
							+ LogText.abbreviate(String.valueOf(entry)), json);
				}
				Map<String, String> partition = new LinkedHashMap<>();
				if (map.get("partition") instanceof Map<?, ?> partitionValues) {
					partitionValues.forEach((k, v) -> partition.put(String.valueOf(k),
							(v != null) ? String.valueOf(v) : null));
				}
				entries.add(new PlanEntry(Collections.unmodifiableMap(partition), buckets.intValue()));
			}
			return new BucketPlanRequest(Collections.unmodifiableList(entries), null, json);
		}

		/**
		 * Returns whether buckets are planned automatically.
		 * @return {@code true} for {@code "auto"}
		 */
		public boolean isAuto() {
			return this.entries == null && this.invalid == null;
		}

		/**
		 * Returns the explicit plan.
		 * @return the entries, or {@code null} for an automatic or invalid plan
		 */
		public @Nullable List<PlanEntry> entries() {
			return this.entries;
		}

		/**
		 * Returns why the plan is invalid.
		 * @return the reason, or {@code null} for a valid plan
		 */
		public @Nullable String invalid() {
			return this.invalid;
		}

		/**
		 * Returns the JSON value the plan was read from.
		 * @return {@code "auto"}, the list, or the invalid value
		 */
		@JsonValue
		public Object json() {
			return this.json;
		}

	}

	/**
	 * {@code POST /tables/{database}/{table}/transactions}.
	 *
	 * @param mode {@code standard} (default) or {@code postpone-fixed-bucket}
	 * @param commitUser the commit user, or {@code null} for a random one
	 * @param overwrite whether the commit overwrites
	 * @param staticPartition the static partition to overwrite, or {@code null}
	 * @param bucketPlan {@code "auto"} or a list of {@code {"partition", "totalBuckets"}} (fixed-bucket
	 * mode)
	 */
	public record TransactionRequest(@Nullable String mode, @Nullable String commitUser, @Nullable Boolean overwrite,
			@Nullable Map<String, String> staticPartition, @Nullable BucketPlanRequest bucketPlan) {
	}

	/**
	 * A transaction.
	 *
	 * @param id the transaction id
	 * @param table {@code database.table}
	 * @param mode the write mode
	 * @param commitUser the commit user
	 * @param state OPEN, PREPARED, COMMITTING, COMMITTED, ABORTED, EXPIRED or FAILED
	 * @param rows rows uploaded
	 * @param bytes bytes uploaded
	 * @param batches batches uploaded
	 * @param createdAt creation time
	 * @param expiresAt when it expires if it stays idle
	 * @param ageMillis age in milliseconds
	 * @param failure why it failed, or {@code null}
	 * @param snapshotId the committed snapshot, or {@code null}
	 * @param instance the id of the instance that holds the transaction's writer (requests that write
	 * must go to it), or {@code null}
	 * @param owner the principal that opened it (its credential's or user's name), or {@code null} when the
	 * admin API authenticates nobody; another principal needs the {@code admin} scope to change it
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record TransactionView(String id, String table, String mode, String commitUser, String state, long rows,
			long bytes, long batches, Instant createdAt, Instant expiresAt, long ageMillis, @Nullable String failure,
			@Nullable Long snapshotId, @Nullable String instance, @Nullable String owner) {
	}

	/**
	 * {@code POST /transactions/{id}/batches}.
	 *
	 * @param rows rows in this request
	 * @param bytes bytes in this request
	 * @param batches batches in this request
	 * @param totalRows rows in the transaction so far
	 */
	public record UploadResult(long rows, long bytes, long batches, long totalRows) {
	}

	/**
	 * {@code POST /transactions/{id}/commit}.
	 *
	 * @param identifier the commit identifier, or {@code null} for a one-shot commit
	 * @param filterCommitted whether to skip an identifier the commit user already committed
	 */
	public record CommitRequest(@Nullable Long identifier, @Nullable Boolean filterCommitted) {
	}

	/**
	 * The outcome of a commit or a one-shot upload.
	 *
	 * @param committed whether a snapshot was created
	 * @param snapshotId the snapshot created, or the earlier one when nothing was committed
	 * @param rows rows committed
	 */
	public record CommitResponse(boolean committed, @Nullable Long snapshotId, long rows) {
	}

	/**
	 * The outcome of a snapshot expiry.
	 *
	 * @param table the table identifier
	 * @param expired the number of snapshots expired
	 */
	public record ExpiryResponse(String table, int expired) {
	}

	/**
	 * A table's maintenance state.
	 *
	 * @param table the table identifier
	 * @param liveFiles the data files its latest snapshot holds
	 * @param snapshots its retained snapshots
	 * @param pending what maintenance would act on now: files, bytes, the most files in one bucket, and
	 * postpone-bucket files no reader sees yet
	 * @param scheduled whether the scheduled maintenance maintains the table: it is declared in
	 * {@code paimon.tables} or the service wrote it, and no {@code paimon.maintenance.exclude} pattern
	 * matches it ({@code false} when the scheduled maintenance is off)
	 * @param excluded whether a {@code paimon.maintenance.exclude} pattern matches the table
	 * @param runs the last scheduled maintenance runs on this instance, oldest first (empty when the
	 * scheduled maintenance is off)
	 */
	public record MaintenanceResponse(String table, long liveFiles, long snapshots,
			TableState pending, boolean scheduled, boolean excluded,
			List<MaintenanceRun> runs) {
	}

	/**
	 * The committed state of a channel.
	 *
	 * @param table the table identifier
	 * @param channel the channel name
	 * @param generation the current generation; appends must name it
	 * @param offsetToken the offset token of the last committed append, or {@code null} when none
	 * @param snapshotId the snapshot that last changed the channel
	 */
	public record ChannelResponse(String table, String channel, long generation, @Nullable String offsetToken,
			long snapshotId) {
	}

	/**
	 * {@code POST /tables/{database}/{table}/truncate}.
	 *
	 * @param identifier the commit identifier, or {@code null}
	 * @param commitUser the commit user, or {@code null}
	 * @param partitions partitions to delete, or {@code null} for the whole table
	 */
	public record TruncateRequest(@Nullable Long identifier, @Nullable String commitUser,
			@Nullable List<Map<String, String>> partitions) {
	}

	/**
	 * The outcome of a truncate.
	 *
	 * @param committed whether a snapshot was created
	 * @param snapshotId the snapshot, or {@code null}
	 */
	public record TruncateResponse(boolean committed, @Nullable Long snapshotId) {
	}

	/**
	 * The outcome of an abort.
	 *
	 * @param aborted always {@code true}
	 */
	public record AbortResponse(boolean aborted) {
	}

	/**
	 * {@code POST /transactions/{id}/prepare}.
	 *
	 * @param preparedCommit the serialized commit messages, base64
	 */
	public record PrepareResponse(String preparedCommit) {
	}

	/**
	 * {@code POST /tables/{database}/{table}/commits}.
	 *
	 * @param preparedCommits serialized commit messages from {@code prepare}, base64, all of one commit
	 * user and mode
	 * @param identifier the commit identifier, or {@code null}
	 * @param commitUser the commit user, or {@code null} for the messages' own
	 */
	public record PreparedCommitsRequest(@Nullable List<String> preparedCommits, @Nullable Long identifier,
			@Nullable String commitUser) {
	}

}
