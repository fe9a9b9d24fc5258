package io.github.paimonspring.write;

/**
 * Told about the schema changes a write applied to a table (schema evolution on write). Called on the
 * writing thread after the catalog accepted the change; implementations must be thread-safe and quick.
 */
public interface SchemaChangeListener {

	/** The kind of an added column. */
	String ADD_COLUMN = "add-column";

	/** The kind of a widened column type. */
	String WIDEN_COLUMN = "widen-column";

	/** A listener that does nothing. */
	SchemaChangeListener NONE = (table, kind, column) -> {
	};

	/**
	 * Called once per column a write changed; not called when another writer had made the change.
	 * @param table the table identifier, {@code db.table}
	 * @param kind {@link #ADD_COLUMN} or {@link #WIDEN_COLUMN}
	 * @param column the column name
	 */
	void changed(String table, String kind, String column);

}
