package io.github.paimonspring.test;

import java.util.concurrent.atomic.AtomicInteger;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.Table;

/** Creates a table of its own for each test (the tests of one context share its warehouse). */
final class Tables {

	private static final AtomicInteger counter = new AtomicInteger();

	private Tables() {
	}

	/** Creates {@code t.<prefix>_<n>} with the schema. */
	static Table create(Catalog catalog, String prefix, Schema schema) {
		Identifier identifier = Identifier.create("t", prefix + "_" + counter.incrementAndGet());
		try {
			catalog.createDatabase("t", true);
			catalog.createTable(identifier, schema, false);
			return catalog.getTable(identifier);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
