package io.github.paimonspring.admin;

import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.admin.body.ArrowBodyReader;
import io.github.paimonspring.admin.body.GroupedBodies;
import io.github.paimonspring.admin.model.AdminArguments;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import io.github.paimonspring.core.IdempotentIngest;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.ingest.IngestBusyException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.jspecify.annotations.Nullable;

/**
 * One-shot uploads of the admin API: one Arrow IPC body written and committed in one request. With
 * an idempotency key the body is committed at most once: the key becomes the commit user (hashed)
 * and the commit identifier 1, requests with one key run one at a time, and a repeat commits nothing
 * and returns the first snapshot. Tables in postpone-bucket mode are written with automatically
 * planned fixed buckets.
 * <p>
 * Before the first batch is written, the table's schema is evolved for the body's Arrow schema under
 * the table's policy, or under the request's {@code schemaEvolution} when
 * {@code paimon.admin.allow-schema-evolution} allows requests to choose (see
 * {@link PaimonOperations#schemaEvolution}); the body is then written on the new schema.
 */
public class OneShotUploads {

	private final PaimonOperations writer;

	private final AdminSettings settings;

	private final AdminMetrics metrics;

	private final AdminTables tables;

	private final ArrowBodyReader reader;

	private final GroupedBodies grouped;

	private volatile boolean allowSchemaEvolution;

	/**
	 * Creates the service.
	 * @param writer the writer to write through
	 * @param settings limits
	 * @param metrics where to record what is written, or {@code null}
	 * @param tables the name check
	 * @param reader the reader of request bodies
	 */
	public OneShotUploads(PaimonOperations writer, AdminSettings settings, @Nullable AdminMetrics metrics,
			AdminTables tables,
			ArrowBodyReader reader) {
		this.writer = writer;
		this.settings = settings;
		this.metrics = (metrics != null) ? metrics : AdminMetrics.NONE;
		this.tables = tables;
		this.reader = reader;
		this.grouped = new GroupedBodies(reader, settings, this.metrics);
	}

	/**
	 * Sets whether requests may choose their schema evolution policy ({@code schemaEvolution}); by
	 * default they may not, and every upload uses its table's policy.
	 * @param allowSchemaEvolution {@code paimon.admin.allow-schema-evolution}
	 */
	public void setAllowSchemaEvolution(boolean allowSchemaEvolution) {
		this.allowSchemaEvolution = allowSchemaEvolution;
	}

	/**
	 * Parses a request's schema evolution policy, refusing it when requests may not choose one.
	 * @param table the table identifier used in messages
	 * @param value the {@code schemaEvolution} query parameter, or {@code null}
	 * @return the policy, or {@code null} for the table's
	 * @throws PaimonArgumentException if the value is unknown or requests may not choose a policy
	 */
	public @Nullable SchemaEvolutionPolicy schemaEvolution(String table, @Nullable String value) {
		if (value == null) {
			return null;
		}
		if (!this.allowSchemaEvolution) {
			throw new PaimonArgumentException(table, "The schemaEvolution parameter is not allowed on this server "
					+ "(paimon.admin.allow-schema-evolution=false); table '" + table + "' uses its own policy '"
					+ this.writer.schemaEvolution().policy(table) + "'. Remove the parameter, or set "
					+ "paimon.admin.allow-schema-evolution=true");
		}
		try {
			return SchemaEvolutionPolicy.of(value);
		}
		catch (IllegalArgumentException ex) {
			throw new PaimonArgumentException(table, "schemaEvolution: " + ex.getMessage());
		}
	}

	/**
	 * Writes and commits one Arrow IPC body. With an idempotency key, the body is committed once: a
	 * repeat with the same key commits nothing and returns the first snapshot.
	 * @param database the database
	 * @param table the table
	 * @param overwrite whether to overwrite the partitions that receive data
	 * @param idempotencyKey the key, or {@code null}
	 * @param body the request body
	 * @param contentLength the declared length, or -1
	 * @return the outcome
	 */
	public AdminModel.CommitResponse uploadOnce(String database, String table, boolean overwrite,
			@Nullable String idempotencyKey, InputStream body, long contentLength) {
		return uploadOnce(database, table, overwrite, idempotencyKey, body, contentLength, null);
	}

	/**
	 * Writes and commits one Arrow IPC body like {@link #uploadOnce(String, String, boolean, String, InputStream,
	 * long)},
	 * evolving the schema under the given policy.
	 * @param database the database
	 * @param table the table
	 * @param overwrite whether to overwrite the partitions that receive data
	 * @param idempotencyKey the key, or {@code null}
	 * @param body the request body
	 * @param contentLength the declared length, or -1
	 * @param schemaEvolution the policy of this upload, or {@code null} for the table's
	 * @return the outcome
	 */
	public AdminModel.CommitResponse uploadOnce(String database, String table, boolean overwrite,
			@Nullable String idempotencyKey, InputStream body, long contentLength,
			@Nullable SchemaEvolutionPolicy schemaEvolution) {
		String identifier = this.tables.identifier(database, table);
		ArrowBodyReader.checkDeclaredLength(identifier, contentLength, this.settings.maxRequestBytes());
		if (idempotencyKey != null) {
			AdminArguments.checkKey(identifier, "Idempotency-Key", idempotencyKey);
		}
		try (ArrowBodyReader.UploadSlot slot = this.reader.slot(identifier)) {
			return uploadOnceWithKey(identifier, overwrite, idempotencyKey, body, schemaEvolution);
		}
	}

	/**
	 * Writes and commits one Arrow IPC body like {@link #uploadOnce}, through the table's group commit
	 * when the body is small and does not overwrite: the body is read and validated as a whole first,
	 * then its rows join the table's current group, and the answer comes with the group's commit.
	 * @param database the database
	 * @param table the table
	 * @param overwrite whether to overwrite the partitions that receive data (never grouped)
	 * @param idempotencyKey the key, or {@code null}
	 * @param body the request body
	 * @param contentLength the declared length, or -1 (never grouped)
	 * @return the outcome, when the commit that contains the body is done
	 */
	public CompletableFuture<AdminModel.CommitResponse> upload(String database, String table, boolean overwrite,
			@Nullable String idempotencyKey, InputStream body, long contentLength) {
		return upload(database, table, overwrite, idempotencyKey, body, contentLength, null);
	}

	/**
	 * Like {@link #upload(String, String, boolean, String, InputStream, long)}, evolving the schema
	 * under the given policy.
	 * @param database the database
	 * @param table the table
	 * @param overwrite whether to overwrite the partitions that receive data (never grouped)
	 * @param idempotencyKey the key, or {@code null}
	 * @param body the request body
	 * @param contentLength the declared length, or -1 (never grouped)
	 * @param schemaEvolution the policy of this upload, or {@code null} for the table's
	 * @return the outcome, when the commit that contains the body is done
	 */
	public CompletableFuture<AdminModel.CommitResponse> upload(String database, String table, boolean overwrite,
			@Nullable String idempotencyKey, InputStream body, long contentLength,
			@Nullable SchemaEvolutionPolicy schemaEvolution) {
		if (overwrite || contentLength < 0 || contentLength > this.settings.maxGroupedRequestBytes()) {
			return CompletableFuture.completedFuture(
					uploadOnce(database, table, overwrite, idempotencyKey, body, contentLength, schemaEvolution));
		}
		String identifier = this.tables.identifier(database, table);
		ArrowBodyReader.checkDeclaredLength(identifier, contentLength, this.settings.maxRequestBytes());
		if (idempotencyKey != null) {
			AdminArguments.checkKey(identifier, "Idempotency-Key", idempotencyKey);
		}
		// the key is held before the body is read: a resend that arrives meanwhile waits for this request
		try (IdempotentIngest held = (idempotencyKey != null) ? hold(identifier, idempotencyKey) : null) {
			return this.grouped.submit(identifier, "grouped upload", body, (batches) -> {
				if (held == null) {
					WriteRequest request = WriteRequest.into(identifier);
					request = (schemaEvolution != null) ? request.withSchemaEvolution(schemaEvolution) : request;
					return this.writer.ingest(request, batches);
				}
				if (schemaEvolution != null) {
					// a held key ingests under the table's policy: the request's is applied first
					this.writer.schemaEvolution().evolve(identifier, batches, null, schemaEvolution);
				}
				return held.ingest(batches);
			});
		}
	}

	private IdempotentIngest hold(String identifier, String idempotencyKey) {
		try {
			return this.writer.holdIdempotencyKey(identifier, idempotencyKey);
		}
		catch (IngestBusyException ex) {
			throw AdminException.busy(identifier, ex);
		}
	}

	private AdminModel.CommitResponse uploadOnceWithKey(String identifier, boolean overwrite,
			@Nullable String idempotencyKey, InputStream body, @Nullable SchemaEvolutionPolicy schemaEvolution) {
		this.writer.tables().getTable(identifier); // a missing table is refused before the body is read
		WriteRequest request = WriteRequest.into(identifier);
		request = overwrite ? request.withOverwrite() : request;
		request = (idempotencyKey != null) ? request.withIdempotencyKey(idempotencyKey) : request;
		request = (schemaEvolution != null) ? request.withSchemaEvolution(schemaEvolution) : request;
		// the core's one path: with a key, requests with that key run one at a time on this instance and on every
		// instance sharing the claims, and a key already committed answers with its snapshot before the body is read
		ArrowBodyReader.Upload upload = this.reader.upload(identifier, "one-shot upload");
		long[] bodyRead = { 0 };
		WriteResult result;
		try {
			result = this.writer.execute(request, (session) -> this.reader.read(upload, body,
					this.settings.maxRequestBytes(), new ArrowBodyReader.BatchSink() {

						@Override
						public long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
							// the next batch is read while the lanes write this one
							return dictionaries.getDictionaryIds().isEmpty() ? session.transferAndWrite(root)
									: session.write(root, dictionaries);
						}

						@Override
						public void drain() {
							session.awaitTransferred();
						}

						@Override
						public void end() {
							bodyRead[0] = System.nanoTime();
						}

						@Override
						public void release() {
							try {
								session.awaitTransferred();
							}
							catch (RuntimeException ex) {
								// the failure that ends the read is reported; the writer is closed with the session
							}
						}

					}));
		}
		catch (RuntimeException ex) {
			if (bodyRead[0] != 0) {
				this.metrics.aborted(identifier); // the body was read: the commit failed and was aborted
			}
			throw ex;
		}
		if (bodyRead[0] != 0) {
			this.metrics.written(identifier, upload.rows(), upload.bytes());
			this.metrics.committed(identifier, Duration.ofNanos(System.nanoTime() - bodyRead[0]), result.committed());
		}
		return new AdminModel.CommitResponse(result.committed(), result.snapshotId(), result.rows());
	}

	/**
	 * Says why uploads into a table stay invisible until a compaction: a {@code bucket = -2} primary-key
	 * table that the fixed-bucket path cannot write (partition keys outside the primary key, or deletion
	 * vectors) takes the standard path, whose rows go to {@code bucket-postpone} files.
	 * @param identifier the table identifier
	 * @return the reason (for a {@code Warning} header), or {@code null} when uploaded rows are readable
	 * once committed
	 */
	public @Nullable String invisibleUntilCompaction(String identifier) {
		return this.writer.newWriteBuilder(identifier).withTableFamily().invisibleUntilCompaction();
	}

}
