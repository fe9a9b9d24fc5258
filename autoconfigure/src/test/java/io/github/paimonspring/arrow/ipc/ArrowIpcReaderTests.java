package io.github.paimonspring.arrow.ipc;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The Arrow input gate on real IPC streams written by Arrow's own writer: a well-formed stream is read
 * batch by batch with its bytes counted; metadata beyond the limit, a schema nested too deep, a stream
 * longer than its limit and a batch whose memory the budget cannot give are refused before Arrow
 * allocates the batch, naming the limit and the property that sets it.
 */
class ArrowIpcReaderTests {

	private static final ArrowIpcLimits LIMITS = new ArrowIpcLimits(1024 * 1024, 8, 100, "paimon.test");

	@Test
	void aWellFormedStreamIsReadBatchByBatch() throws Exception {
		byte[] stream = longs(3, 1000);
		try (BufferAllocator allocator = new RootAllocator(); ArrowIpcReader reader = reader(stream, LIMITS,
				stream.length, allocator, ArrowMemoryBudget.within(allocator))) {
			long rows = 0;
			long sum = 0;
			while (reader.loadNextBatch()) {
				BigIntVector ids = (BigIntVector) reader.getVectorSchemaRoot().getVector("id");
				for (int i = 0; i < ids.getValueCount(); i++) {
					sum += ids.get(i);
				}
				rows += reader.getVectorSchemaRoot().getRowCount();
			}
			assertThat(rows).isEqualTo(3000);
			assertThat(sum).isEqualTo(3 * (999L * 1000 / 2));
			assertThat(reader.bytesRead()).isEqualTo(stream.length);
		}
	}

	@Test
	void metadataBeyondTheLimitIsRefusedNamingTheProperty() throws Exception {
		byte[] stream = longs(1, 10);
		ArrowIpcLimits small = new ArrowIpcLimits(16, 8, 100, "paimon.test");
		Throwable refusal = refusal(stream, small, stream.length);
		assertThat(refusal).isInstanceOf(ArrowIpcFramingException.class)
			.hasMessageContaining("Arrow IPC message 0 announces")
			.hasMessageEndingWith("bytes of metadata; the limit is 16 (paimon.test.max-metadata-size)");
	}

	@Test
	void aSchemaNestedTooDeepIsRefusedBeforeArrowParsesIt() throws Exception {
		Field field = new Field("leaf", FieldType.nullable(new ArrowType.Int(64, true)), null);
		for (int i = 0; i < 9; i++) {
			field = new Field("level" + i, FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(field));
		}
		byte[] stream = stream(new Schema(List.of(field)), 0, 0);
		Throwable refusal = refusal(stream, LIMITS, stream.length);
		assertThat(refusal).isInstanceOf(ArrowIpcFramingException.class)
			.hasMessage("Arrow IPC message 0 is not accepted: schema nests fields deeper than 8 levels "
					+ "(paimon.test.max-schema-depth)");
		ArrowIpcLimits fixed = new ArrowIpcLimits(1024 * 1024, 8, 100, null);
		assertThat(refusal(stream, fixed, stream.length))
			.hasMessageEndingWith("deeper than 8 levels");
	}

	@Test
	void aStreamLongerThanItsLimitIsRefused() throws Exception {
		byte[] stream = longs(4, 1000);
		Throwable refusal = refusal(stream, LIMITS, stream.length / 2);
		assertThat(refusal).isInstanceOf(ArrowIpcLimitException.class);
		assertThat(((ArrowIpcLimitException) refusal).limit()).isEqualTo(stream.length / 2);
	}

	@Test
	void aBatchThatCanNeverFitIsRefusedBeforeItIsAllocated() throws Exception {
		byte[] stream = longs(1, 100_000); // 800 KB of values
		try (BufferAllocator allocator = new RootAllocator(256 * 1024)) {
			Throwable refusal = refusal(stream, allocator);
			assertThat(refusal).isInstanceOf(ArrowIpcLimitException.class)
				.hasMessageContaining("Arrow IPC message 1 needs up to")
				.hasMessageEndingWith("bytes of Arrow memory, more than the limit of 262144 bytes");
			assertThat(allocator.getPeakMemoryAllocation()).isZero();
		}
	}

	@Test
	void aBatchThatDoesNotFitNowIsBusy() throws Exception {
		byte[] stream = longs(1, 10_000); // 80 KB of values
		try (BufferAllocator allocator = new RootAllocator(1024 * 1024); ArrowBuf held = allocator.buffer(960 * 1024)) {
			Throwable refusal = refusal(stream, allocator);
			assertThat(refusal).isInstanceOf(ArrowIpcBusyException.class)
				.hasMessageContaining("bytes of Arrow memory but only")
				.hasMessageEndingWith("bytes are free now");
			assertThat(allocator.getAllocatedMemory()).isEqualTo(held.capacity());
		}
	}

	private static Throwable refusal(byte[] stream, ArrowIpcLimits limits, long maxBytes) throws IOException {
		try (BufferAllocator allocator = new RootAllocator()) {
			return refusal(stream, limits, maxBytes, allocator);
		}
	}

	private static Throwable refusal(byte[] stream, BufferAllocator allocator) throws IOException {
		return refusal(stream, LIMITS, stream.length, allocator);
	}

	private static Throwable refusal(byte[] stream, ArrowIpcLimits limits, long maxBytes, BufferAllocator allocator)
			throws IOException {
		try (ArrowIpcReader reader = reader(stream, limits, maxBytes, allocator, ArrowMemoryBudget.within(allocator))) {
			ThrowingCallable read = () -> {
				reader.getVectorSchemaRoot();
				while (reader.loadNextBatch()) {
					reader.getVectorSchemaRoot().clear();
				}
			};
			Throwable thrown = catchThrowable(read);
			assertThat(thrown).as("the stream is refused").isNotNull();
			for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
				if (cause.getClass().getPackageName().equals(ArrowIpcReader.class.getPackageName())) {
					return cause;
				}
			}
			return thrown;
		}
	}

	private static ArrowIpcReader reader(byte[] stream, ArrowIpcLimits limits, long maxBytes,
			BufferAllocator allocator, ArrowMemoryBudget budget) {
		return new ArrowIpcReader(new ByteArrayInputStream(stream), limits, maxBytes, allocator, budget, "t");
	}

	private static byte[] longs(int batches, int rows) throws IOException {
		return stream(new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null))),
				batches, rows);
	}

	private static byte[] stream(Schema schema, int batches, int rows) throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (BufferAllocator allocator = new RootAllocator();
				VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
				ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
			writer.start();
			for (int b = 0; b < batches; b++) {
				BigIntVector ids = (BigIntVector) root.getVector("id");
				ids.allocateNew(rows);
				for (int i = 0; i < rows; i++) {
					ids.set(i, i);
				}
				root.setRowCount(rows);
				writer.writeBatch();
			}
			writer.end();
		}
		return out.toByteArray();
	}

}
