package io.github.paimonspring.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Configuration properties for Apache Paimon: the catalog, the tables an application writes, and
 * writer settings.
 */
@ConfigurationProperties("paimon")
public class PaimonProperties {

	private final Catalog catalog = new Catalog();

	/**
	 * Tables to expose as beans, by bean name.
	 */
	private Map<String, Table> tables = new LinkedHashMap<>();

	private final Write write = new Write();

	private final Admin admin = new Admin();

	/**
	 * Returns the admin REST API settings.
	 * @return the admin settings
	 */
	public Admin getAdmin() {
		return this.admin;
	}

	/**
	 * Returns the catalog settings.
	 * @return the catalog settings
	 */
	public Catalog getCatalog() {
		return this.catalog;
	}

	/**
	 * Returns the configured tables.
	 * @return the tables by bean name
	 */
	public Map<String, Table> getTables() {
		return this.tables;
	}

	/**
	 * Sets the configured tables.
	 * @param tables the tables by bean name
	 */
	public void setTables(Map<String, Table> tables) {
		this.tables = tables;
	}

	/**
	 * Returns the writer settings.
	 * @return the writer settings
	 */
	public Write getWrite() {
		return this.write;
	}

	/**
	 * Catalog settings, turned into Paimon catalog options.
	 */
	public static class Catalog {

		/**
		 * Warehouse root path or URI, such as /data/warehouse, file:///data/warehouse or
		 * s3://bucket/warehouse. Defaults to an embedded local directory under the system temporary
		 * directory.
		 */
		private String warehouse;

		/**
		 * Metastore type: filesystem, jdbc, hive or rest.
		 */
		private String metastore = "filesystem";

		/**
		 * Further catalog options passed to Paimon verbatim, such as uri, jdbc.user, s3.endpoint or
		 * lock.enabled.
		 */
		private Map<String, String> options = new LinkedHashMap<>();

		/**
		 * Returns the warehouse.
		 * @return the warehouse path or URI, or {@code null} for the embedded default
		 */
		public String getWarehouse() {
			return this.warehouse;
		}

		/**
		 * Sets the warehouse.
		 * @param warehouse the warehouse path or URI
		 */
		public void setWarehouse(String warehouse) {
			this.warehouse = warehouse;
		}

		/**
		 * Returns the metastore type.
		 * @return the metastore type
		 */
		public String getMetastore() {
			return this.metastore;
		}

		/**
		 * Sets the metastore type.
		 * @param metastore the metastore type
		 */
		public void setMetastore(String metastore) {
			this.metastore = metastore;
		}

		/**
		 * Returns the extra catalog options.
		 * @return the options
		 */
		public Map<String, String> getOptions() {
			return this.options;
		}

		/**
		 * Sets the extra catalog options.
		 * @param options the options
		 */
		public void setOptions(Map<String, String> options) {
			this.options = options;
		}

	}

	/**
	 * One table, exposed as a bean of type {@code org.apache.paimon.table.Table}.
	 */
	public static class Table {

		/**
		 * Table identifier as database.table.
		 */
		private String identifier;

		/**
		 * Whether to create the table (and its database) from the schema when it does not exist.
		 */
		private boolean createIfMissing;

		private final Schema schema = new Schema();

		/**
		 * Returns the identifier.
		 * @return the identifier, {@code database.table}
		 */
		public String getIdentifier() {
			return this.identifier;
		}

		/**
		 * Sets the identifier.
		 * @param identifier the identifier, {@code database.table}
		 */
		public void setIdentifier(String identifier) {
			this.identifier = identifier;
		}

		/**
		 * Returns whether the table is created when missing.
		 * @return whether to create it
		 */
		public boolean isCreateIfMissing() {
			return this.createIfMissing;
		}

		/**
		 * Sets whether the table is created when missing.
		 * @param createIfMissing whether to create it
		 */
		public void setCreateIfMissing(boolean createIfMissing) {
			this.createIfMissing = createIfMissing;
		}

		/**
		 * Returns the declared schema.
		 * @return the schema
		 */
		public Schema getSchema() {
			return this.schema;
		}

	}

	/**
	 * A declared table schema. When columns are declared, an existing table must match them.
	 */
	public static class Schema {

		/**
		 * Columns in order, each with a name and a Paimon type string such as INT NOT NULL,
		 * DECIMAL(10, 2), TIMESTAMP(6), TIMESTAMP_LTZ(3), ARRAY&lt;STRING&gt; or ROW&lt;a INT, b
		 * STRING&gt;.
		 */
		private List<Column> columns = new ArrayList<>();

		/**
		 * Primary key columns; empty for an append table.
		 */
		private List<String> primaryKey = new ArrayList<>();

		/**
		 * Partition columns.
		 */
		private List<String> partitionKeys = new ArrayList<>();

		/**
		 * Table options, such as bucket, bucket-key or file.format.
		 */
		private Map<String, String> options = new LinkedHashMap<>();

		/**
		 * Table comment.
		 */
		private String comment;

		/**
		 * Returns the columns.
		 * @return the columns
		 */
		public List<Column> getColumns() {
			return this.columns;
		}

		/**
		 * Sets the columns.
		 * @param columns the columns
		 */
		public void setColumns(List<Column> columns) {
			this.columns = columns;
		}

		/**
		 * Returns the primary key.
		 * @return the primary key columns
		 */
		public List<String> getPrimaryKey() {
			return this.primaryKey;
		}

		/**
		 * Sets the primary key.
		 * @param primaryKey the primary key columns
		 */
		public void setPrimaryKey(List<String> primaryKey) {
			this.primaryKey = primaryKey;
		}

		/**
		 * Returns the partition keys.
		 * @return the partition columns
		 */
		public List<String> getPartitionKeys() {
			return this.partitionKeys;
		}

		/**
		 * Sets the partition keys.
		 * @param partitionKeys the partition columns
		 */
		public void setPartitionKeys(List<String> partitionKeys) {
			this.partitionKeys = partitionKeys;
		}

		/**
		 * Returns the table options.
		 * @return the options
		 */
		public Map<String, String> getOptions() {
			return this.options;
		}

		/**
		 * Sets the table options.
		 * @param options the options
		 */
		public void setOptions(Map<String, String> options) {
			this.options = options;
		}

		/**
		 * Returns the table comment.
		 * @return the comment
		 */
		public String getComment() {
			return this.comment;
		}

		/**
		 * Sets the table comment.
		 * @param comment the comment
		 */
		public void setComment(String comment) {
			this.comment = comment;
		}

	}

	/**
	 * One declared column.
	 */
	public static class Column {

		/**
		 * Column name.
		 */
		private String name;

		/**
		 * Paimon type string, such as BIGINT NOT NULL or DECIMAL(10, 2).
		 */
		private String type;

		/**
		 * Column comment.
		 */
		private String comment;

		/**
		 * Returns the name.
		 * @return the column name
		 */
		public String getName() {
			return this.name;
		}

		/**
		 * Sets the name.
		 * @param name the column name
		 */
		public void setName(String name) {
			this.name = name;
		}

		/**
		 * Returns the type string.
		 * @return the Paimon type string
		 */
		public String getType() {
			return this.type;
		}

		/**
		 * Sets the type string.
		 * @param type the Paimon type string
		 */
		public void setType(String type) {
			this.type = type;
		}

		/**
		 * Returns the comment.
		 * @return the column comment
		 */
		public String getComment() {
			return this.comment;
		}

		/**
		 * Sets the comment.
		 * @param comment the column comment
		 */
		public void setComment(String comment) {
			this.comment = comment;
		}

	}

	/**
	 * Writer settings.
	 */
	public static class Write {

		/**
		 * Directory where writers spill sort buffers of primary-key tables. Defaults to the system
		 * temporary directory.
		 */
		private Path spillDirectory;

		/**
		 * How many Paimon writers one TableWrite may run in parallel for large batches into
		 * fixed-bucket and bucket-unaware append tables; 1 disables parallel writing. Defaults to
		 * the number of processors, at most 4.
		 */
		private Integer parallelism;

		/**
		 * Bucket count of new partitions when postpone (bucket=-2) tables are written into fixed
		 * buckets with an automatic plan. Defaults to each table's postpone.default-bucket-num.
		 */
		private Integer postponeDefaultBuckets;

		/**
		 * Returns the default bucket count of new postpone partitions.
		 * @return the count, or {@code null} for the table option
		 */
		public Integer getPostponeDefaultBuckets() {
			return this.postponeDefaultBuckets;
		}

		/**
		 * Sets the default bucket count of new postpone partitions.
		 * @param postponeDefaultBuckets the count
		 */
		public void setPostponeDefaultBuckets(Integer postponeDefaultBuckets) {
			this.postponeDefaultBuckets = postponeDefaultBuckets;
		}

		/**
		 * Returns the parallelism.
		 * @return the parallelism, or {@code null} for the default
		 */
		public Integer getParallelism() {
			return this.parallelism;
		}

		/**
		 * Sets the parallelism.
		 * @param parallelism the parallelism
		 */
		public void setParallelism(Integer parallelism) {
			this.parallelism = parallelism;
		}

		/**
		 * Returns the spill directory.
		 * @return the directory, or {@code null} for the default
		 */
		public Path getSpillDirectory() {
			return this.spillDirectory;
		}

		/**
		 * Sets the spill directory.
		 * @param spillDirectory the directory
		 */
		public void setSpillDirectory(Path spillDirectory) {
			this.spillDirectory = spillDirectory;
		}

	}

	/**
	 * Admin REST API settings: Arrow IPC uploads with staged transactions.
	 */
	public static class Admin {

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
		private String token;

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
		private DataSize maxBatchMemory;

		/**
		 * Maximum Arrow memory of all uploads together; a batch that does not fit now is refused
		 * with 503 and Retry-After. Defaults to 1/4 of the maximum heap (at least
		 * max-batch-memory).
		 */
		private DataSize maxUploadMemory;

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
		 * Returns the enabled setting.
		 * @return the value
		 */
		public boolean isEnabled() {
			return this.enabled;
		}

		/**
		 * Sets the enabled setting.
		 * @param enabled the value
		 */
		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		/**
		 * Returns the base path setting.
		 * @return the value
		 */
		public String getBasePath() {
			return this.basePath;
		}

		/**
		 * Sets the base path setting.
		 * @param basePath the value
		 */
		public void setBasePath(String basePath) {
			this.basePath = basePath;
		}

		/**
		 * Returns the auth setting.
		 * @return the value
		 */
		public Auth getAuth() {
			return this.auth;
		}

		/**
		 * Sets the auth setting.
		 * @param auth the value
		 */
		public void setAuth(Auth auth) {
			this.auth = auth;
		}

		/**
		 * Returns the token setting.
		 * @return the value
		 */
		public String getToken() {
			return this.token;
		}

		/**
		 * Sets the token setting.
		 * @param token the value
		 */
		public void setToken(String token) {
			this.token = token;
		}

		/**
		 * Returns the max request size setting.
		 * @return the value
		 */
		public DataSize getMaxRequestSize() {
			return this.maxRequestSize;
		}

		/**
		 * Sets the max request size setting.
		 * @param maxRequestSize the value
		 */
		public void setMaxRequestSize(DataSize maxRequestSize) {
			this.maxRequestSize = maxRequestSize;
		}

		/**
		 * Returns the max transaction size setting.
		 * @return the value
		 */
		public DataSize getMaxTransactionSize() {
			return this.maxTransactionSize;
		}

		/**
		 * Sets the max transaction size setting.
		 * @param maxTransactionSize the value
		 */
		public void setMaxTransactionSize(DataSize maxTransactionSize) {
			this.maxTransactionSize = maxTransactionSize;
		}

		/**
		 * Returns the max metadata size setting.
		 * @return the value
		 */
		public DataSize getMaxMetadataSize() {
			return this.maxMetadataSize;
		}

		/**
		 * Sets the max metadata size setting.
		 * @param maxMetadataSize the value
		 */
		public void setMaxMetadataSize(DataSize maxMetadataSize) {
			this.maxMetadataSize = maxMetadataSize;
		}

		/**
		 * Returns the max batch memory setting.
		 * @return the value, or {@code null} for the heap-derived default
		 */
		public DataSize getMaxBatchMemory() {
			return this.maxBatchMemory;
		}

		/**
		 * Sets the max batch memory setting.
		 * @param maxBatchMemory the value
		 */
		public void setMaxBatchMemory(DataSize maxBatchMemory) {
			this.maxBatchMemory = maxBatchMemory;
		}

		/**
		 * Returns the max JSON size setting.
		 * @return the value
		 */
		public DataSize getMaxJsonSize() {
			return this.maxJsonSize;
		}

		/**
		 * Sets the max JSON size setting.
		 * @param maxJsonSize the value
		 */
		public void setMaxJsonSize(DataSize maxJsonSize) {
			this.maxJsonSize = maxJsonSize;
		}

		/**
		 * Returns the max upload memory setting.
		 * @return the value, or {@code null} for the heap-derived default
		 */
		public DataSize getMaxUploadMemory() {
			return this.maxUploadMemory;
		}

		/**
		 * Sets the max upload memory setting.
		 * @param maxUploadMemory the value
		 */
		public void setMaxUploadMemory(DataSize maxUploadMemory) {
			this.maxUploadMemory = maxUploadMemory;
		}

		/**
		 * Returns the max concurrent uploads setting.
		 * @return the value
		 */
		public int getMaxConcurrentUploads() {
			return this.maxConcurrentUploads;
		}

		/**
		 * Sets the max concurrent uploads setting.
		 * @param maxConcurrentUploads the value
		 */
		public void setMaxConcurrentUploads(int maxConcurrentUploads) {
			this.maxConcurrentUploads = maxConcurrentUploads;
		}

		/**
		 * Returns the max schema depth setting.
		 * @return the value
		 */
		public int getMaxSchemaDepth() {
			return this.maxSchemaDepth;
		}

		/**
		 * Sets the max schema depth setting.
		 * @param maxSchemaDepth the value
		 */
		public void setMaxSchemaDepth(int maxSchemaDepth) {
			this.maxSchemaDepth = maxSchemaDepth;
		}

		/**
		 * Returns the max schema fields setting.
		 * @return the value
		 */
		public int getMaxSchemaFields() {
			return this.maxSchemaFields;
		}

		/**
		 * Sets the max schema fields setting.
		 * @param maxSchemaFields the value
		 */
		public void setMaxSchemaFields(int maxSchemaFields) {
			this.maxSchemaFields = maxSchemaFields;
		}

		/**
		 * Returns the max ended transactions setting.
		 * @return the value
		 */
		public int getMaxEndedTransactions() {
			return this.maxEndedTransactions;
		}

		/**
		 * Sets the max ended transactions setting.
		 * @param maxEndedTransactions the value
		 */
		public void setMaxEndedTransactions(int maxEndedTransactions) {
			this.maxEndedTransactions = maxEndedTransactions;
		}

		/**
		 * Returns the max open transactions setting.
		 * @return the value
		 */
		public int getMaxOpenTransactions() {
			return this.maxOpenTransactions;
		}

		/**
		 * Sets the max open transactions setting.
		 * @param maxOpenTransactions the value
		 */
		public void setMaxOpenTransactions(int maxOpenTransactions) {
			this.maxOpenTransactions = maxOpenTransactions;
		}

		/**
		 * Returns the idle timeout setting.
		 * @return the value
		 */
		public Duration getIdleTimeout() {
			return this.idleTimeout;
		}

		/**
		 * Sets the idle timeout setting.
		 * @param idleTimeout the value
		 */
		public void setIdleTimeout(Duration idleTimeout) {
			this.idleTimeout = idleTimeout;
		}

		/**
		 * Returns the max lifetime setting.
		 * @return the value
		 */
		public Duration getMaxLifetime() {
			return this.maxLifetime;
		}

		/**
		 * Sets the max lifetime setting.
		 * @param maxLifetime the value
		 */
		public void setMaxLifetime(Duration maxLifetime) {
			this.maxLifetime = maxLifetime;
		}

		/**
		 * Returns the progress interval setting.
		 * @return the value
		 */
		public Duration getProgressInterval() {
			return this.progressInterval;
		}

		/**
		 * Sets the progress interval setting.
		 * @param progressInterval the value
		 */
		public void setProgressInterval(Duration progressInterval) {
			this.progressInterval = progressInterval;
		}

		/**
		 * How admin requests are authenticated.
		 */
		public enum Auth {

			/** Every request needs 'Authorization: Bearer <paimon.admin.token>'. */
			BEARER,
			/** No authentication by the starter; the application secures the base path. */
			NONE

		}

	}

}
