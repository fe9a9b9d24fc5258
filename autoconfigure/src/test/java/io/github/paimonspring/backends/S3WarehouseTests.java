package io.github.paimonspring.backends;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.s3.S3Clients;
import io.github.paimonspring.s3.S3FileIO;
import io.github.paimonspring.s3.S3FileIOLoader;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.InJvmS3;
import io.github.paimonspring.write.ArrowCommitMessages;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link PaimonWriter} on an {@code s3://} warehouse through paimon-spring-boot-s3's FileIO (the catalog context's
 * preferred loader), against S3Proxy in this JVM: write, commit, read back with Paimon's reader, and abort. Runs on
 * every Java the starter supports (17 to 25).
 */
class S3WarehouseTests {


	@TempDir
	Path dir;

	@Test
	void writeCommitReadAndAbortOnS3() throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "lake"); S3Clients clients = new S3Clients();
				BufferAllocator allocator = new RootAllocator()) {
			Options options = new Options();
			options.set("warehouse", "s3://lake/wh");
			s3.catalogOptions().forEach(options::set);
			try (Catalog catalog = CatalogFactory
				.createCatalog(CatalogContext.create(options, new S3FileIOLoader("s3", clients), null))) {
				assertThat(S3OnNewerJavaTests.fileIO(catalog)).isInstanceOf(S3FileIO.class);
				catalog.createDatabase("db", true);
				catalog.createTable(Identifier.create("db", "t"), Schema.newBuilder()
					.column("id", DataTypes.INT())
					.column("name", DataTypes.STRING())
					.primaryKey("id")
					.option("bucket", "2")
					.build(), false);
				PaimonWriter writer = PaimonWriter.builder(new PaimonTables(catalog, Map.of()))
					.spillDirectory(this.dir.resolve("spill"))
					.build();
				try (VectorSchemaRoot batch = Batches.idName(allocator, 1, "alice", 2, "bob", 3, "carol")) {
					assertThat(writer.write("db.t", batch).committed()).isTrue();
				}
				assertThat(read(catalog)).containsExactly("1:alice", "2:bob", "3:carol");
				List<String> committed = s3.objects("lake", "wh/db.db/t");
				assertThat(committed).anyMatch((key) -> key.contains("bucket-") && key.endsWith(".parquet"))
					.anyMatch((key) -> key.contains("snapshot/snapshot-1"));

				// a prepared but aborted write leaves no object behind and no snapshot
				ArrowWriteBuilder builder = writer.newWriteBuilder("db.t");
				try (ArrowTableWrite write = builder.newWrite(); ArrowTableCommit commit = builder.newCommit();
						VectorSchemaRoot batch = Batches.idName(allocator, 4, "dave")) {
					write.write(batch);
					ArrowCommitMessages messages = write.prepareCommit();
					assertThat(s3.objects("lake", "wh/db.db/t")).hasSizeGreaterThan(committed.size());
					assertThat(commit.abort(messages)).isPositive();
				}
				assertThat(s3.objects("lake", "wh/db.db/t")).isEqualTo(committed);
				assertThat(read(catalog)).containsExactly("1:alice", "2:bob", "3:carol");
			}
		}
	}

	private static List<String> read(Catalog catalog) throws Exception {
		Table table = catalog.getTable(Identifier.create("db", "t"));
		ReadBuilder read = table.newReadBuilder();
		List<String> rows = new ArrayList<>();
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
			reader.forEachRemaining((row) -> rows.add(row.getInt(0) + ":" + row.getString(1)));
		}
		return rows.stream().sorted().toList();
	}

}
