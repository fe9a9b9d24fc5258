package io.github.paimonspring.arrow.vector;

import java.util.List;

import org.apache.arrow.memory.ArrowBuf;
import org.jspecify.annotations.Nullable;

/**
 * The linear checks of offset and view buffers that both the IPC batch validator (before Arrow
 * loads a batch) and the vector validator (before values are read) apply. Each returns why the
 * buffer is malformed, or {@code null} when it is well formed; the callers name table and column.
 */
public final class ArrowBufferChecks {

	/** Width of one view: length, prefix, buffer index, offset. */
	public static final int VIEW_WIDTH = 16;

	/** Longest value stored inside its view. */
	public static final int INLINE_SIZE = 12;

	private ArrowBufferChecks() {
	}

	/**
	 * Checks the {@code count + 1} offsets of {@code count} values: the first non-negative, none
	 * decreasing, none past {@code limit} or {@code Integer.MAX_VALUE}. The buffer must hold them.
	 * @param offsets the offset buffer
	 * @param count the number of values
	 * @param width the offset width, 4 or 8 bytes
	 * @param limit the data buffer's size in bytes, or the child's number of values
	 * @return the problem, or {@code null}
	 */
	public static @Nullable String offsets(ArrowBuf offsets, long count, int width, long limit) {
		if (count == 0) {
			return null;
		}
		long bound = Math.min(limit, Integer.MAX_VALUE);
		long previous = (width == 8) ? offsets.getLong(0) : offsets.getInt(0);
		if (previous < 0 || previous > bound) {
			return "offset 0 is " + previous + ", outside 0.." + bound;
		}
		for (long i = 1; i <= count; i++) {
			long offset = (width == 8) ? offsets.getLong(i * 8) : offsets.getInt(i * 4);
			if (offset < previous || offset > bound) {
				return "offset " + i + " is " + offset + " after " + previous
						+ "; offsets must not decrease and must stay within " + bound;
			}
			previous = offset;
		}
		return null;
	}

	/**
	 * Checks the view of a non-null value: a non-negative length and, for a value not stored inline,
	 * a data buffer that exists and holds the bytes the view refers to. The view buffer must hold it.
	 * @param views the view buffer
	 * @param i the value's position
	 * @param data the variadic data buffers
	 * @return the problem, or {@code null}
	 */
	public static @Nullable String view(ArrowBuf views, long i, List<ArrowBuf> data) {
		long view = i * VIEW_WIDTH;
		int length = views.getInt(view);
		if (length < 0) {
			return "view " + i + " has a negative length " + length;
		}
		if (length <= INLINE_SIZE) {
			return null;
		}
		int index = views.getInt(view + 8);
		int offset = views.getInt(view + 12);
		if (index < 0 || index >= data.size()) {
			return "view " + i + " refers to data buffer " + index + " of " + data.size();
		}
		if (offset < 0 || (long) offset + length > data.get(index).capacity()) {
			return "view " + i + " covers bytes " + offset + ".." + ((long) offset + length) + " of a data buffer of "
					+ data.get(index).capacity() + " bytes";
		}
		return null;
	}

}
