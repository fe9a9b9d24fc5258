package io.github.paimonspring.core;

import java.nio.file.Path;

import io.github.paimonspring.UnsupportedTableException;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.write.family.WriteTarget;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;

/**
 * Resolves table names into {@link WriteTarget}s with a {@link PaimonWriter}'s writer settings, and
 * tells its {@link TableWriteListener} about the tables written. Thread-safe.
 */
final class WriteTargets {

	private final PaimonTables tables;

	private final Path spillDirectory;

	private final int parallelism;

	private volatile boolean columnarWrites = true;

	private volatile TableWriteListener writeListener = TableWriteListener.NONE;

	WriteTargets(PaimonTables tables, Path spillDirectory, int parallelism) {
		this.tables = tables;
		this.spillDirectory = spillDirectory;
		this.parallelism = parallelism;
	}

	void setColumnarWrites(boolean columnarWrites) {
		this.columnarWrites = columnarWrites;
	}

	void setWriteListener(TableWriteListener writeListener) {
		this.writeListener = writeListener;
	}

	/** The table to write; tells the {@link TableWriteListener}. */
	WriteTarget target(String table) {
		WriteTarget target = resolve(table);
		this.writeListener.writing(target.name());
		return target;
	}

	/** The table, for what is not a write (reading its index, its channel states). */
	WriteTarget resolve(String table) {
		Table resolved = this.tables.getTable(table);
		String name = this.tables.identifier(table).getFullName();
		if (!(resolved instanceof FileStoreTable fileStoreTable)) {
			throw new UnsupportedTableException(name, "Table '" + name + "' is a " + resolved.getClass().getSimpleName()
					+ "; only Paimon append and primary-key tables can be written");
		}
		return new WriteTarget(name, fileStoreTable, this.spillDirectory, this.parallelism, this.tables.fence(),
				this.tables.rowKindColumn(table)).withColumnarWrites(this.columnarWrites);
	}

}
