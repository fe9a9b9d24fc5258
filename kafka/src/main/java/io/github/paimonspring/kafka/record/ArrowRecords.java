package io.github.paimonspring.kafka.record;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.arrow.ArrowTypes;
import io.github.paimonspring.arrow.ipc.ArrowIpcLimitException;
import io.github.paimonspring.arrow.ipc.ArrowIpcLimits;
import io.github.paimonspring.arrow.ipc.ArrowIpcReader;
import io.github.paimonspring.arrow.ipc.ArrowMemoryBudget;
import io.github.paimonspring.kafka.BadRecordException;
import io.github.paimonspring.kafka.BadRecordException.Reason;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowKind;
import org.jspecify.annotations.Nullable;

/**
 * Reads records whose value is an Arrow IPC stream ({@code format: arrow}) through the core's Arrow input
 * gate ({@link ArrowIpcReader}, with the default {@link ArrowIpcLimits}: framing, metadata and schema
 * limits, and each batch's declared memory checked before Arrow allocates it, in an allocator of the
 * record's own that may hold {@value #MEMORY_PER_BYTE} times the value's size plus
 * {@value #MEMORY_SLACK} bytes, so a few bytes that declare billions of rows are refused), checks their
 * batches against the table like any Arrow batch, and adds the metadata columns to every row.
 */
final class ArrowRecords {

	/** Arrow memory per byte of the value a record may take (a batch whose nodes omit validity buffers). */
	static final long MEMORY_PER_BYTE = 4;

	/** Arrow memory a record may take besides (rounding, small buffers of many columns). */
	static final long MEMORY_SLACK = 1024 * 1024;

	private ArrowRecords() {
	}

	/**
	 * Reads the batches of an Arrow record, checked against the table (evolved first when the policy adds
	 * columns), with the metadata columns added.
	 * @param converter the pipeline's converter (the table's shape)
	 * @param record the record
	 * @param value its value
	 * @param allocator the allocator of the batches
	 * @return the batches, owned by the caller
	 * @throws BadRecordException when the value is not an Arrow stream or does not fit the table
	 */
	static List<VectorSchemaRoot> read(RecordConverter converter, ConsumerRecord<byte[], byte[]> record, byte[] value,
			BufferAllocator allocator) {
		List<VectorSchemaRoot> batches = new ArrayList<>();
		long memory = MEMORY_PER_BYTE * value.length + MEMORY_SLACK;
		try (BufferAllocator own = allocator.newChildAllocator("kafka-record", 0, memory);
				ArrowIpcReader reader = new ArrowIpcReader(new ByteArrayInputStream(value), ArrowIpcLimits.DEFAULTS,
						value.length, own, ArrowMemoryBudget.within(own), converter.shape().identifier())) {
			Schema schema = reader.getVectorSchemaRoot().getSchema();
			for (Field field : schema.getFields()) {
				if (field.getDictionary() != null) {
					throw JsonValues.mismatch(field.getName(), null, "is dictionary-encoded; send its values instead");
				}
			}
			TableShape current = converter.shape();
			if (schema.getFields().stream().anyMatch((field) -> current.index(field.getName()) < 0
					&& !field.getName().equals(current.rowKindColumn()))) {
				converter.evolve(schema);
			}
			ArrowBatchConverter checks = new ArrowBatchConverter(converter.shape().identifier(),
					converter.shape().rowType(),
					converter.shape().rowKindColumn());
			while (reader.loadNextBatch()) {
				VectorSchemaRoot loaded = reader.getVectorSchemaRoot();
				VectorSchemaRoot copy = withMetadata(converter, copy(loaded, allocator), record, allocator);
				batches.add(copy);
				checks.convert(copy, null);
				byte[] kinds = checks.rowKinds(copy);
				if (kinds != null && converter.shape().primaryKeys().isEmpty()) {
					for (byte kind : kinds) {
						if (kind != RowKind.INSERT.toByteValue()) {
							throw JsonValues.mismatch(converter.shape().rowKindColumn(), null, "is "
									+ RowKind.fromByteValue(kind).shortString()
											+ ", but table '" + converter.shape().identifier()
									+ "' has no primary key: it takes inserts (+I) only");
						}
					}
				}
			}
			return batches;
		}
		catch (BadRecordException ex) {
			batches.forEach(VectorSchemaRoot::close);
			throw ex;
		}
		catch (ArrowDataException ex) {
			batches.forEach(VectorSchemaRoot::close);
			throw new BadRecordException(Reason.MISMATCH, ex.getMessage(), ex);
		}
		catch (IOException | RuntimeException ex) {
			batches.forEach(VectorSchemaRoot::close);
			throw new BadRecordException(Reason.MALFORMED, "The value is not an Arrow IPC stream: " + reason(ex), ex);
		}
	}

	/** The gate's refusal when it caused the failure (Arrow may wrap it), or the failure's own message. */
	private static String reason(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof ArrowIpcLimitException limit) {
				return limit.getMessage() + " (a record's Arrow memory may be " + MEMORY_PER_BYTE
						+ " times its size plus " + MEMORY_SLACK + " bytes: its lengths do not match what it holds)";
			}
			if (cause instanceof IOException io && cause.getClass().getPackageName().equals(
					ArrowIpcReader.class.getPackageName())) {
				return String.valueOf(io.getMessage());
			}
		}
		return String.valueOf(ex.getMessage());
	}

	private static VectorSchemaRoot copy(VectorSchemaRoot loaded, BufferAllocator allocator) {
		List<FieldVector> vectors = new ArrayList<>();
		for (FieldVector vector : loaded.getFieldVectors()) {
			var transfer = vector.getTransferPair(allocator);
			transfer.transfer();
			vectors.add((FieldVector) transfer.getTo());
		}
		return new VectorSchemaRoot(loaded.getSchema().getFields(), vectors, loaded.getRowCount());
	}

	/** The batch with the metadata columns set to the record's metadata in every row. */
	private static VectorSchemaRoot withMetadata(RecordConverter converter, VectorSchemaRoot batch,
			ConsumerRecord<byte[], byte[]> record, BufferAllocator allocator) {
		TableShape shape = converter.shape();
		RecordMetadata metadata = converter.metadata();
		int[] indexes = metadata.indexes();
		if (indexes.length == 0) {
			return batch;
		}
		@Nullable Object[] values = new Object[shape.rowType().getFieldCount()];
		metadata.apply(record, values);
		List<Field> fields = new ArrayList<>();
		List<FieldVector> vectors = new ArrayList<>();
		Set<String> replaced = new HashSet<>();
		for (int index : indexes) {
			replaced.add(shape.rowType().getFields().get(index).name());
		}
		for (FieldVector vector : batch.getFieldVectors()) {
			if (replaced.contains(vector.getName())) {
				vector.close();
			}
			else {
				fields.add(vector.getField());
				vectors.add(vector);
			}
		}
		int rows = batch.getRowCount();
		for (int index : indexes) {
			DataField column = shape.rowType().getFields().get(index);
			Field field = ArrowTypes.toArrowField(column.name(), column.type());
			FieldVector vector = field.createVector(allocator);
			vector.allocateNew();
			for (int row = 0; row < rows; row++) {
				ArrowColumns.write(vector, row, values[index], column.type());
			}
			vector.setValueCount(rows);
			fields.add(field);
			vectors.add(vector);
		}
		return new VectorSchemaRoot(fields, vectors, rows);
	}

}
