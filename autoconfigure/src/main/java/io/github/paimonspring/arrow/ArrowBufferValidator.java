package io.github.paimonspring.arrow;

import java.util.List;

import io.github.paimonspring.arrow.vector.ArrowBufferChecks;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.apache.arrow.vector.validate.ValidateUtil;
import org.apache.arrow.vector.validate.ValidateVectorBufferVisitor;
import org.jspecify.annotations.Nullable;

/**
 * Checks that the buffers of a received Arrow vector are consistent with its value count before
 * any value is read through them, so that a malformed batch can never make a reader touch memory
 * outside its buffers. Arrow's own buffer checks (the {@link ValidateVectorBufferVisitor} of
 * {@link ValueVectorUtility#validate(ValueVector)}) check the buffer sizes (validity, fixed-width data, offset buffers,
 * the last offset against the data buffer,
 * list and struct child lengths) in constant time; this class adds the linear checks the readers
 * rely on: every offset non-negative, non-decreasing and within {@code Integer.MAX_VALUE}, and every
 * out-of-line view inside an existing data buffer. Unlike Arrow's {@code validateFull} it does not
 * decode values (no UTF-8 or decimal precision checks, which cost an allocation per value).
 */
final class ArrowBufferValidator {

	private final String table;

	ArrowBufferValidator(String table) {
		this.table = table;
	}

	/**
	 * Validates a top-level column vector (and its children) against a row count.
	 * @param column the column path used in messages
	 * @param vector the vector
	 * @param rows the number of rows the batch declares
	 * @throws ArrowFormatException naming the column if a buffer is inconsistent
	 */
	void validate(String column, FieldVector vector, int rows) {
		if (vector.getValueCount() < rows) {
			throw malformed(column, "it has " + vector.getValueCount() + " values but the batch has " + rows + " rows");
		}
		validate(column, vector);
	}

	/**
	 * Validates a vector and its children with their own value counts (such as a dictionary).
	 * @param column the column path used in messages
	 * @param vector the vector
	 * @throws ArrowFormatException naming the column if a buffer is inconsistent
	 */
	void validate(String column, FieldVector vector) {
		try {
			// Arrow's buffer checks; its type checks are left out (the schema is validated against the table,
			// and Arrow 19's type check rejects every MapVector)
			vector.accept(new ValidateVectorBufferVisitor(), null);
		}
		catch (ValidateUtil.ValidateException | IndexOutOfBoundsException | UnsupportedOperationException ex) {
			throw malformed(column, ex.getMessage());
		}
		checkOffsetsAndViews(column, vector);
	}

	/**
	 * Checks that every non-null index of a dictionary-encoded column selects an entry.
	 * @param column the column path used in messages
	 * @param indices the index vector, already validated
	 * @param size the number of dictionary entries
	 * @throws ArrowFormatException naming the column and row of the first index out of range
	 */
	void validateIndices(String column, BaseIntVector indices, int size) {
		int count = indices.getValueCount();
		for (int i = 0; i < count; i++) {
			if (!indices.isNull(i)) {
				long index = indices.getValueAsLong(i);
				if (index < 0 || index >= size) {
					throw malformed(column, "row " + i + " has dictionary index " + index + " but the dictionary has "
							+ size + " entries");
				}
			}
		}
	}

	private void checkOffsetsAndViews(String column, ValueVector vector) {
		int count = vector.getValueCount();
		if (vector instanceof BaseVariableWidthVector) {
			checkOffsets(column, vector.getOffsetBuffer(), count, false, vector.getDataBuffer().capacity());
		}
		else if (vector instanceof BaseLargeVariableWidthVector) {
			checkOffsets(column, vector.getOffsetBuffer(), count, true, vector.getDataBuffer().capacity());
		}
		else if (vector instanceof BaseVariableWidthViewVector view) {
			checkViews(column, view);
		}
		else if (vector instanceof ListVector list) {
			// MapVector is a ListVector of key/value structs
			FieldVector elements = list.getDataVector();
			checkOffsets(column, list.getOffsetBuffer(), count, false, elements.getValueCount());
			checkOffsetsAndViews(column + "[]", elements);
		}
		else if (vector instanceof LargeListVector list) {
			FieldVector elements = list.getDataVector();
			checkOffsets(column, list.getOffsetBuffer(), count, true, elements.getValueCount());
			checkOffsetsAndViews(column + "[]", elements);
		}
		else if (vector instanceof NonNullableStructVector struct) {
			for (FieldVector child : struct.getChildrenFromFields()) {
				checkOffsetsAndViews(column + "." + child.getName(), child);
			}
		}
	}

	private void checkOffsets(String column, ArrowBuf offsets, int count, boolean large, long limit) {
		String problem = ArrowBufferChecks.offsets(offsets, count, large ? 8 : 4, limit);
		if (problem != null) {
			throw malformed(column, problem);
		}
	}

	private void checkViews(String column, BaseVariableWidthViewVector vector) {
		ArrowBuf views = vector.getDataBuffer();
		List<ArrowBuf> buffers = vector.getDataBuffers();
		for (int i = 0; i < vector.getValueCount(); i++) {
			// the reader never looks at the view of a null value
			String problem = vector.isNull(i) ? null : ArrowBufferChecks.view(views, i, buffers);
			if (problem != null) {
				throw malformed(column, problem);
			}
		}
	}

	private ArrowFormatException malformed(String column, @Nullable String reason) {
		return new ArrowFormatException(this.table, column, "Malformed Arrow batch for table '" + this.table
				+ "': the buffers of column '" + column + "' are inconsistent: " + reason, null);
	}

}
