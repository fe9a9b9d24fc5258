package io.github.paimonspring.autoconfigure;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

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

	public Catalog getCatalog() {
		return this.catalog;
	}

	public Map<String, Table> getTables() {
		return this.tables;
	}

	public void setTables(Map<String, Table> tables) {
		this.tables = tables;
	}

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
		private @Nullable String warehouse;

		/**
		 * Metastore type: filesystem, jdbc, hive or rest.
		 */
		private String metastore = "filesystem";

		/**
		 * Further catalog options passed to Paimon verbatim, such as uri, jdbc.user, s3.endpoint or
		 * lock.enabled.
		 */
		private Map<String, String> options = new LinkedHashMap<>();

		public @Nullable String getWarehouse() {
			return this.warehouse;
		}

		public void setWarehouse(@Nullable String warehouse) {
			this.warehouse = warehouse;
		}

		public String getMetastore() {
			return this.metastore;
		}

		public void setMetastore(String metastore) {
			this.metastore = metastore;
		}

		public Map<String, String> getOptions() {
			return this.options;
		}

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
		private @Nullable String identifier;

		/**
		 * Whether to create the table (and its database) from the schema when it does not exist.
		 */
		private boolean createIfMissing;

		/**
		 * What writes may change in this table's schema when a batch has new or wider columns:
		 * none, add-columns or add-columns-and-widen. Defaults to paimon.write.schema-evolution.
		 */
		private @Nullable SchemaEvolutionPolicy schemaEvolution;

		private final Schema schema = new Schema();

		/**
		 * Name of the Arrow column that gives each row's kind (+I, -U, +U, -D or 0 to 3) in batches
		 * written to this table; not stored. Default: paimon.write.row-kind-column.
		 */
		private @Nullable String rowKindColumn;

		public @Nullable String getRowKindColumn() {
			return this.rowKindColumn;
		}

		public void setRowKindColumn(@Nullable String rowKindColumn) {
			this.rowKindColumn = rowKindColumn;
		}

		public @Nullable SchemaEvolutionPolicy getSchemaEvolution() {
			return this.schemaEvolution;
		}

		public void setSchemaEvolution(@Nullable SchemaEvolutionPolicy schemaEvolution) {
			this.schemaEvolution = schemaEvolution;
		}

		public @Nullable String getIdentifier() {
			return this.identifier;
		}

		public void setIdentifier(@Nullable String identifier) {
			this.identifier = identifier;
		}

		public boolean isCreateIfMissing() {
			return this.createIfMissing;
		}

		public void setCreateIfMissing(boolean createIfMissing) {
			this.createIfMissing = createIfMissing;
		}

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
		private @Nullable String comment;

		public List<Column> getColumns() {
			return this.columns;
		}

		public void setColumns(List<Column> columns) {
			this.columns = columns;
		}

		public List<String> getPrimaryKey() {
			return this.primaryKey;
		}

		public void setPrimaryKey(List<String> primaryKey) {
			this.primaryKey = primaryKey;
		}

		public List<String> getPartitionKeys() {
			return this.partitionKeys;
		}

		public void setPartitionKeys(List<String> partitionKeys) {
			this.partitionKeys = partitionKeys;
		}

		public Map<String, String> getOptions() {
			return this.options;
		}

		public void setOptions(Map<String, String> options) {
			this.options = options;
		}

		public @Nullable String getComment() {
			return this.comment;
		}

		public void setComment(@Nullable String comment) {
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
		private @Nullable String name;

		/**
		 * Paimon type string, such as BIGINT NOT NULL or DECIMAL(10, 2).
		 */
		private @Nullable String type;

		/**
		 * Column comment.
		 */
		private @Nullable String comment;

		public @Nullable String getName() {
			return this.name;
		}

		public void setName(@Nullable String name) {
			this.name = name;
		}

		public @Nullable String getType() {
			return this.type;
		}

		public void setType(@Nullable String type) {
			this.type = type;
		}

		public @Nullable String getComment() {
			return this.comment;
		}

		public void setComment(@Nullable String comment) {
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
		private @Nullable Path spillDirectory;

		/**
		 * How many Paimon writers one TableWrite may run in parallel for large batches into
		 * fixed-bucket and bucket-unaware append tables; 1 disables parallel writing. Defaults to
		 * the number of processors, at most 4.
		 */
		private @Nullable Integer parallelism;

		/**
		 * Whether tables that qualify are written column by column straight from the Arrow batches, with
		 * the files, statistics and metadata Paimon's writer would produce: bucket-unaware append tables
		 * and fixed-bucket primary-key tables with flat columns without default values, all of whose
		 * options are on the allow-list the parity tests prove (any other option sends a table to Paimon's
		 * writer); false writes every table row by row through Paimon's writer.
		 */
		private boolean columnar = true;

		public boolean isColumnar() {
			return this.columnar;
		}

		public void setColumnar(boolean columnar) {
			this.columnar = columnar;
		}

		/**
		 * Bucket count of new partitions when postpone (bucket=-2) tables are written into fixed
		 * buckets with an automatic plan, or their postpone buckets are compacted by the maintenance.
		 * Defaults to each table's postpone.default-bucket-num.
		 */
		private @Nullable Integer postponeDefaultBuckets;

		/**
		 * Whether the PaimonWriter template records its writes and commits as 'paimon.writer'
		 * observations when an ObservationRegistry bean exists.
		 */
		private boolean observationEnabled = true;

		/**
		 * Name of the Arrow column that gives each row's kind (+I, -U, +U, -D as Utf8, or 0 to 3 as
		 * Int8) in batches written to primary-key tables; not stored. A table can name its own with
		 * paimon.tables.<name>.row-kind-column.
		 */
		private String rowKindColumn = "_row_kind";

		public String getRowKindColumn() {
			return this.rowKindColumn;
		}

		public void setRowKindColumn(String rowKindColumn) {
			this.rowKindColumn = rowKindColumn;
		}

		/**
		 * What writes may change in a table's schema when a batch has columns the table does not have
		 * (add-columns: added, nullable, at the end) or wider than the table's (add-columns-and-widen:
		 * INT to BIGINT, FLOAT to DOUBLE, DECIMAL precision up with the same scale). With none, such a
		 * batch is refused. Columns are never dropped, renamed or narrowed.
		 */
		private SchemaEvolutionPolicy schemaEvolution = SchemaEvolutionPolicy.NONE;

		public SchemaEvolutionPolicy getSchemaEvolution() {
			return this.schemaEvolution;
		}

		public void setSchemaEvolution(SchemaEvolutionPolicy schemaEvolution) {
			this.schemaEvolution = schemaEvolution;
		}

		public boolean isObservationEnabled() {
			return this.observationEnabled;
		}

		public void setObservationEnabled(boolean observationEnabled) {
			this.observationEnabled = observationEnabled;
		}

		public @Nullable Integer getPostponeDefaultBuckets() {
			return this.postponeDefaultBuckets;
		}

		public void setPostponeDefaultBuckets(@Nullable Integer postponeDefaultBuckets) {
			this.postponeDefaultBuckets = postponeDefaultBuckets;
		}

		public @Nullable Integer getParallelism() {
			return this.parallelism;
		}

		public void setParallelism(@Nullable Integer parallelism) {
			this.parallelism = parallelism;
		}

		public @Nullable Path getSpillDirectory() {
			return this.spillDirectory;
		}

		public void setSpillDirectory(@Nullable Path spillDirectory) {
			this.spillDirectory = spillDirectory;
		}

	}

}
