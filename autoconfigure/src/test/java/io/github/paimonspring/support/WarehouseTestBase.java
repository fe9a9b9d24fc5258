package io.github.paimonspring.support;

import java.nio.file.Path;

import io.github.paimonspring.core.PaimonWriter;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fresh temporary warehouse, a {@link PaimonWriter} on it and an Arrow allocator per test; the
 * allocator's close fails the test if Arrow memory leaked.
 */
public abstract class WarehouseTestBase {

	@TempDir
	protected Path dir;

	protected TestWarehouse warehouse;

	protected PaimonWriter writer;

	protected BufferAllocator allocator;

	@BeforeEach
	void openWarehouse() {
		this.warehouse = new TestWarehouse(this.dir);
		this.writer = this.warehouse.writer();
		this.allocator = new RootAllocator();
	}

	@AfterEach
	void closeWarehouse() throws Exception {
		this.allocator.close();
		this.warehouse.close();
	}

}
