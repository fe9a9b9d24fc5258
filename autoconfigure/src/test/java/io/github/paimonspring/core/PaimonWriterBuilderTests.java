package io.github.paimonspring.core;

import java.util.List;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link PaimonWriter.Builder}: settings it cannot take are refused naming them, and one builder builds writers that
 * are independent of each other (each owns its group commit service unless given one), on a real table.
 */
class PaimonWriterBuilderTests extends WarehouseTestBase {

	private static final String TABLE = "default.events";

	@Test
	void settingsItCannotTakeAreRefusedNamingThem() {
		PaimonWriter.Builder builder = PaimonWriter.builder(new PaimonTables(this.warehouse.catalog(), Map.of()));
		assertThatIllegalArgumentException().isThrownBy(() -> builder.parallelism(0))
			.withMessage("parallelism must be at least 1, got 0");
		assertThatIllegalArgumentException().isThrownBy(() -> builder.postponeDefaultBuckets(-1))
			.withMessage("postponeDefaultBuckets must not be negative, got -1");
	}

	@Test
	void oneBuilderBuildsIndependentWriters() {
		this.warehouse.create(TABLE, Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.build());
		PaimonWriter.Builder builder = PaimonWriter.builder(new PaimonTables(this.warehouse.catalog(), Map.of()))
			.spillDirectory(this.dir.resolve("spill"))
			.parallelism(1);
		try (PaimonWriter first = builder.build(); PaimonWriter second = builder.build();
				VectorSchemaRoot one = Batches.idName(this.allocator, 1, "ann");
				VectorSchemaRoot two = Batches.idName(this.allocator, 2, "bob")) {
			assertThat(first).isNotSameAs(second);
			assertThat(first.ingest(WriteRequest.into(TABLE), List.of(one)).join().committed()).isTrue();
			first.close();
			// closing one writer closes its own group commit service, not the other's
			assertThat(second.ingest(WriteRequest.into(TABLE), List.of(two)).join().committed()).isTrue();
		}
		assertThat(this.warehouse.idNames(TABLE)).containsExactlyInAnyOrder("1:ann", "2:bob");
	}

}
