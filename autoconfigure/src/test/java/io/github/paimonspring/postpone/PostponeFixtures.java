package io.github.paimonspring.postpone;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.types.DataTypes;

/**
 * Postpone tables shaped like the upstream fixtures and Arrow bucket plans like the Go tests'
 * {@code makePartitionedBucketPlan}.
 */
final class PostponeFixtures {

	private PostponeFixtures() {
	}

	/** {@code postpone_fixed_bucket_pk_table}: (id INT, name STRING, dt STRING), PK (id, dt), by dt, bucket -2. */
	static String partitionedPostponeTable(TestWarehouse warehouse, String name) {
		warehouse.create(name, org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.column("dt", DataTypes.STRING())
			.primaryKey("id", "dt")
			.partitionKeys("dt")
			.option("bucket", "-2")
			.build());
		return name;
	}

	/** (id INT, name STRING), PK id, bucket -2. */
	static String postponeTable(TestWarehouse warehouse, String name) {
		warehouse.create(name, org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.primaryKey("id")
			.option("bucket", "-2")
			.build());
		return name;
	}

	/** A plan with {@code dt} Utf8 (nullable) and {@code total_buckets} Int32 (non-null). */
	static VectorSchemaRoot plan(BufferAllocator allocator, int totalBuckets, String... partitions) {
		Integer[] counts = new Integer[partitions.length];
		Arrays.fill(counts, totalBuckets);
		return plan(allocator, partitions, counts);
	}

	static VectorSchemaRoot plan(BufferAllocator allocator, String[] partitions, Integer[] counts) {
		VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(List.of(
				new Field("dt", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
				new Field("total_buckets", FieldType.notNullable(new ArrowType.Int(32, true)), null))), allocator);
		root.allocateNew();
		VarCharVector dt = (VarCharVector) root.getVector(0);
		IntVector total = (IntVector) root.getVector(1);
		for (int i = 0; i < partitions.length; i++) {
			dt.setSafe(i, partitions[i].getBytes(StandardCharsets.UTF_8));
			if (counts[i] == null) {
				total.setNull(i);
			}
			else {
				total.setSafe(i, counts[i]);
			}
		}
		root.setRowCount(partitions.length);
		return root;
	}

}
