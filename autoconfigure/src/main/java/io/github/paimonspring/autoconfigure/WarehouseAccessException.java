package io.github.paimonspring.autoconfigure;

import io.github.paimonspring.PaimonException;
import org.jspecify.annotations.Nullable;

/**
 * The Paimon warehouse cannot be used, found at start-up: a local path that is a file, or a directory that cannot
 * be created or written, a URI whose scheme no file system on the class path serves, or storage that refused or did
 * not answer (an {@code s3://} warehouse with wrong credentials or no such bucket).
 *
 * @since 0.1.0
 */
public class WarehouseAccessException extends PaimonException {

	private static final long serialVersionUID = 1L;

	private final String warehouse;

	/**
	 * Creates the exception.
	 * @param warehouse the warehouse, as configured
	 * @param message the whole message, naming the warehouse and what failed
	 * @param cause the file system's failure, or {@code null}
	 */
	public WarehouseAccessException(String warehouse, String message, @Nullable Throwable cause) {
		super(null, message, cause);
		this.warehouse = warehouse;
	}

	/**
	 * Returns the warehouse that cannot be used.
	 * @return the warehouse path or URI
	 */
	public String getWarehouse() {
		return this.warehouse;
	}

	/**
	 * Returns whether the warehouse is local: a path or a {@code file:} URI.
	 * @return whether it is
	 */
	public boolean isLocal() {
		return PaimonCatalogSettings.isLocal(this.warehouse);
	}

}
