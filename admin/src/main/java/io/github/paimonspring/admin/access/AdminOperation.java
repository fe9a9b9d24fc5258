package io.github.paimonspring.admin.access;

/**
 * The operations of the admin API, each with the scope it needs and what names its table. Operations on
 * another principal's transaction or channel need {@link AdminScope#ADMIN} instead of {@link AdminScope#INGEST};
 * an upload or a transaction with {@code overwrite} needs {@link AdminScope#ADMIN} (see {@link #OVERWRITE}).
 */
public enum AdminOperation {

	/** {@code GET /tables}: answered with the tables the principal may read. */
	LIST_TABLES("list-tables", AdminScope.READ, Target.NONE),

	/** {@code GET /tables/{database}/{table}}. */
	DESCRIBE_TABLE("describe-table", AdminScope.READ, Target.TABLE),

	/** {@code POST /tables/{database}/{table}/transactions}. */
	OPEN_TRANSACTION("open-transaction", AdminScope.INGEST, Target.TABLE),

	/** {@code POST /transactions/{id}/batches}. */
	UPLOAD_BATCHES("upload-batches", AdminScope.INGEST, Target.TRANSACTION),

	/** {@code POST /transactions/{id}/commit}. */
	COMMIT_TRANSACTION("commit-transaction", AdminScope.INGEST, Target.TRANSACTION),

	/** {@code POST /transactions/{id}/prepare}. */
	PREPARE_TRANSACTION("prepare-transaction", AdminScope.INGEST, Target.TRANSACTION),

	/** {@code POST /transactions/{id}/abort}. */
	ABORT_TRANSACTION("abort-transaction", AdminScope.INGEST, Target.TRANSACTION),

	/** {@code GET /transactions}: answered with the transactions on tables the principal may read. */
	LIST_TRANSACTIONS("list-transactions", AdminScope.READ, Target.NONE),

	/** {@code GET /transactions/{id}}. */
	SHOW_TRANSACTION("show-transaction", AdminScope.READ, Target.TRANSACTION),

	/**
	 * {@code POST /tables/{database}/{table}/commits}: prepared commits carry no owner, so committing them is
	 * an {@link AdminScope#ADMIN admin} operation (a coordinator's credential).
	 */
	COMMIT_PREPARED("commit-prepared", AdminScope.ADMIN, Target.TABLE),

	/** {@code POST /tables/{database}/{table}/truncate}. */
	TRUNCATE("truncate", AdminScope.ADMIN, Target.TABLE),

	/** {@code POST /tables/{database}/{table}/uploads} without {@code overwrite}. */
	UPLOAD("upload", AdminScope.INGEST, Target.TABLE),

	/**
	 * Creating a table (a Flight SQL bulk ingest that creates its table): a change of the catalog, so an
	 * {@link AdminScope#ADMIN admin} operation.
	 */
	CREATE_TABLE("create-table", AdminScope.ADMIN, Target.TABLE),

	/** An upload or a transaction with {@code overwrite=true}. */
	OVERWRITE("overwrite", AdminScope.ADMIN, Target.TABLE),

	/** {@code PUT /tables/{database}/{table}/channels/{channel}}. */
	OPEN_CHANNEL("open-channel", AdminScope.INGEST, Target.CHANNEL),

	/** {@code GET /tables/{database}/{table}/channels/{channel}}. */
	SHOW_CHANNEL("show-channel", AdminScope.READ, Target.TABLE),

	/** {@code POST /tables/{database}/{table}/channels/{channel}/rows}. */
	APPEND_CHANNEL("append-channel", AdminScope.INGEST, Target.CHANNEL),

	/** {@code DELETE /tables/{database}/{table}/channels/{channel}}. */
	CLOSE_CHANNEL("close-channel", AdminScope.INGEST, Target.CHANNEL),

	/** {@code GET /tables/{database}/{table}/maintenance}. */
	MAINTENANCE_STATUS("maintenance-status", AdminScope.READ, Target.TABLE),

	/** {@code POST /tables/{database}/{table}/compact}. */
	COMPACT("compact", AdminScope.MAINTAIN, Target.TABLE),

	/** {@code POST /tables/{database}/{table}/expire-snapshots}. */
	EXPIRE_SNAPSHOTS("expire-snapshots", AdminScope.MAINTAIN, Target.TABLE),

	/** {@code POST /tables/{database}/{table}/remove-orphan-files}. */
	REMOVE_ORPHAN_FILES("remove-orphan-files", AdminScope.MAINTAIN, Target.TABLE);

	private final String id;

	private final AdminScope scope;

	private final Target target;

	AdminOperation(String id, AdminScope scope, Target target) {
		this.id = id;
		this.scope = scope;
		this.target = target;
	}

	/**
	 * The operation's name in audit events, metrics and refusals.
	 * @return for example {@code truncate}
	 */
	public String id() {
		return this.id;
	}

	/**
	 * The scope the operation needs on its table.
	 * @return the scope
	 */
	public AdminScope scope() {
		return this.scope;
	}

	/**
	 * What names the operation's table.
	 * @return the target
	 */
	public Target target() {
		return this.target;
	}

	/**
	 * Whether the operation can change a table or the state of a transaction or channel (those are audited).
	 * @return {@code true} unless it only reads
	 */
	public boolean changesState() {
		return this.scope != AdminScope.READ;
	}

	/** What names an operation's table. */
	public enum Target {

		/** No table: the answer is narrowed to the tables the principal may read. */
		NONE,

		/** The {@code database} and {@code table} of the path. */
		TABLE,

		/** The table of the transaction {@code id} of the path; another principal's transaction needs admin. */
		TRANSACTION,

		/** The table of the path and its {@code channel}; another principal's channel needs admin. */
		CHANNEL

	}

}
