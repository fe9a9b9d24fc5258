package io.github.paimonspring.write;

import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.core.WriteResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import io.github.paimonspring.arrow.ArrowFormatException;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Arrow IPC streams written with {@code PaimonWriter.write(table, ArrowReader)}: every batch, a
 * dictionary-encoded column, and a truncated stream that commits nothing.
 */
class ArrowStreamWriteTests {

	@TempDir
	Path dir;

	@Test
	void writesEveryBatchOfAStreamWithADictionaryEncodedColumn() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			warehouse.create("default.cities", org.apache.paimon.schema.Schema.newBuilder()
				.column("id", DataTypes.INT().notNull()).column("city", DataTypes.STRING()).build());
			byte[] stream = stream(allocator, 3, 1000);
			try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(stream), allocator)) {
				WriteResult result = warehouse.writer().write(WriteRequest.into("default.cities"), reader);
				assertThat(result.rows()).isEqualTo(3000);
				assertThat(result.committed()).isTrue();
			}
			List<String> rows = warehouse.read("default.cities", (r) -> r.getInt(0) + ":" + r.getString(1));
			assertThat(rows).hasSize(3000).contains("0:Zürich", "1:Paris", "2:Oslo", "2999:Oslo");

			// a stream cut in the middle: the batches before the cut are not committed
			long snapshots = warehouse.snapshotCount("default.cities");
			List<String> files = warehouse.dataFiles("default.cities");
			byte[] truncated = Arrays.copyOf(stream, stream.length * 2 / 3);
			try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(truncated), allocator)) {
				assertThatThrownBy(() -> warehouse.writer().write(WriteRequest.into("default.cities"), reader))
					.isInstanceOf(ArrowFormatException.class)
					.hasMessageContaining("default.cities");
			}
			assertThat(warehouse.snapshotCount("default.cities")).isEqualTo(snapshots);
			assertThat(warehouse.dataFiles("default.cities")).isEqualTo(files);
		}
	}

	private static byte[] stream(BufferAllocator allocator, int batches, int rowsPerBatch) throws Exception {
		DictionaryEncoding encoding = new DictionaryEncoding(1L, false, new ArrowType.Int(32, true));
		try (VarCharVector dictionaryValues = new VarCharVector("cities", allocator)) {
			String[] cities = { "Zürich", "Paris", "Oslo" };
			dictionaryValues.allocateNew();
			for (int i = 0; i < cities.length; i++) {
				dictionaryValues.setSafe(i, cities[i].getBytes(StandardCharsets.UTF_8));
			}
			dictionaryValues.setValueCount(cities.length);
			DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(
					new Dictionary(dictionaryValues, encoding));
			Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)),
					null),
					new Field("city", new FieldType(true, new ArrowType.Int(32, true), encoding), null)));
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
					ArrowStreamWriter writer = new ArrowStreamWriter(root, provider, out)) {
				writer.start();
				for (int b = 0; b < batches; b++) {
					root.allocateNew();
					IntVector id = (IntVector) root.getVector("id");
					IntVector city = (IntVector) root.getVector("city");
					for (int r = 0; r < rowsPerBatch; r++) {
						int value = b * rowsPerBatch + r;
						id.setSafe(r, value);
						city.setSafe(r, value % 3);
					}
					root.setRowCount(rowsPerBatch);
					writer.writeBatch();
				}
				writer.end();
			}
			return out.toByteArray();
		}
	}

}
