package io.github.paimonspring.write;

import java.util.List;

/**
 * Told about the schema changes a write applied to a table (schema evolution on write). Called on the
 * writing thread after the catalog accepted the change; implementations must be thread-safe and quick.
 *
 * @since 0.1.0
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
	 * Returns a listener that tells each of the given listeners, in order.
	 * @param listeners the listeners
	 * @return {@link #NONE} for none, the listener itself for one
	 */
	static SchemaChangeListener composite(List<? extends SchemaChangeListener> listeners) {
		if (listeners.size() < 2) {
			return listeners.isEmpty() ? NONE : listeners.get(0);
		}
		List<SchemaChangeListener> all = List.copyOf(listeners);
		return (table, kind, column) -> all.forEach((listener) -> listener.changed(table, kind, column));
	}

	/**
	 * Called once per column a write changed; not called when another writer had made the change.
	 * @param table the table identifier, {@code db.table}
	 * @param kind {@link #ADD_COLUMN} or {@link #WIDEN_COLUMN}
	 * @param column the column name
	 */
	void changed(String table, String kind, String column);

}
