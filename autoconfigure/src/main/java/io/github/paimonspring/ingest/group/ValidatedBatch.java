package io.github.paimonspring.ingest.group;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;

/**
 * A request's batch as the ingest service accepted it: the Arrow data and the column vectors its one
 * validation ({@code ArrowBatchConverter.convert} against the group's row type) made over that data, which
 * the group's writer writes without converting the batch again.
 *
 * @param root the batch; its owner keeps it unchanged until it is written
 * @param columns the column vectors over the batch's buffers, of the group's row type
 */
public record ValidatedBatch(VectorSchemaRoot root, VectorizedColumnBatch columns) {
}
