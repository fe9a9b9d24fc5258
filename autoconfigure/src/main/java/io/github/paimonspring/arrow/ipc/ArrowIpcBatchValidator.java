package io.github.paimonspring.arrow.ipc;

import java.util.List;

import io.github.paimonspring.arrow.ArrowFormatException;
import io.github.paimonspring.arrow.vector.ArrowBufferChecks;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.TypeLayout;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.jspecify.annotations.Nullable;

/**
 * Checks a received IPC record batch against its schema before Arrow loads it into vectors: one
 * field node per field with the length its parent implies (the batch's row count at the top, the
 * parent's length for struct children), and for every buffer the size its node needs — validity
 * bitmaps, fixed-width values, offsets, views — with offsets non-negative, non-decreasing and inside
 * their data buffer or child node, and views inside their data buffers. Arrow's loader trusts these
 * numbers: given a row count larger than the buffers it grows the vectors with zeros (rows that were
 * never sent), and given a buffer shorter than its node it reads past it. Checked here, nothing of a
 * malformed batch is loaded.
 */
final class ArrowIpcBatchValidator {

	private final String table;

	private final ArrowRecordBatch batch;

	private final List<ArrowFieldNode> nodes;

	private final List<ArrowBuf> buffers;

	private final List<Long> variadicCounts;

	private int node;

	private int buffer;

	private int variadic;

	private ArrowIpcBatchValidator(String table, ArrowRecordBatch batch) {
		this.table = table;
		this.batch = batch;
		this.nodes = batch.getNodes();
		this.buffers = batch.getBuffers();
		this.variadicCounts = batch.getVariadicBufferCounts();
	}

	/**
	 * Validates a batch of the given fields (in their in-memory form: dictionary-encoded fields with
	 * their index type).
	 * @param table the table, for messages
	 * @param fields the fields the batch must hold
	 * @param batch the batch as received
	 * @throws ArrowFormatException naming the column on the first inconsistency
	 */
	static void validate(String table, List<Field> fields, ArrowRecordBatch batch) {
		ArrowIpcBatchValidator validator = new ArrowIpcBatchValidator(table, batch);
		if (batch.getLength() < 0) {
			throw validator.malformed(null, "the batch declares " + batch.getLength() + " rows");
		}
		for (Field field : fields) {
			validator.field(field, field.getName(), batch.getLength());
		}
		if (validator.node != validator.nodes.size() || validator.buffer != validator.buffers.size()
				|| validator.variadic != validator.variadicCounts.size()) {
			throw validator.malformed(null, "the batch has " + validator.nodes.size() + " field nodes, "
					+ validator.buffers.size() + " buffers and " + validator.variadicCounts.size()
					+ " variadic buffer counts; its schema needs " + validator.node + ", " + validator.buffer + " and "
					+ validator.variadic);
		}
	}

	private void field(Field field, String path, long expectedLength) {
		if (this.node >= this.nodes.size()) {
			throw malformed(path, "the batch has no field node for it");
		}
		ArrowFieldNode fieldNode = this.nodes.get(this.node++);
		long length = fieldNode.getLength();
		long nulls = fieldNode.getNullCount();
		if (length < 0 || nulls < 0 || nulls > length) {
			throw malformed(path, "its field node declares " + length + " values with " + nulls + " nulls");
		}
		if (expectedLength >= 0 && length != expectedLength) {
			throw malformed(path, "its field node declares " + length + " values where " + expectedLength
					+ " are required (the length of the batch or of the enclosing struct)");
		}
		ArrowType type = field.getType();
		switch (type.getTypeID()) {
			case Null:
				break;
			case Struct: {
				validity(path, length, nulls);
				for (Field child : field.getChildren()) {
					field(child, path + "." + child.getName(), length);
				}
				break;
			}
			case List:
			case Map:
			case LargeList: {
				int width = (type.getTypeID() == ArrowType.ArrowTypeID.LargeList) ? 8 : 4;
				validity(path, length, nulls);
				ArrowBuf offsets = next(path);
				if (field.getChildren().size() != 1) {
					throw malformed(path, "a list or map needs exactly one child field");
				}
				if (this.node >= this.nodes.size()) {
					throw malformed(path, "the batch has no field node for its elements");
				}
				offsets(path, offsets, length, width, this.nodes.get(this.node).getLength(), "its elements");
				Field child = field.getChildren().get(0);
				field(child, path + "[]", -1);
				break;
			}
			case FixedSizeList: {
				validity(path, length, nulls);
				long size = ((ArrowType.FixedSizeList) type).getListSize();
				Field child = field.getChildren().get(0);
				field(child, path + "[]", Math.multiplyExact(length, size));
				break;
			}
			case Utf8:
			case Binary:
			case LargeUtf8:
			case LargeBinary: {
				int width = (type.getTypeID() == ArrowType.ArrowTypeID.LargeUtf8
						|| type.getTypeID() == ArrowType.ArrowTypeID.LargeBinary) ? 8 : 4;
				validity(path, length, nulls);
				ArrowBuf offsets = next(path);
				ArrowBuf data = next(path);
				offsets(path, offsets, length, width, data.capacity(), "its data buffer");
				break;
			}
			case Utf8View:
			case BinaryView:
				views(path, length, nulls);
				break;
			case Bool:
			case Int:
			case FloatingPoint:
			case Decimal:
			case Date:
			case Time:
			case Timestamp:
			case Interval:
			case Duration:
			case FixedSizeBinary: {
				validity(path, length, nulls);
				int bits = TypeLayout.getTypeLayout(type).getBufferLayouts().get(1).getTypeBitWidth();
				ArrowBuf values = next(path);
				long needed = (Math.multiplyExact(length, bits) + 7) / 8;
				if (values.capacity() < needed) {
					throw malformed(path, "its value buffer has " + values.capacity() + " bytes; " + length
							+ " values need " + needed);
				}
				break;
			}
			default:
				throw malformed(path, "Arrow type " + type + " is not accepted in uploads");
		}
	}

	/** The validity bitmap: absent only when all values are valid or all are null, else one bit per value. */
	private ArrowBuf validity(String path, long length, long nulls) {
		ArrowBuf validity = next(path);
		if (validity.capacity() == 0) {
			if (nulls != 0 && nulls != length) {
				throw malformed(path, "it has " + nulls + " nulls in " + length + " values but no validity bitmap");
			}
		}
		else if (validity.capacity() * 8 < length) {
			throw malformed(path, "its validity bitmap has " + validity.capacity() + " bytes; " + length
					+ " values need " + ((length + 7) / 8));
		}
		return validity;
	}

	private void offsets(String path, ArrowBuf offsets, long length, int width, long limit, String what) {
		if (length == 0) {
			return;
		}
		if (offsets.capacity() < (length + 1) * width) {
			throw malformed(path, "its offset buffer has " + offsets.capacity() + " bytes; " + length + " values need "
					+ ((length + 1) * width));
		}
		String problem = ArrowBufferChecks.offsets(offsets, length, width, limit);
		if (problem != null) {
			throw malformed(path, problem + " (" + what + ")");
		}
	}

	private void views(String path, long length, long nulls) {
		ArrowBuf validity = validity(path, length, nulls);
		ArrowBuf views = next(path);
		if (views.capacity() < length * ArrowBufferChecks.VIEW_WIDTH) {
			throw malformed(path, "its view buffer has " + views.capacity() + " bytes; " + length + " values need "
					+ (length * 16));
		}
		if (this.variadic >= this.variadicCounts.size()) {
			throw malformed(path, "the batch declares no variadic buffer count for it");
		}
		long count = this.variadicCounts.get(this.variadic++);
		if (count < 0 || count > this.buffers.size() - this.buffer) {
			throw malformed(path, "it declares " + count + " data buffers, more than the batch has");
		}
		List<ArrowBuf> data = this.buffers.subList(this.buffer, this.buffer + (int) count);
		this.buffer += (int) count;
		for (long i = 0; i < length; i++) {
			String problem = isNull(validity, nulls, length, i) ? null : ArrowBufferChecks.view(views, i, data);
			if (problem != null) {
				throw malformed(path, problem);
			}
		}
	}

	private static boolean isNull(ArrowBuf validity, long nulls, long length, long i) {
		if (validity.capacity() == 0) {
			return nulls == length && length > 0;
		}
		return ((validity.getByte(i >> 3) >> (i & 7)) & 1) == 0;
	}

	private ArrowBuf next(String path) {
		if (this.buffer >= this.buffers.size()) {
			throw malformed(path, "the batch has fewer buffers than its schema needs");
		}
		return this.buffers.get(this.buffer++);
	}

	private ArrowFormatException malformed(@Nullable String column, String reason) {
		String where = (column != null) ? "column '" + column + "': " : "";
		return new ArrowFormatException(this.table, column, "Malformed Arrow batch for table '" + this.table + "' ("
				+ this.batch.getLength() + " rows), " + where + reason, null);
	}

}
