package io.github.paimonspring.support;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.IntFunction;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Arrow batches shaped like the upstream Go tests' records: {@code id} Int32 and {@code name} Utf8,
 * optionally {@code dt} Utf8.
 */
public final class Batches {

	private Batches() {
	}

	public static VectorSchemaRoot idName(BufferAllocator allocator, Object... idNamePairs) {
		return build(allocator, false, idNamePairs);
	}

	/**
	 * The rows {@code from} (inclusive) to {@code to} (exclusive): {@code id} is the row number, {@code name}
	 * what the function gives for it.
	 */
	public static VectorSchemaRoot idNameRange(BufferAllocator allocator, int from, int to, IntFunction<String> name) {
		VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(List.of(
				new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)), null),
				new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null))), allocator);
		root.allocateNew();
		IntVector id = (IntVector) root.getVector(0);
		VarCharVector names = (VarCharVector) root.getVector(1);
		for (int i = from; i < to; i++) {
			id.setSafe(i - from, i);
			names.setSafe(i - from, name.apply(i).getBytes(StandardCharsets.UTF_8));
		}
		root.setRowCount(to - from);
		return root;
	}

	/** Triples of (id, name, dt). */
	public static VectorSchemaRoot idNameDt(BufferAllocator allocator, Object... triples) {
		return build(allocator, true, triples);
	}

	private static VectorSchemaRoot build(BufferAllocator allocator, boolean withDt, Object... values) {
		List<Field> fields = withDt
				? List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)), null),
						new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
						new Field("dt", FieldType.nullable(ArrowType.Utf8.INSTANCE), null))
				: List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)), null),
						new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null));
		VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
		root.allocateNew();
		int width = withDt ? 3 : 2;
		int rows = values.length / width;
		IntVector id = (IntVector) root.getVector(0);
		VarCharVector name = (VarCharVector) root.getVector(1);
		for (int i = 0; i < rows; i++) {
			Object idValue = values[i * width];
			if (idValue == null) {
				id.setNull(i);
			}
			else {
				id.setSafe(i, (Integer) idValue);
			}
			set(name, i, (String) values[i * width + 1]);
			if (withDt) {
				set((VarCharVector) root.getVector(2), i, (String) values[i * width + 2]);
			}
		}
		root.setRowCount(rows);
		return root;
	}

	private static void set(VarCharVector vector, int i, String value) {
		if (value == null) {
			vector.setNull(i);
		}
		else {
			vector.setSafe(i, value.getBytes(StandardCharsets.UTF_8));
		}
	}

}
