package io.github.paimonspring.admin.web;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.github.paimonspring.admin.AdminTables;
import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.OneShotUploads;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.access.AdminOperation;
import io.github.paimonspring.admin.model.AdminModel;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The admin REST API: Arrow IPC uploads into staged transactions, commit, abort, truncate and table
 * metadata, under {@code paimon.admin.base-path}. Arrow bodies are streamed, never buffered.
 */
@RestController
@RequestMapping(path = "${paimon.admin.base-path:/paimon}", produces = "application/json")
@Tag(name = "Paimon admin", description = "Upload Arrow IPC streams into Paimon tables and commit them")
@SecurityRequirement(name = PaimonAdminController.SECURITY_SCHEME)
@ApiResponse(responseCode = "401", description = "Missing or invalid bearer token", content = @Content(
		mediaType = "application/problem+json", schema = @Schema(implementation = ProblemDetail.class)))
@ApiResponse(responseCode = "403", description = "The credential lacks the operation's scope on the table (the "
		+ "problem names both); nothing was changed", content = @Content(mediaType = "application/problem+json",
				schema = @Schema(implementation = ProblemDetail.class)))
public class PaimonAdminController {

	/** The media type of Arrow IPC stream bodies. */
	public static final String ARROW_STREAM = "application/vnd.apache.arrow.stream";

	/** The name of the OpenAPI security scheme (HTTP bearer). */
	public static final String SECURITY_SCHEME = "paimon-bearer";

	private static final String PROBLEM = "application/problem+json";

	private final AdminTables tables;

	private final AdminTransactions transactions;

	private final OneShotUploads uploads;

	/**
	 * Creates the controller.
	 * @param tables table metadata and truncation
	 * @param transactions staged transactions
	 * @param uploads one-shot uploads
	 */
	public PaimonAdminController(AdminTables tables, AdminTransactions transactions, OneShotUploads uploads) {
		this.tables = tables;
		this.transactions = transactions;
		this.uploads = uploads;
	}

	/**
	 * Lists the catalog's tables.
	 * @return the tables
	 */
	@GetMapping("/tables")
	@AdminAccess(AdminOperation.LIST_TABLES)
	@Operation(summary = "List tables", operationId = "listTables")
	@ApiResponse(responseCode = "200", description = "The tables of every database")
	public List<AdminModel.TableSummary> tables() {
		return this.tables.tables();
	}

	/**
	 * Describes a table.
	 * @param database the database
	 * @param table the table
	 * @return fields with Paimon and Arrow types, keys, options and the latest snapshot
	 */
	@GetMapping("/tables/{database}/{table}")
	@AdminAccess(AdminOperation.DESCRIBE_TABLE)
	@Operation(summary = "Describe a table (Paimon and Arrow types)", operationId = "describeTable")
	@ApiResponse(responseCode = "200", description = "The table")
	@ApiResponse(responseCode = "400", description = "Invalid database or table name",
			content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "404", description = "Unknown table", content = @Content(mediaType = PROBLEM))
	public AdminModel.TableDetails table(@PathVariable String database, @PathVariable String table) {
		return this.tables.table(database, table);
	}

	/**
	 * Opens a transaction.
	 * @param database the database
	 * @param table the table
	 * @param request mode, commit user, overwrite and bucket plan
	 * @return 201 with the transaction and its {@code Location}
	 */
	@PostMapping("/tables/{database}/{table}/transactions")
	@AdminAccess(AdminOperation.OPEN_TRANSACTION)
	@Operation(summary = "Open a transaction", operationId = "openTransaction")
	@ApiResponse(responseCode = "201", description = "The transaction (OPEN)")
	@ApiResponse(responseCode = "400", description = "Malformed JSON or invalid arguments",
			content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "404", description = "Unknown table", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "415", description = "Not application/json", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "422", description = "Bad bucket plan or unsupported table",
			content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "429", description = "Too many open transactions",
			content = @Content(mediaType = PROBLEM))
	public ResponseEntity<AdminModel.TransactionView> open(@PathVariable String database, @PathVariable String table,
			@RequestBody(required = false) AdminModel.@Nullable TransactionRequest request,
					HttpServletRequest servlet) {
		AdminRequestAccess access = AdminRequestAccess.of(servlet);
		if (access != null && request != null && Boolean.TRUE.equals(request.overwrite())) {
			access.require(AdminOperation.OVERWRITE, database + "." + table);
		}
		AdminModel.TransactionView view = this.transactions.create(database, table, request,
				(access != null) ? access.owner() : null);
		String base = servlet.getRequestURI().substring(0, servlet.getRequestURI().indexOf("/tables/"));
		return ResponseEntity.created(URI.create(base + "/transactions/" + view.id())).body(view);
	}

	/**
	 * Uploads an Arrow IPC stream into a transaction.
	 * @param id the transaction id
	 * @param request the servlet request whose body is streamed
	 * @return rows, bytes and batches read
	 * @throws IOException if the body cannot be read
	 */
	@PostMapping("/transactions/{id}/batches")
	@AdminAccess(AdminOperation.UPLOAD_BATCHES)
	@Operation(summary = "Upload an Arrow IPC stream into a transaction", operationId = "uploadBatches",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
					description = "An Arrow IPC stream (schema, then record batches)",
					content = @Content(mediaType = ARROW_STREAM, schema = @Schema(type = "string", format = "binary"))))
	@ApiResponse(responseCode = "200", description = "Rows, bytes and batches read")
	@ApiResponse(responseCode = "400", description = "Malformed Arrow stream", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "404", description = "Unknown transaction", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "409", description = "Transaction not open, or busy",
			content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "413", description = "Body over a size limit", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "415", description = "Not " + ARROW_STREAM, content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "422", description =
			"Schema mismatch, null in NOT NULL, partition not in the bucket plan",
			content = @Content(mediaType = PROBLEM))
	public AdminModel.UploadResult upload(@PathVariable String id, HttpServletRequest request) throws IOException {
		requireArrow(request);
		return this.transactions.upload(id, ServletBody.of(request), request.getContentLengthLong());
	}

	/**
	 * Commits a transaction.
	 * @param id the transaction id
	 * @param request identifier and filtering (optional)
	 * @return whether a snapshot was created, its id and the rows
	 */
	@PostMapping(path = "/transactions/{id}/commit")
	@AdminAccess(AdminOperation.COMMIT_TRANSACTION)
	@Operation(summary = "Commit a transaction (repeating returns the same result)", operationId = "commitTransaction")
	@ApiResponse(responseCode = "200", description = "The commit outcome")
	@ApiResponse(responseCode = "400", description = "Malformed JSON or invalid identifier",
			content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "404", description = "Unknown transaction", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "409", description = "Commit conflict or wrong transaction state",
			content = @Content(mediaType = PROBLEM))
	public AdminModel.CommitResponse commit(@PathVariable String id,
			@RequestBody(required = false) AdminModel.@Nullable CommitRequest request) {
		return this.transactions.commit(id, request);
	}

	/**
	 * Prepares a transaction for a coordinator.
	 * @param id the transaction id
	 * @return the serialized commit messages, base64
	 */
	@PostMapping("/transactions/{id}/prepare")
	@AdminAccess(AdminOperation.PREPARE_TRANSACTION)
	@Operation(summary = "Prepare a transaction for a commit by a coordinator (repeatable)",
			operationId = "prepareTransaction")
	@ApiResponse(responseCode = "200", description = "The prepared commit (base64)")
	@ApiResponse(responseCode = "404", description = "Unknown transaction", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "409", description = "Wrong transaction state, or busy",
			content = @Content(mediaType = PROBLEM))
	public AdminModel.PrepareResponse prepare(@PathVariable String id) {
		return this.transactions.prepare(id);
	}

	/**
	 * Commits prepared commits of several transactions, possibly of other instances, as one commit.
	 * @param database the database
	 * @param table the table
	 * @param request the prepared commits, identifier and commit user
	 * @return whether a snapshot was created, its id and the rows
	 */
	@PostMapping("/tables/{database}/{table}/commits")
	@AdminAccess(AdminOperation.COMMIT_PREPARED)
	@Operation(summary = "Commit prepared commits of several transactions as one commit (idempotent)",
			operationId = "commitPrepared")
	@ApiResponse(responseCode = "200", description = "The commit outcome; committed=false when already committed")
	@ApiResponse(responseCode = "400", description = "Malformed JSON or prepared commits",
			content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "404", description = "Unknown table", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "409",
			description =
					"Commit conflict (also a fixed-bucket conflict: another commit wrote the same partition and "
							+ "bucket, "
					+ "or a stale bucket plan), or partly committed",
			content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "503", description =
			"Commit not possible now (catalog, storage or commit lock unavailable); "
			+ "repeat with the same identifier after Retry-After", content = @Content(mediaType = PROBLEM))
	public AdminModel.CommitResponse commitPrepared(@PathVariable String database, @PathVariable String table,
			@RequestBody AdminModel.PreparedCommitsRequest request) {
		return this.transactions.commitPrepared(database, table, request);
	}

	/**
	 * Aborts a transaction.
	 * @param id the transaction id
	 * @return {@code {"aborted": true}}
	 */
	@PostMapping("/transactions/{id}/abort")
	@AdminAccess(AdminOperation.ABORT_TRANSACTION)
	@Operation(summary = "Abort a transaction and delete its files (repeatable)", operationId = "abortTransaction")
	@ApiResponse(responseCode = "200", description = "Aborted")
	@ApiResponse(responseCode = "404", description = "Unknown transaction", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "409", description = "Already committed, or busy",
			content = @Content(mediaType = PROBLEM))
	public AdminModel.AbortResponse abort(@PathVariable String id) {
		return this.transactions.abort(id);
	}

	/**
	 * Lists transactions.
	 * @return the transactions
	 */
	@GetMapping("/transactions")
	@AdminAccess(AdminOperation.LIST_TRANSACTIONS)
	@Operation(summary = "List transactions", operationId = "listTransactions")
	@ApiResponse(responseCode = "200", description = "The transactions, newest first")
	public List<AdminModel.TransactionView> transactions() {
		return this.transactions.list();
	}

	/**
	 * Returns one transaction.
	 * @param id the transaction id
	 * @return its state, rows, bytes and age
	 */
	@GetMapping("/transactions/{id}")
	@AdminAccess(AdminOperation.SHOW_TRANSACTION)
	@Operation(summary = "Get a transaction", operationId = "getTransaction")
	@ApiResponse(responseCode = "200", description = "The transaction")
	@ApiResponse(responseCode = "404", description = "Unknown transaction", content = @Content(mediaType = PROBLEM))
	public AdminModel.TransactionView transaction(@PathVariable String id) {
		return this.transactions.get(id);
	}

	/**
	 * Truncates a table or partitions.
	 * @param database the database
	 * @param table the table
	 * @param request identifier, commit user and partitions (optional)
	 * @return the snapshot created
	 */
	@PostMapping("/tables/{database}/{table}/truncate")
	@AdminAccess(AdminOperation.TRUNCATE)
	@Operation(summary = "Truncate a table or some partitions", operationId = "truncateTable")
	@ApiResponse(responseCode = "200", description = "The truncate outcome")
	@ApiResponse(responseCode = "400", description = "Malformed JSON or invalid arguments",
			content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "404", description = "Unknown table", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "409", description = "Commit conflict", content = @Content(mediaType = PROBLEM))
	public AdminModel.TruncateResponse truncate(@PathVariable String database, @PathVariable String table,
			@RequestBody(required = false) AdminModel.@Nullable TruncateRequest request) {
		return this.tables.truncate(database, table, request);
	}

	/**
	 * Writes and commits an Arrow IPC stream in one request.
	 * @param database the database
	 * @param table the table
	 * @param overwrite whether to overwrite the partitions that receive data
	 * @param idempotencyKey commits the body once; repeats return the first snapshot
	 * @param request the servlet request whose body is streamed
	 * @return whether a snapshot was created, its id and the rows
	 * @throws IOException if the body cannot be read
	 */
	@PostMapping("/tables/{database}/{table}/uploads")
	@AdminAccess(AdminOperation.UPLOAD)
	@Operation(summary = "Write and commit an Arrow IPC stream in one request", operationId = "upload",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
					description = "An Arrow IPC stream (schema, then record batches)",
					content = @Content(mediaType = ARROW_STREAM, schema = @Schema(type = "string", format = "binary"))))
	@ApiResponse(responseCode = "200", description =
			"The commit outcome; committed=false for a repeated Idempotency-Key. "
			+ "A Warning header (299) says when the rows stay invisible until a postpone compaction (a bucket=-2 table "
			+ "the fixed-bucket path cannot write)")
	@ApiResponse(responseCode = "400",
			description = "Malformed Arrow stream, or a schemaEvolution parameter the server does not allow",
			content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "404", description = "Unknown table", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "409", description = "Commit conflict", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "413", description = "Body over a size limit", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "415", description = "Not " + ARROW_STREAM, content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "422",
			description = "Schema mismatch, null in NOT NULL, or a schema change the evolution policy does not allow",
			content = @Content(mediaType = PROBLEM))
	public CompletableFuture<AdminModel.CommitResponse> uploadOnce(@PathVariable String database,
			@PathVariable String table,
			@RequestParam(defaultValue = "false") boolean overwrite,
			@Parameter(description = "Commit this body at most once") @RequestHeader(name = "Idempotency-Key",
					required = false) @Nullable String idempotencyKey,
			@Parameter(description = "Schema evolution policy of this upload instead of the table's: none, add-columns "
					+ "(new columns are added, nullable, at the end) or add-columns-and-widen (also INT to BIGINT, "
					+ "FLOAT to DOUBLE, DECIMAL precision up with the same scale). Refused with 400 unless "
					+ "paimon.admin.allow-schema-evolution=true",
					schema = @Schema(allowableValues = { "none", "add-columns", "add-columns-and-widen" }))
			@RequestParam(name = "schemaEvolution", required = false) @Nullable String schemaEvolution,
			HttpServletRequest request, HttpServletResponse response) throws IOException {
		requireArrow(request);
		String identifier = this.tables.identifier(database, table);
		String invisible = this.uploads.invisibleUntilCompaction(identifier);
		if (invisible != null) {
			response.setHeader("Warning", "299 paimon \"" + invisible + "\"");
		}
		return this.uploads.upload(database, table, overwrite, idempotencyKey, ServletBody.of(request),
				request.getContentLengthLong(), this.uploads.schemaEvolution(identifier, schemaEvolution));
	}

	static void requireArrow(HttpServletRequest request) {
		String type = request.getContentType();
		boolean arrow;
		try {
			arrow = type != null && MediaType.parseMediaType(type).isCompatibleWith(MediaType
					.parseMediaType(ARROW_STREAM));
		}
		catch (InvalidMediaTypeException ex) {
			arrow = false;
		}
		if (!arrow) {
			throw new AdminException(AdminException.Kind.UNSUPPORTED_MEDIA_TYPE, "Unsupported media type", null,
					"Content-Type must be " + ARROW_STREAM + " (an Arrow IPC stream), got " + type);
		}
	}

}
