package io.github.paimonspring.admin;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.admin.body.ArrowBodyReader;
import io.github.paimonspring.admin.body.GroupedBodies;
import io.github.paimonspring.admin.model.AdminArguments;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.admin.transaction.AdminTransaction;
import io.github.paimonspring.admin.transaction.FamilyWritePath;
import io.github.paimonspring.admin.transaction.WritePath;
import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import io.github.paimonspring.core.IdempotentIngest;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.ingest.IngestBusyException;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.CommitUsers;
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
				if (schemaEvolution != null && !batches.isEmpty()) {
					this.writer.schemaEvolution().evolve(identifier, batches.get(0).getSchema(), null, schemaEvolution);
				}
				return (held != null) ? held.ingest(batches) : this.writer.ingest(identifier, batches, null);
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
			@Nullable String idempotencyKey,
			InputStream body, @Nullable SchemaEvolutionPolicy schemaEvolution) {
		if (idempotencyKey == null) {
			return uploadOnce(identifier, overwrite, null, CommitUsers.random(), body, schemaEvolution);
		}
		// requests with one key run one at a time, on this instance and on every instance sharing the
		// claims: a retry that arrives while the first request is still writing waits for it and then finds
		// its snapshot, instead of committing the body a second time (the key is held, not ingested)
		try (IdempotentIngest held = hold(identifier, idempotencyKey)) {
			return uploadOnce(identifier, overwrite, idempotencyKey, idempotencyUser(identifier, idempotencyKey), body,
					schemaEvolution);
		}
	}

	private AdminModel.CommitResponse uploadOnce(String identifier, boolean overwrite, @Nullable String idempotencyKey,
			String user,
			InputStream body, @Nullable SchemaEvolutionPolicy schemaEvolution) {
		this.writer.tables().getTable(identifier); // a missing table is refused before an upload slot is taken
		long identifierOfKey = 1;
		ArrowBodyReader.Upload upload = this.reader.upload(identifier, "one-shot upload");
		long started;
		CommitResult result;
		try (OneShotWritePath path = new OneShotWritePath(this.writer, () -> familyPath(identifier, user, overwrite))) {
			OptionalLong done = (idempotencyKey != null) ? path.current.committedSnapshot(identifierOfKey)
					: OptionalLong.empty();
			if (done.isPresent()) {
				return new AdminModel.CommitResponse(false, done.getAsLong(), 0);
			}
			this.reader.read(upload, body, this.settings.maxRequestBytes(), new ArrowBodyReader.BatchSink() {

				@Override
				public long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
					// the next batch is read while the lanes write this one
					return path.writer(identifier, root, dictionaries, schemaEvolution).writeAhead(root, dictionaries);
				}

				@Override
				public void drain() {
					path.drain();
				}

				@Override
				public void release() {
					path.drainQuietly();
				}

			});
			WritePath.Prepared prepared = path.prepare(identifier, schemaEvolution);
			started = System.nanoTime();
			try {
				result = prepared.commit((idempotencyKey != null) ? identifierOfKey : null, true);
				if (!result.committed()) {
					prepared.abort();
				}
			}
			catch (RuntimeException ex) {
				prepared.abort();
				this.metrics.aborted(identifier);
				throw ex;
			}
		}
		this.metrics.written(identifier, upload.rows(), upload.bytes());
		this.metrics.committed(identifier, Duration.ofNanos(System.nanoTime() - started), result.committed());
		return new AdminModel.CommitResponse(result.committed(), result.snapshotId(),
				result.committed() ? result.rows() : 0);
	}

	/** The path of the table's family, chosen as every entry point chooses it ({@code withTableFamily()}). */
	private WritePath familyPath(String table, String user, boolean overwrite) {
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table).withCommitUser(user).withTableFamily();
		return new FamilyWritePath(builder.isFixedBucket() ? AdminTransaction.POSTPONE_FIXED_BUCKET
				: AdminTransaction.STANDARD, overwrite ? builder.withOverwrite() : builder);
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

	/** The commit user of an idempotency key: a hash, so any key is a safe file name segment. */
	static String idempotencyUser(String table, String key) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256")
				.digest((table + "\n" + key).getBytes(StandardCharsets.UTF_8));
			return "upload-" + HexFormat.of().formatHex(digest, 0, 20);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
