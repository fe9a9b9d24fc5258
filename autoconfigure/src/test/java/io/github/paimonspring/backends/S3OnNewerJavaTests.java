package io.github.paimonspring.backends;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.s3.S3FileIO;
import io.github.paimonspring.s3.autoconfigure.PaimonS3AutoConfiguration;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.InJvmS3;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.AbstractCatalog;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.DelegateCatalog;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An {@code s3://} warehouse works on every Java the starter supports — Java 24 and later included, where paimon-s3
 * 1.4.2's Hadoop could not start (it calls {@code Subject.getSubject}): the application starts with only
 * {@code paimon.catalog.*} properties, its catalog's FileIO is paimon-spring-boot-s3's, and a batch written through
 * {@link PaimonOperations} reads back. The CI's Java 25 run runs it there.
 */
class S3OnNewerJavaTests {

	@TempDir
	Path dir;

	@Test
	void anS3WarehouseStartsWritesAndReadsOnThisJava() throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "lake")) {
			ApplicationContextRunner runner = new ApplicationContextRunner()
				.withConfiguration(
					AutoConfigurations.of(PaimonS3AutoConfiguration.class, PaimonAutoConfiguration.class))
				.withPropertyValues("paimon.catalog.warehouse=s3://lake/warehouse",
						"paimon.tables.events.identifier=shop.events", "paimon.tables.events.create-if-missing=true",
						"paimon.tables.events.schema.columns[0].name=id",
						"paimon.tables.events.schema.columns[0].type=INT NOT NULL",
						"paimon.tables.events.schema.columns[1].name=name",
						"paimon.tables.events.schema.columns[1].type=STRING");
			for (var option : s3.catalogOptions().entrySet()) {
				runner = runner
					.withPropertyValues("paimon.catalog.options." + option.getKey() + "=" + option.getValue());
			}
			runner.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(fileIO(context.getBean(Catalog.class))).isInstanceOf(S3FileIO.class);
				try (VectorSchemaRoot batch = Batches.idName(context.getBean(BufferAllocator.class), 1, "on Java "
						+ Runtime.version().feature())) {
					assertThat(context.getBean(PaimonOperations.class).write("events", batch).committed()).isTrue();
				}
				assertThat(rows(context.getBean("events", Table.class)))
					.containsExactly("1:on Java " + Runtime.version().feature());
			});
			assertThat(s3.objects("lake", "warehouse/shop.db/events")).anyMatch((key) -> key.endsWith(".parquet"))
				.anyMatch((key) -> key.contains("snapshot/snapshot-1"));
		}
	}

	static FileIO fileIO(Catalog catalog) {
		Catalog current = catalog;
		while (current instanceof DelegateCatalog delegate) {
			current = delegate.wrapped();
		}
		return ((AbstractCatalog) current).fileIO();
	}

	private static List<String> rows(Table table) throws Exception {
		ReadBuilder read = table.newReadBuilder();
		List<String> rows = new ArrayList<>();
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
			reader.forEachRemaining((row) -> rows.add(row.getInt(0) + ":" + row.getString(1)));
		}
		return rows;
	}

}
