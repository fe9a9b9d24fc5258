package io.github.paimonspring.httptests;

import java.nio.file.Path;
import java.util.Map;

import io.github.paimonspring.support.TestWarehouse;

/**
 * The server's warehouse opened from the test process with Paimon's own catalog and reader: to
 * create fixture tables before the server starts and to read tables back afterwards (the
 * autoconfigure module's {@link TestWarehouse}).
 */
public final class Warehouse extends TestWarehouse {

	/** Opens a local warehouse directory. */
	public Warehouse(Path root) {
		super(root);
	}

	/** Opens a catalog from options, for example a JDBC catalog with an S3 warehouse. */
	public Warehouse(Map<String, String> catalogOptions) {
		super(catalogOptions);
	}

}
