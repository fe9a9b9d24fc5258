package io.github.paimonspring.maintenance;

import java.util.Set;

/**
 * Names the files that no snapshot references yet but that must not be removed as orphans: the files
 * of prepared commits that a coordinator may still commit (on any instance).
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface PendingFiles {

	/** No pending files. */
	PendingFiles NONE = (table) -> Set.of();

	/**
	 * Returns the names of the pending files of a table.
	 * @param table the table identifier ({@code database.table})
	 * @return the file names (without directories)
	 */
	Set<String> pendingFiles(String table);

}
