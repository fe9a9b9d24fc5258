package io.github.paimonspring.core;

import java.util.List;

/**
 * Told which tables a {@link PaimonWriter} writes: before every write, commit, channel open and write
 * builder of a table (not before reads such as a channel's state), with the table's identifier
 * ({@code database.table}). Called on the writing thread for every such call, so an implementation must
 * return at once — remember the table, do any I/O elsewhere — and must not throw; the scheduled
 * maintenance uses it to maintain every table the service writes.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface TableWriteListener {

	/** A listener that does nothing. */
	TableWriteListener NONE = (table) -> {
	};

	/**
	 * Returns a listener that tells each of the given listeners, in order.
	 * @param listeners the listeners
	 * @return {@link #NONE} for none, the listener itself for one
	 */
	static TableWriteListener composite(List<? extends TableWriteListener> listeners) {
		if (listeners.size() < 2) {
			return listeners.isEmpty() ? NONE : listeners.get(0);
		}
		List<TableWriteListener> all = List.copyOf(listeners);
		return (table) -> all.forEach((listener) -> listener.writing(table));
	}

	/**
	 * A table is about to be written.
	 * @param table the table identifier, {@code database.table}
	 */
	void writing(String table);

}
