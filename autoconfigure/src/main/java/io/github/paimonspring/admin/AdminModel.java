package io.github.paimonspring.admin;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

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
			int bucket, Long latestSnapshotId) {
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
	 */
	public record TableDetails(String name, String identifier, List<FieldInfo> fields, List<String> primaryKeys,
			List<String> partitionKeys, int bucket, Map<String, String> options, Long latestSnapshotId) {
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
	 * {@code POST /tables/{database}/{table}/transactions}.
	 *
	 * @param mode {@code standard} (default) or {@code postpone-fixed-bucket}
	 * @param commitUser the commit user, or {@code null} for a random one
	 * @param overwrite whether the commit overwrites
	 * @param staticPartition the static partition to overwrite, or {@code null}
	 * @param bucketPlan {@code "auto"} or a list of {@code {"partition", "totalBuckets"}} (fixed-bucket
	 * mode)
	 */
	public record TransactionRequest(String mode, String commitUser, Boolean overwrite,
			Map<String, String> staticPartition, Object bucketPlan) {
	}

	/**
	 * A transaction.
	 *
	 * @param id the transaction id
	 * @param table {@code database.table}
	 * @param mode the write mode
	 * @param commitUser the commit user
	 * @param state OPEN, COMMITTED, ABORTED, EXPIRED or FAILED
	 * @param rows rows uploaded
	 * @param bytes bytes uploaded
	 * @param batches batches uploaded
	 * @param createdAt creation time
	 * @param expiresAt when it expires if it stays idle
	 * @param ageMillis age in milliseconds
	 * @param failure why it failed, or {@code null}
	 * @param snapshotId the committed snapshot, or {@code null}
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record TransactionView(String id, String table, String mode, String commitUser, String state, long rows,
			long bytes, long batches, Instant createdAt, Instant expiresAt, long ageMillis, String failure,
			Long snapshotId) {
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
	public record CommitRequest(Long identifier, Boolean filterCommitted) {
	}

	/**
	 * The outcome of a commit or a one-shot upload.
	 *
	 * @param committed whether a snapshot was created
	 * @param snapshotId the snapshot created, or the earlier one when nothing was committed
	 * @param rows rows committed
	 */
	public record CommitResponse(boolean committed, Long snapshotId, long rows) {
	}

	/**
	 * {@code POST /tables/{database}/{table}/truncate}.
	 *
	 * @param identifier the commit identifier, or {@code null}
	 * @param commitUser the commit user, or {@code null}
	 * @param partitions partitions to delete, or {@code null} for the whole table
	 */
	public record TruncateRequest(Long identifier, String commitUser, List<Map<String, String>> partitions) {
	}

	/**
	 * The outcome of a truncate.
	 *
	 * @param committed whether a snapshot was created
	 * @param snapshotId the snapshot, or {@code null}
	 */
	public record TruncateResponse(boolean committed, Long snapshotId) {
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
	public record PreparedCommitsRequest(List<String> preparedCommits, Long identifier, String commitUser) {
	}

}
