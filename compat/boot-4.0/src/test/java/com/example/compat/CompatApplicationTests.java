package com.example.compat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteResult;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter on Spring Boot 4.0: the application starts on a temporary warehouse with every auto-configuration
 * the starter and actuator bring, writes rows through {@link PaimonOperations} and reads them back with Paimon's
 * own reader.
 */
@SpringBootTest
class CompatApplicationTests {

	private static final Schema SCHEMA = new Schema(
			List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
					new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));

	@TempDir
	static Path warehouse;

	@DynamicPropertySource
	static void warehouse(DynamicPropertyRegistry registry) {
		registry.add("paimon.catalog.warehouse", () -> warehouse.toString());
	}

	@Autowired
	PaimonOperations paimon;

	@Autowired
	BufferAllocator allocator;

	@Autowired
	@Qualifier("events")
	Table events;

	@Autowired
	@Qualifier("paimonHealthIndicator")
	HealthIndicator health;

	@Test
	void runsOnSpringBoot40() {
		assertThat(SpringBootVersion.getVersion()).startsWith("4.0.");
	}

	@Test
	void rowsWrittenThroughPaimonOperationsAreReadBackWithPaimonsReader() throws IOException {
		WriteResult result;
		try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, this.allocator)) {
			root.allocateNew();
			BigIntVector id = (BigIntVector) root.getVector("id");
			VarCharVector name = (VarCharVector) root.getVector("name");
			id.setSafe(0, 1);
			name.setSafe(0, "one".getBytes(StandardCharsets.UTF_8));
			id.setSafe(1, 2);
			name.setNull(1);
			root.setRowCount(2);
			result = this.paimon.write("events", root);
		}
		assertThat(result.committed()).isTrue();
		assertThat(result.rows()).isEqualTo(2);
		assertThat(rows()).containsExactlyInAnyOrder("1 one", "2 null");
		assertThat(warehouse.resolve("compat.db").resolve("events")).isDirectory();
	}

	@Test
	void thePaimonHealthIndicatorIsUp() {
		assertThat(this.health.health().getStatus()).isEqualTo(Status.UP);
	}

	private List<String> rows() throws IOException {
		ReadBuilder read = this.events.newReadBuilder();
		List<String> rows = new ArrayList<>();
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
			reader.forEachRemaining((row) -> rows.add(row.getLong(0) + " " + (row.isNullAt(1) ? "null" : row.getString(1))));
		}
		return rows;
	}

}
