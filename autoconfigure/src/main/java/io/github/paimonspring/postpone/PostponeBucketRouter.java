package io.github.paimonspring.postpone;

import io.github.paimonspring.write.lane.BucketRouter;
import org.apache.paimon.CoreOptions;
import org.apache.paimon.bucket.BucketFunction;
import org.apache.paimon.codegen.CodeGenUtils;
import org.apache.paimon.codegen.Projection;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.schema.TableSchema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.RowPartitionKeyExtractor;
import org.apache.paimon.utils.InternalRowPartitionComputer;

/**
 * Routes a row of a postpone table to a real bucket: the partition's bucket count comes from the
 * plan, the bucket from Paimon's own {@link BucketFunction} (per {@code bucket-function.type}) over the
 * bucket key ({@code bucket-key}, or the primary key without the partition keys), exactly as Paimon's
 * fixed-bucket writers, Flink and Spark compute it. Not thread-safe: one router per lane.
 */
final class PostponeBucketRouter implements BucketRouter {

	private final String table;

	private final ResolvedBucketPlan plan;

	private final RowPartitionKeyExtractor partitions;

	private final Projection bucketKey;

	private final BucketFunction function;

	private final InternalRowPartitionComputer partitionNames;

	PostponeBucketRouter(String table, FileStoreTable fileStoreTable, ResolvedBucketPlan plan) {
		this.table = table;
		this.plan = plan;
		TableSchema schema = fileStoreTable.schema();
		this.partitions = new RowPartitionKeyExtractor(schema);
		this.bucketKey = CodeGenUtils.newProjection(schema.logicalRowType(), schema.projection(schema.bucketKeys()));
		this.function = BucketFunction.create(new CoreOptions(fileStoreTable.options()), schema.logicalBucketKeyType());
		this.partitionNames = new InternalRowPartitionComputer(fileStoreTable.coreOptions().partitionDefaultName(),
				schema.logicalPartitionType(), schema.partitionKeys().toArray(new String[0]), false);
	}

	@Override
	public int bucket(InternalRow row) {
		BinaryRow partition = this.partitions.partition(row);
		Integer totalBuckets = this.plan.totalBuckets(partition);
		if (totalBuckets == null) {
			throw new BucketPlanException(this.table, "Postpone bucket plan does not contain an input partition "
					+ this.partitionNames.generatePartValues(partition) + " of table '" + this.table + "'");
		}
		return this.function.bucket(this.bucketKey.apply(row), totalBuckets);
	}

}
