package io.github.paimonspring.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import org.jspecify.annotations.Nullable;

/**
 * What one write asks for, whichever way its batches come: the table, whether it overwrites, an optional
 * idempotency key, the schema evolution policy and the write family. Every write of {@link PaimonOperations}
 * takes one ({@link PaimonOperations#write(WriteRequest, org.apache.arrow.vector.VectorSchemaRoot) write},
 * {@link PaimonOperations#execute(WriteRequest, WriteCallback) execute},
 * {@link PaimonOperations#ingest(WriteRequest, java.util.List) ingest}), and the admin API's uploads build one
 * per request; the write family is then chosen in one place, as {@code ArrowWriteBuilder.withTableFamily()}
 * chooses it.
 * <pre>{@code
 * paimon.write(WriteRequest.into("orders"), batch);
 * paimon.write(WriteRequest.into("orders").withOverwrite(Map.of("dt", "2026-12-07")), batch);
 * paimon.ingest(WriteRequest.into("orders").withIdempotencyKey("order-batch-17"), batches);
 * }</pre>
 * Immutable: each {@code with} method returns a new request, so one request may be shared and reused.
 *
 * @since 0.1.0
 */
public final class WriteRequest {

	private final String table;

	private final boolean overwrite;

	private final Map<String, String> staticPartition;

	private final @Nullable String idempotencyKey;

	private final @Nullable SchemaEvolutionPolicy schemaEvolution;

	private final boolean standardFamily;

	private WriteRequest(String table, boolean overwrite, Map<String, String> staticPartition,
			@Nullable String idempotencyKey, @Nullable SchemaEvolutionPolicy schemaEvolution, boolean standardFamily) {
		this.table = table;
		this.overwrite = overwrite;
		this.staticPartition = staticPartition;
		this.idempotencyKey = idempotencyKey;
		this.schemaEvolution = schemaEvolution;
		this.standardFamily = standardFamily;
	}

	/**
	 * Starts a request that appends to a table, without a key, under the table's schema evolution policy, in
	 * the table's write family.
	 * @param table a configured table name or {@code database.table}
	 * @return the request
	 * @throws IllegalArgumentException if the name is blank
	 */
	public static WriteRequest into(String table) {
		if (table == null || table.isBlank()) {
			throw new IllegalArgumentException("A write request needs a table name, got '" + table + "'");
		}
		return new WriteRequest(table, false, Map.of(), null, null, false);
	}

	/**
	 * Replaces the partitions that receive data (the whole table when unpartitioned). Only one-shot writes
	 * overwrite; {@code ingest} refuses such a request.
	 * @return a new request
	 */
	public WriteRequest withOverwrite() {
		return new WriteRequest(this.table, true, Map.of(), this.idempotencyKey, this.schemaEvolution,
				this.standardFamily);
	}

	/**
	 * Replaces one static partition (a partial spec matches every partition with those values); every row
	 * must belong to it. A postpone table that the fixed-bucket family writes refuses it, naming both ways.
	 * @param staticPartition partition keys and values
	 * @return a new request
	 */
	public WriteRequest withOverwrite(Map<String, String> staticPartition) {
		return new WriteRequest(this.table, true, copy(staticPartition), this.idempotencyKey, this.schemaEvolution,
				this.standardFamily);
	}

	/**
	 * Makes the write exactly once per key and table: a request whose key is already committed writes
	 * nothing and answers with the snapshot of the key ({@code committed = false}, 0 rows), and requests
	 * with one key wait for each other. One-shot writes record the key as their commit user (a hash of the
	 * table and the key, the one the admin API's one-shot uploads use), {@code ingest} in its group's snapshot;
	 * a key counts within one of the two.
	 * @param idempotencyKey 1 to 256 characters without control characters (a write refuses another key with a
	 * {@link io.github.paimonspring.PaimonArgumentException} naming the table)
	 * @return a new request
	 */
	public WriteRequest withIdempotencyKey(String idempotencyKey) {
		return new WriteRequest(this.table, this.overwrite, this.staticPartition,
				Objects.requireNonNull(idempotencyKey, "idempotencyKey"),
				this.schemaEvolution, this.standardFamily);
	}

	/**
	 * Evolves the table's schema for the batches under this policy instead of the table's
	 * ({@code paimon.tables.<name>.schema-evolution} or the writer's default).
	 * @param policy the policy of this write
	 * @return a new request
	 */
	public WriteRequest withSchemaEvolution(SchemaEvolutionPolicy policy) {
		return new WriteRequest(this.table, this.overwrite, this.staticPartition, this.idempotencyKey,
				Objects.requireNonNull(policy, "policy"), this.standardFamily);
	}

	/**
	 * Writes a postpone ({@code bucket = -2}) table the standard way, into {@code bucket-postpone} files that
	 * stay invisible until a compaction, instead of into real buckets. Other tables are written the same
	 * either way. Only one-shot writes take it; {@code ingest} always writes real buckets.
	 * @return a new request
	 */
	public WriteRequest withStandardFamily() {
		return new WriteRequest(this.table, this.overwrite, this.staticPartition, this.idempotencyKey,
				this.schemaEvolution, true);
	}

	/**
	 * Returns the table name as given.
	 * @return a configured table name or {@code database.table}
	 */
	public String table() {
		return this.table;
	}

	/**
	 * Returns whether the write overwrites.
	 * @return {@code true} after a {@code withOverwrite}
	 */
	public boolean isOverwrite() {
		return this.overwrite;
	}

	/**
	 * Returns the static partition an overwrite replaces.
	 * @return the partition spec; empty for the partitions that receive data
	 */
	public Map<String, String> staticPartition() {
		return this.staticPartition;
	}

	/**
	 * Returns the idempotency key.
	 * @return the key, or {@code null}
	 */
	public @Nullable String idempotencyKey() {
		return this.idempotencyKey;
	}

	/**
	 * Returns the schema evolution policy of this write.
	 * @return the policy, or {@code null} for the table's
	 */
	public @Nullable SchemaEvolutionPolicy schemaEvolution() {
		return this.schemaEvolution;
	}

	/**
	 * Returns whether a postpone table is written the standard way.
	 * @return {@code true} after {@link #withStandardFamily()}
	 */
	public boolean isStandardFamily() {
		return this.standardFamily;
	}

	@Override
	public boolean equals(@Nullable Object other) {
		return (other instanceof WriteRequest that) && this.table.equals(that.table)
				&& this.overwrite == that.overwrite && this.staticPartition.equals(that.staticPartition)
				&& Objects.equals(this.idempotencyKey, that.idempotencyKey)
				&& this.schemaEvolution == that.schemaEvolution && this.standardFamily == that.standardFamily;
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.table, this.overwrite, this.staticPartition, this.idempotencyKey,
				this.schemaEvolution, this.standardFamily);
	}

	@Override
	public String toString() {
		return "WriteRequest[table=" + this.table + (this.overwrite ? ", overwrite" + this.staticPartition : "")
				+ ((this.idempotencyKey != null) ? ", idempotencyKey=" + this.idempotencyKey : "")
				+ ((this.schemaEvolution != null) ? ", schemaEvolution=" + this.schemaEvolution : "")
				+ (this.standardFamily ? ", standard family" : "") + "]";
	}

	private static Map<String, String> copy(Map<String, String> partition) {
		Objects.requireNonNull(partition, "staticPartition");
		return partition.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(partition));
	}

}
