package io.github.paimonspring.test.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.springframework.util.FileSystemUtils;

/**
 * The temporary warehouse of a test's application context ({@link AutoConfigureTestWarehouse}): a
 * fresh directory, removed with everything in it when the context closes, after the Paimon beans
 * have shut down. Inject it to find the table files, for example
 * {@code warehouse.path().resolve("shop.db/orders")}.
 */
public final class TemporaryWarehouse {

	private final Path path;

	private TemporaryWarehouse(Path path) {
		this.path = path;
	}

	static TemporaryWarehouse create() {
		try {
			return new TemporaryWarehouse(Files.createTempDirectory("paimon-test-warehouse-").toAbsolutePath());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create a temporary Paimon warehouse: " + ex.getMessage(), ex);
		}
	}

	/**
	 * Returns the warehouse directory.
	 * @return the absolute path, which {@code paimon.catalog.warehouse} names
	 */
	public Path path() {
		return this.path;
	}

	/**
	 * Returns the warehouse as {@code paimon.catalog.warehouse} names it.
	 * @return the absolute path as text
	 */
	public String location() {
		return this.path.toString();
	}

	/** Removes the directory and everything in it. */
	void delete() {
		try {
			FileSystemUtils.deleteRecursively(this.path);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot remove the temporary Paimon warehouse " + this.path, ex);
		}
	}

	@Override
	public String toString() {
		return "TemporaryWarehouse " + this.path;
	}

}
