package io.github.paimonspring.write.lane;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.TransferPair;
import org.jspecify.annotations.Nullable;

/**
 * The one batch a {@link LaneWriter} writes in the background while its caller reads the next: the
 * batch's buffers, taken over from the caller's root (no copy; the root is left empty, ready to load
 * the next batch, and the buffers stay accounted to the same allocator), and the write in flight.
 * Its buffers are released only once the write is over — also when the waiting thread is interrupted.
 */
final class InFlightBatch {

	private @Nullable VectorSchemaRoot owned;

	private @Nullable Future<Void> writing;

	/**
	 * Takes over the buffers of a loaded batch.
	 * @param root the caller's root; left without rows
	 * @return the batch, owned until {@link #await()}
	 */
	VectorSchemaRoot takeOver(VectorSchemaRoot root) {
		List<FieldVector> vectors = new ArrayList<>();
		for (FieldVector vector : root.getFieldVectors()) {
			TransferPair transfer = vector.getTransferPair(vector.getAllocator());
			transfer.transfer();
			vectors.add((FieldVector) transfer.getTo());
		}
		int rows = root.getRowCount();
		root.setRowCount(0);
		this.owned = new VectorSchemaRoot(root.getSchema().getFields(), vectors, rows);
		return this.owned;
	}

	/**
	 * Starts writing the batch taken over.
	 * @param write the write
	 */
	void start(Callable<Void> write) {
		this.writing = WriteExecutor.submit(write);
	}

	/**
	 * Waits for the write in flight, if any, and releases the batch's buffers.
	 * @throws Exception the write's failure
	 */
	void await() throws Exception {
		Future<Void> write = this.writing;
		this.writing = null;
		try {
			if (write != null) {
				waitUninterruptibly(write);
			}
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof Exception cause) ? cause : ex;
		}
		finally {
			if (this.owned != null) {
				this.owned.close();
				this.owned = null;
			}
		}
	}

	/** The buffers must not be released under a running write: an interrupt is kept for later. */
	private static void waitUninterruptibly(Future<Void> write) throws ExecutionException {
		boolean interrupted = false;
		try {
			while (true) {
				try {
					write.get();
					return;
				}
				catch (InterruptedException ex) {
					interrupted = true;
				}
			}
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

}
