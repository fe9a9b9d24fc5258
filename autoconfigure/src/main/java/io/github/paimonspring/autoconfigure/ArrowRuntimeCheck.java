package io.github.paimonspring.autoconfigure;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Start-up self-check that Arrow can read and write IPC data in this JVM, so that a missing
 * {@code --add-opens} fails the start instead of the first upload.
 */
final class ArrowRuntimeCheck {

	private ArrowRuntimeCheck() {
	}

	static void verify() {
		try (BufferAllocator allocator = new RootAllocator(1024); ArrowBuf buffer = allocator.buffer(8)) {
			buffer.nioBuffer(0, 8);
		}
		catch (UnsupportedOperationException | ExceptionInInitializerError | NoClassDefFoundError ex) {
			throw new ArrowMemoryAccessException(ex);
		}
		catch (RuntimeException ex) {
			if (String.valueOf(ex.getMessage()).contains("add-opens")) {
				throw new ArrowMemoryAccessException(ex);
			}
			throw ex;
		}
	}

}
