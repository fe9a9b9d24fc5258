package io.github.paimonspring.admin.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.ClassUtils;
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
	 * Authentication of admin requests: bearer (the starter's bearer credentials: paimon.admin.token,
	 * paimon.admin.credentials or paimon.admin.credentials-file), spring-security (the application's
	 * Spring Security authenticates, the admin API authorises from its Authentication's authorities) or
	 * none (the application secures the base path itself). Defaults to spring-security when Spring
	 * Security is on the class path, else bearer.
	 */
	private @Nullable Auth auth;

	/**
	 * Bearer token every admin request must send as 'Authorization: Bearer <token>'.
	 */
	private @Nullable String token;

	/**
	 * Scoped bearer credentials by name: the SHA-256 hashes of each credential's tokens, its
	 * scopes and the table patterns they cover.
	 */
	private Map<String, Credential> credentials = new LinkedHashMap<>();

	/**
	 * File (.properties, .yml or .yaml) with more paimon.admin.credentials.<name>.* entries, which
	 * are added to the configured ones and replace those of the same name. Re-read when it
	 * changes, without a restart; a file that becomes invalid keeps the previous credentials.
	 */
	private @Nullable Path credentialsFile;

	/**
	 * Least time between two checks of the credentials file for changes (made on the request
	 * path).
	 */
	private Duration credentialsRefreshInterval = Duration.ofSeconds(1);

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

	public @Nullable Auth getAuth() {
		return this.auth;
	}

	public void setAuth(@Nullable Auth auth) {
		this.auth = auth;
	}

	/**
	 * The authentication in force: {@link #getAuth() the configured one}, or when none is configured
	 * {@link Auth#SPRING_SECURITY} if Spring Security is on the class path, else {@link Auth#BEARER}.
	 * @param classLoader the class loader to look for Spring Security with, or {@code null} for the default
	 * @return the authentication mode
	 */
	public Auth resolvedAuth(@Nullable ClassLoader classLoader) {
		return Auth.resolve(this.auth, classLoader);
	}

	public @Nullable String getToken() {
		return this.token;
	}

	public void setToken(@Nullable String token) {
		this.token = token;
	}

	public Map<String, Credential> getCredentials() {
		return this.credentials;
	}

	public void setCredentials(Map<String, Credential> credentials) {
		this.credentials = credentials;
	}

	public @Nullable Path getCredentialsFile() {
		return this.credentialsFile;
	}

	public void setCredentialsFile(@Nullable Path credentialsFile) {
		this.credentialsFile = credentialsFile;
	}

	public Duration getCredentialsRefreshInterval() {
		return this.credentialsRefreshInterval;
	}

	public void setCredentialsRefreshInterval(Duration credentialsRefreshInterval) {
		this.credentialsRefreshInterval = credentialsRefreshInterval;
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
	 * One scoped bearer credential ({@code paimon.admin.credentials.<name>}).
	 */
	public static class Credential {

		/**
		 * SHA-256 hashes of the credential's tokens, each 'sha256:<64 lowercase hex digits>' of
		 * the UTF-8 token; several during a rotation.
		 */
		private List<String> tokenHashes = new ArrayList<>();

		/**
		 * Scopes of the credential: read, ingest, maintain, admin.
		 */
		private List<String> scopes = new ArrayList<>();

		/**
		 * Table patterns the scopes cover: *, <database>.* or <database>.<table>. Required.
		 */
		private List<String> tables = new ArrayList<>();

		public List<String> getTokenHashes() {
			return this.tokenHashes;
		}

		public void setTokenHashes(List<String> tokenHashes) {
			this.tokenHashes = tokenHashes;
		}

		public List<String> getScopes() {
			return this.scopes;
		}

		public void setScopes(List<String> scopes) {
			this.scopes = scopes;
		}

		public List<String> getTables() {
			return this.tables;
		}

		public void setTables(List<String> tables) {
			this.tables = tables;
		}

	}

	/**
	 * How admin requests are authenticated.
	 */
	public enum Auth {

		/**
		 * Every request needs {@code Authorization: Bearer <token>} with {@code paimon.admin.token} or a credential's
		 * token.
		 */
		BEARER,
		/**
		 * The application's Spring Security authenticates; the admin API takes the principal and its grants from
		 * the {@code Authentication}'s authorities ({@code PAIMON_<SCOPE>[:<tables>]},
		 * {@code SCOPE_paimon:<scope>[:<tables>]}).
		 */
		SPRING_SECURITY,
		/** No authentication by the starter; the application secures the base path. */
		NONE;

		/** The class whose presence means Spring Security is on the class path. */
		static final String SPRING_SECURITY_CLASS = "org.springframework.security.core.context.SecurityContextHolder";

		/**
		 * The authentication in force for a configured one.
		 * @param configured the configured mode, or {@code null} if {@code paimon.admin.auth} is not set
		 * @param classLoader the class loader to look for Spring Security with, or {@code null} for the default
		 * @return {@code configured}, or when it is {@code null} {@link #SPRING_SECURITY} if Spring Security is on
		 * the class path, else {@link #BEARER}
		 */
		public static Auth resolve(@Nullable Auth configured, @Nullable ClassLoader classLoader) {
			if (configured != null) {
				return configured;
			}
			return ClassUtils.isPresent(SPRING_SECURITY_CLASS, classLoader) ? SPRING_SECURITY : BEARER;
		}

	}

}
