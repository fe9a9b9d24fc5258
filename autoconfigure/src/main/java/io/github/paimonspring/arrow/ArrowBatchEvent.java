package io.github.paimonspring.arrow;

import jdk.jfr.Category;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.StackTrace;

/**
 * The fields the Flight Recorder events of one Arrow batch on its way to a table share: the table and the
 * batch's rows. Its subclasses name the step ({@link ArrowValidationEvent}, {@link ArrowConversionEvent}).
 */
@Category({ "Paimon Spring", "Arrow" })
@StackTrace(false)
abstract class ArrowBatchEvent extends Event {

	@Label("Table")
	String table = "";

	@Label("Rows")
	int rows;

	/** Commits the event for a batch of a table, when a recording enables it. */
	final void commit(String table, int rows) {
		if (shouldCommit()) {
			this.table = table;
			this.rows = rows;
			commit();
		}
	}

}
