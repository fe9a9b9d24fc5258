package io.github.paimonspring.admin.autoconfigure;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Configuration properties of the admin REST API: Arrow IPC uploads with staged transactions.
 */
@ConfigurationProperties("paimon.admin")
public class PaimonAdminProperties {

	/**
	 * Whether to enable the admin REST API.
	 */
	private boolean enabled;

	/**
	 * Base path of the admin REST API.
	 */
	private String basePath = "/paimon";

	/**
	 * Authentication of admin requests: bearer (requires paimon.admin.token) or none (when the
	 * application secures the base path itself, for example with Spring Security).
	 */
	private Auth auth = Auth.BEARER;

	/**
	 * Bearer token every admin request must send as 'Authorization: Bearer <token>'.
	 */
	private @Nullable String token;

	/**
	 * Maximum size of one request body.
	 */
	private DataSize maxRequestSize = DataSize.ofGigabytes(8);

	/**
	 * Maximum total size of the bodies uploaded into one transaction.
	 */
	private DataSize maxTransactionSize = DataSize.ofGigabytes(64);

	/**
	 * Maximum length of one Arrow IPC metadata message (schema or batch header); checked before
	 * Arrow allocates it.
	 */
	private DataSize maxMetadataSize = DataSize.ofMegabytes(1);

	/**
	 * Maximum size of a JSON request body of the admin API (transaction options, commit
	 * arguments, prepared commits), which is read into memory whole; 413 above.
	 */
	private DataSize maxJsonSize = DataSize.ofMegabytes(16);

	/**
	 * Maximum Arrow (off-heap) memory one upload may use: the largest batch plus its
	 * dictionaries. A batch that needs more is refused with 413 before it is read. Defaults to
	 * 1/16 of the maximum heap (at least 8 MB), because each batch is also partly copied to the
	 * heap while it is written.
	 */
	private @Nullable DataSize maxBatchMemory;

	/**
	 * Maximum Arrow memory of all uploads together; a batch that does not fit now is refused
	 * with 503 and Retry-After. Defaults to 1/4 of the maximum heap (at least
	 * max-batch-memory).
	 */
	private @Nullable DataSize maxUploadMemory;

	/**
	 * Maximum number of request bodies read at the same time (uploads into transactions and
	 * one-shot uploads); more are refused with 503 and Retry-After.
	 */
	private int maxConcurrentUploads = 8;

	/**
	 * Maximum nesting depth of an uploaded Arrow schema; deeper schemas are refused with 400.
	 */
	private int maxSchemaDepth = 64;

	/**
	 * Maximum number of fields of an uploaded Arrow schema, nested fields included; wider
	 * schemas are refused with 400.
	 */
	private int maxSchemaFields = 10_000;

	/**
	 * Maximum number of open transactions; more are refused with 429.
	 */
	private int maxOpenTransactions = 16;

	/**
	 * Maximum number of ended (committed, aborted, expired) transactions kept for inspection;
	 * the oldest are forgotten first.
	 */
	private int maxEndedTransactions = 1000;

	/**
	 * Idle time after which an open transaction is aborted and its files deleted.
	 */
	private Duration idleTimeout = Duration.ofMinutes(10);

	/**
	 * Maximum lifetime of a transaction; older open transactions are aborted.
	 */
	private Duration maxLifetime = Duration.ofHours(1);

	/**
	 * How often long uploads log their progress (rows, MB, rate).
	 */
	private Duration progressInterval = Duration.ofSeconds(10);

	/**
	 * Whether one-shot uploads may choose their schema evolution policy with the schemaEvolution query
	 * parameter (none, add-columns, add-columns-and-widen) instead of the table's. When false, a request
	 * with the parameter is refused with 400.
	 */
	private boolean allowSchemaEvolution;

	public boolean isAllowSchemaEvolution() {
		return this.allowSchemaEvolution;
	}

	public void setAllowSchemaEvolution(boolean allowSchemaEvolution) {
		this.allowSchemaEvolution = allowSchemaEvolution;
	}

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getBasePath() {
		return this.basePath;
	}

	public void setBasePath(String basePath) {
		this.basePath = basePath;
	}

	public Auth getAuth() {
		return this.auth;
	}

	public void setAuth(Auth auth) {
		this.auth = auth;
	}

	public @Nullable String getToken() {
		return this.token;
	}

	public void setToken(@Nullable String token) {
		this.token = token;
	}

	public DataSize getMaxRequestSize() {
		return this.maxRequestSize;
	}

	public void setMaxRequestSize(DataSize maxRequestSize) {
		this.maxRequestSize = maxRequestSize;
	}

	public DataSize getMaxTransactionSize() {
		return this.maxTransactionSize;
	}

	public void setMaxTransactionSize(DataSize maxTransactionSize) {
		this.maxTransactionSize = maxTransactionSize;
	}

	public DataSize getMaxMetadataSize() {
		return this.maxMetadataSize;
	}

	public void setMaxMetadataSize(DataSize maxMetadataSize) {
		this.maxMetadataSize = maxMetadataSize;
	}

	public DataSize getMaxJsonSize() {
		return this.maxJsonSize;
	}

	public void setMaxJsonSize(DataSize maxJsonSize) {
		this.maxJsonSize = maxJsonSize;
	}

	public @Nullable DataSize getMaxBatchMemory() {
		return this.maxBatchMemory;
	}

	public void setMaxBatchMemory(@Nullable DataSize maxBatchMemory) {
		this.maxBatchMemory = maxBatchMemory;
	}

	public @Nullable DataSize getMaxUploadMemory() {
		return this.maxUploadMemory;
	}

	public void setMaxUploadMemory(@Nullable DataSize maxUploadMemory) {
		this.maxUploadMemory = maxUploadMemory;
	}

	public int getMaxConcurrentUploads() {
		return this.maxConcurrentUploads;
	}

	public void setMaxConcurrentUploads(int maxConcurrentUploads) {
		this.maxConcurrentUploads = maxConcurrentUploads;
	}

	public int getMaxSchemaDepth() {
		return this.maxSchemaDepth;
	}

	public void setMaxSchemaDepth(int maxSchemaDepth) {
		this.maxSchemaDepth = maxSchemaDepth;
	}

	public int getMaxSchemaFields() {
		return this.maxSchemaFields;
	}

	public void setMaxSchemaFields(int maxSchemaFields) {
		this.maxSchemaFields = maxSchemaFields;
	}

	public int getMaxOpenTransactions() {
		return this.maxOpenTransactions;
	}

	public void setMaxOpenTransactions(int maxOpenTransactions) {
		this.maxOpenTransactions = maxOpenTransactions;
	}

	public int getMaxEndedTransactions() {
		return this.maxEndedTransactions;
	}

	public void setMaxEndedTransactions(int maxEndedTransactions) {
		this.maxEndedTransactions = maxEndedTransactions;
	}

	public Duration getIdleTimeout() {
		return this.idleTimeout;
	}

	public void setIdleTimeout(Duration idleTimeout) {
		this.idleTimeout = idleTimeout;
	}

	public Duration getMaxLifetime() {
		return this.maxLifetime;
	}

	public void setMaxLifetime(Duration maxLifetime) {
		this.maxLifetime = maxLifetime;
	}

	public Duration getProgressInterval() {
		return this.progressInterval;
	}

	public void setProgressInterval(Duration progressInterval) {
		this.progressInterval = progressInterval;
	}

	/**
	 * How admin requests are authenticated.
	 */
	public enum Auth {

		/** Every request needs {@code Authorization: Bearer <paimon.admin.token>}. */
		BEARER,
		/** No authentication by the starter; the application secures the base path. */
		NONE

	}

}
