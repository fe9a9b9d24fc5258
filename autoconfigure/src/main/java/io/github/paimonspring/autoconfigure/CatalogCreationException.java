package io.github.paimonspring.autoconfigure;

import io.github.paimonspring.PaimonException;

/**
 * Paimon could not create the catalog at start-up for a reason other than the warehouse or a JDBC catalog's
 * database (each of which has its own exception): an unknown metastore, or options the metastore refuses.
 *
 * @since 0.1.0
 */
public class CatalogCreationException extends PaimonException {

	private static final long serialVersionUID = 1L;

	private final String metastore;

	/**
	 * Creates the exception.
	 * @param metastore the metastore type
	 * @param warehouse the warehouse
	 * @param cause Paimon's failure
	 */
	public CatalogCreationException(String metastore, String warehouse, Throwable cause) {
		super(null, "Cannot create the Paimon catalog (metastore '" + metastore + "', warehouse '" + warehouse
				+ "'): " + cause.getMessage(), cause);
		this.metastore = metastore;
	}

	/**
	 * Returns the metastore type of the catalog.
	 * @return for example {@code jdbc}
	 */
	public String getMetastore() {
		return this.metastore;
	}

}
