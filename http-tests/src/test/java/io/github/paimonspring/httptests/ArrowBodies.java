package io.github.paimonspring.httptests;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.apache.arrow.flatbuf.Message;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Arrow IPC stream bodies built with Arrow Java, shaped like the upstream Go tests' records:
 * {@code id} Int32, {@code name} Utf8, optionally {@code dt} Utf8.
 */
public final class ArrowBodies {

	private ArrowBodies() {
	}

	/** One batch of (id, name) pairs. */
	public static byte[] idName(Object... idNamePairs) {
		return stream(false, 1, idNamePairs);
	}

	/** One batch of {@code count} rows (id, name) with ids from {@code first} and names {@code n<id>}. */
	public static byte[] idNameRange(int first, int count) {
		Object[] values = new Object[count * 2];
		for (int i = 0; i < count; i++) {
			values[i * 2] = first + i;
			values[i * 2 + 1] = "n" + (first + i);
		}
		return idName(values);
	}

	/** One batch of (id, name, dt) triples. */
	public static byte[] idNameDt(Object... triples) {
		return stream(true, 1, triples);
	}

	/** The same rows written as {@code batches} identical batches. */
	public static byte[] stream(boolean withDt, int batches, Object... values) {
		List<Field> fields = new ArrayList<>(List.of(
				new Field("id", FieldType.nullable(new ArrowType.Int(32, true)), null),
				new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));
		if (withDt) {
			fields.add(new Field("dt", FieldType.nullable(ArrowType.Utf8.INSTANCE), null));
		}
		int width = withDt ? 3 : 2;
		try (BufferAllocator allocator = new RootAllocator();
				VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator)) {
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
				writer.start();
				for (int b = 0; b < batches; b++) {
					root.allocateNew();
					int rows = values.length / width;
					for (int i = 0; i < rows; i++) {
						Object id = values[i * width];
						if (id == null) {
							((IntVector) root.getVector(0)).setNull(i);
						}
						else {
							((IntVector) root.getVector(0)).setSafe(i, (Integer) id);
						}
						for (int c = 1; c < width; c++) {
							Object value = values[i * width + c];
							VarCharVector vector = (VarCharVector) root.getVector(c);
							if (value == null) {
								vector.setNull(i);
							}
							else {
								vector.setSafe(i, ((String) value).getBytes(StandardCharsets.UTF_8));
							}
						}
					}
					root.setRowCount(rows);
					writer.writeBatch();
				}
				writer.end();
			}
			return out.toByteArray();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** A nullable Arrow field. */
	public static Field field(String name, ArrowType type) {
		return new Field(name, FieldType.nullable(type), null);
	}

	/** A nullable signed integer field of {@code bits} bits. */
	public static Field intField(String name, int bits) {
		return field(name, new ArrowType.Int(bits, true));
	}

	/** A nullable Utf8 field. */
	public static Field utf8Field(String name) {
		return field(name, ArrowType.Utf8.INSTANCE);
	}

	/**
	 * One batch with any schema of signed integer, Utf8, decimal and timestamp columns; {@code rows}
	 * are the values row by row ({@code null} for null, {@code Number} for integers and timestamps (in
	 * the field's unit since the epoch), {@code String} for Utf8, {@code BigDecimal} for decimals).
	 */
	public static byte[] of(List<Field> fields, Object[]... rows) {
		try (BufferAllocator allocator = new RootAllocator();
				VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator)) {
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
				writer.start();
				root.allocateNew();
				for (int r = 0; r < rows.length; r++) {
					for (int c = 0; c < fields.size(); c++) {
						set(root.getVector(c), r, rows[r][c]);
					}
				}
				root.setRowCount(rows.length);
				writer.writeBatch();
				writer.end();
			}
			return out.toByteArray();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void set(FieldVector vector, int row, Object value) {
		if (value == null) {
			vector.setNull(row);
		}
		else if (vector instanceof VarCharVector strings) {
			strings.setSafe(row, ((String) value).getBytes(StandardCharsets.UTF_8));
		}
		else if (vector instanceof IntVector ints) {
			ints.setSafe(row, ((Number) value).intValue());
		}
		else if (vector instanceof BigIntVector longs) {
			longs.setSafe(row, ((Number) value).longValue());
		}
		else if (vector instanceof SmallIntVector shorts) {
			shorts.setSafe(row, ((Number) value).shortValue());
		}
		else if (vector instanceof TinyIntVector bytes) {
			bytes.setSafe(row, ((Number) value).byteValue());
		}
		else if (vector instanceof DecimalVector decimals) {
			decimals.setSafe(row, (BigDecimal) value);
		}
		else if (vector instanceof TimeStampVector timestamps) {
			timestamps.setSafe(row, ((Number) value).longValue());
		}
		else {
			throw new IllegalArgumentException("unsupported vector " + vector.getClass());
		}
	}

	/**
	 * The offsets at which the messages of an Arrow IPC stream (continuation marker, metadata length,
	 * metadata, body) start, plus the stream length: cutting a stream exactly there leaves a
	 * well-formed stream that merely lacks its end-of-stream marker.
	 */
	public static List<Integer> messageBoundaries(byte[] stream) {
		List<Integer> boundaries = new ArrayList<>();
		ByteBuffer buffer = ByteBuffer.wrap(stream).order(ByteOrder.LITTLE_ENDIAN);
		int position = 0;
		while (position + 8 <= stream.length) {
			boundaries.add(position);
			if (buffer.getInt(position) != 0xFFFFFFFF) {
				throw new IllegalArgumentException("no continuation marker at " + position);
			}
			int metadata = buffer.getInt(position + 4);
			if (metadata == 0) {
				position += 8;
				break;
			}
			Message message = Message.getRootAsMessage(
					ByteBuffer.wrap(stream, position + 8, metadata).slice().order(ByteOrder.LITTLE_ENDIAN));
			position += 8 + metadata + (int) message.bodyLength();
		}
		boundaries.add(position);
		return boundaries;
	}

}
