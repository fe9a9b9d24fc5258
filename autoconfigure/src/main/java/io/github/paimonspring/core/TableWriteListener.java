package io.github.paimonspring.core;

/**
 * Told which tables a {@link PaimonWriter} writes: before every write, commit, channel open and write
 * builder of a table (not before reads such as a channel's state), with the table's identifier
 * ({@code database.table}). Called on the writing thread for every such call, so an implementation must
 * return at once — remember the table, do any I/O elsewhere — and must not throw; the scheduled
 * maintenance uses it to maintain every table the service writes.
 */
@FunctionalInterface
public interface TableWriteListener {

	/** A listener that does nothing. */
	TableWriteListener NONE = (table) -> {
	};

	/**
	 * A table is about to be written.
	 * @param table the table identifier, {@code database.table}
	 */
	void writing(String table);

}
