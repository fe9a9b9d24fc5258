package io.github.paimonspring.httptests;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
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

	/** One batch of (id, name, dt) triples. */
	public static byte[] idNameDt(Object... triples) {
		return stream(true, 1, triples);
	}

	/** The same rows written as {@code batches} identical batches. */
	public static byte[] stream(boolean withDt, int batches, Object... values) {
		List<Field> fields = new java.util.ArrayList<>(List.of(
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

}
