package io.github.paimonspring.postpone;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.arrow.ArrowTypes;
import io.github.paimonspring.write.BucketPlan;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.serializer.InternalRowSerializer;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.PostponeUtils;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowType;
import org.apache.paimon.utils.InternalRowPartitionComputer;

/**
 * Turns bucket plans (Arrow, Java or automatic) into {@link ResolvedBucketPlan}s keyed by the same
 * serialized partitions that Paimon computes from data rows.
 */
final class BucketPlans {

	static final String TOTAL_BUCKETS = "total_buckets";

	private BucketPlans() {
	}

	/**
	 * Parses an Arrow plan: the partition columns in partition-key order, then {@code total_buckets}
	 * Int32.
	 */
	static ResolvedBucketPlan fromArrow(String table, FileStoreTable fileStoreTable, VectorSchemaRoot plan) {
		if (plan == null) {
			throw new BucketPlanException(table, "bucket plan must not be nil");
		}
		RowType partitionType = fileStoreTable.schema().logicalPartitionType();
		int partitions = partitionType.getFieldCount();
		List<Field> fields = plan.getSchema().getFields();
		if (fields.size() != partitions + 1) {
			throw new BucketPlanException(table, "Postpone bucket plan expected " + partitions
					+ " partition column(s) plus 'total_buckets', got " + fields.size() + " columns");
		}
		for (int i = 0; i < partitions; i++) {
			DataField expected = partitionType.getFields().get(i);
			Field actual = fields.get(i);
			Field canonical = ArrowTypes.toArrowField(expected.name(), expected.type());
			if (!actual.getName().equals(expected.name()) || !actual.getType().equals(canonical.getType())) {
				throw new BucketPlanException(table,
						"Postpone bucket plan partition fields do not match the table schema"
						+ " (expected '" + expected.name() + "': " + ArrowTypes.describe(canonical.getType())
								+ ", got '"
						+ actual.getName() + "': " + ArrowTypes.describe(actual.getType()) + ")");
			}
		}
		Field last = fields.get(partitions);
		if (!last.getName().equals(TOTAL_BUCKETS) || !last.getType().equals(new ArrowType.Int(32, true))) {
			throw new BucketPlanException(table,
					"Postpone bucket plan final field must be 'total_buckets': Int32, got '"
					+ last.getName() + "': " + ArrowTypes.describe(last.getType()));
		}
		FieldVector bucketVector = plan.getVector(partitions);
		if (!(bucketVector instanceof IntVector counts)) {
			throw new BucketPlanException(table, "Postpone bucket plan total_buckets column is not Int32");
		}
		int rows = plan.getRowCount();
		for (int i = 0; i < partitions; i++) {
			DataField field = partitionType.getFields().get(i);
			if (!field.type().isNullable() && plan.getVector(i).getNullCount() > 0) {
				throw new BucketPlanException(table, "Postpone bucket plan partition column '" + field.name()
						+ "' is NOT NULL but contains null values");
			}
		}
		List<BinaryRow> keys = partitionKeys(table, partitionType, plan, rows);
		Map<BinaryRow, Integer> result = new HashMap<>();
		for (int r = 0; r < rows; r++) {
			if (counts.isNull(r)) {
				throw new BucketPlanException(table, "Postpone bucket plan total_buckets is null at row " + r);
			}
			int value = counts.get(r);
			if (value <= 0) {
				throw new BucketPlanException(table,
						"Postpone bucket plan total_buckets must be positive at row " + r + ", got " + value);
			}
			put(table, result, keys.get(r), value);
		}
		return ResolvedBucketPlan.explicit(result);
	}

	private static List<BinaryRow> partitionKeys(String table, RowType partitionType, VectorSchemaRoot plan, int rows) {
		List<BinaryRow> keys = new ArrayList<>(rows);
		if (partitionType.getFieldCount() == 0) {
			for (int r = 0; r < rows; r++) {
				keys.add(BinaryRow.EMPTY_ROW);
			}
			return keys;
		}
		List<FieldVector> vectors = new ArrayList<>();
		List<Field> fields = new ArrayList<>();
		for (int i = 0; i < partitionType.getFieldCount(); i++) {
			vectors.add(plan.getVector(i));
			fields.add(plan.getVector(i).getField());
		}
		VectorSchemaRoot view = new VectorSchemaRoot(fields, vectors, rows);
		ArrowBatchConverter converter = new ArrowBatchConverter(table, partitionType);
		ColumnarRow row = new ColumnarRow(converter.convert(view, null));
		InternalRowSerializer serializer = new InternalRowSerializer(partitionType);
		for (int r = 0; r < rows; r++) {
			row.setRowId(r);
			keys.add(serializer.toBinaryRow(row).copy());
		}
		return keys;
	}

	/** Resolves a plan given as partition specs with string values. */
	static ResolvedBucketPlan fromJava(String table, FileStoreTable fileStoreTable, BucketPlan plan) {
		if (plan == null) {
			throw new BucketPlanException(table, "bucket plan must not be nil");
		}
		RowType partitionType = fileStoreTable.schema().logicalPartitionType();
		List<String> partitionKeys = fileStoreTable.partitionKeys();
		String defaultName = fileStoreTable.coreOptions().partitionDefaultName();
		InternalRowSerializer serializer = new InternalRowSerializer(partitionType);
		Map<BinaryRow, Integer> result = new HashMap<>();
		int row = 0;
		for (Map.Entry<Map<String, String>, Integer> entry : plan.totalBuckets().entrySet()) {
			Map<String, String> spec = entry.getKey();
			if (!spec.keySet().equals(new HashSet<>(partitionKeys))) {
				throw new BucketPlanException(table, "Postpone bucket plan partition " + spec
						+ " must name exactly the partition keys " + partitionKeys + " of table '" + table + "'");
			}
			Integer value = entry.getValue();
			if (value == null) {
				throw new BucketPlanException(table, "Postpone bucket plan total_buckets is null at row " + row);
			}
			if (value <= 0) {
				throw new BucketPlanException(table,
						"Postpone bucket plan total_buckets must be positive at row " + row + ", got " + value);
			}
			BinaryRow key;
			if (partitionKeys.isEmpty()) {
				key = BinaryRow.EMPTY_ROW;
			}
			else {
				try {
					GenericRow values = InternalRowPartitionComputer.convertSpecToInternalRow(spec, partitionType,
							defaultName);
					key = serializer.toBinaryRow(values).copy();
				}
				catch (RuntimeException ex) {
					throw new BucketPlanException(table,
							"Postpone bucket plan partition " + spec
									+ " has a value of the wrong type: " + ex.getMessage());
				}
			}
			put(table, result, key, value);
			row++;
		}
		return ResolvedBucketPlan.explicit(result);
	}

	/** The table's existing real-bucket layout, with a default for new partitions. */
	static ResolvedBucketPlan automatic(String table, FileStoreTable fileStoreTable, int defaultBuckets) {
		try {
			return ResolvedBucketPlan.automatic(PostponeUtils.getKnownNumBuckets(fileStoreTable), defaultBuckets);
		}
		catch (IllegalStateException ex) {
			throw new BucketPlanException(table, "Fixed-bucket conflict: table '" + table
					+ "' has a partition with inconsistent bucket counts (" + ex.getMessage()
					+ "); overwrite the partition to fix it");
		}
	}

	private static void put(String table, Map<BinaryRow, Integer> plan, BinaryRow key, int value) {
		Integer previous = plan.putIfAbsent(key, value);
		if (previous != null && previous != value) {
			throw new BucketPlanException(table, "Postpone bucket plan contains conflicting total bucket counts "
					+ previous + " and " + value + " for one partition");
		}
	}

}
