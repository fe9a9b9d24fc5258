package io.github.paimonspring.arrow;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A Flight Recorder event per Arrow batch checked against a table before it is written
 * ({@link ArrowBatchConverter#convert}: buffers, {@code NOT NULL} constraints, scaled values): how long the
 * checks took, of which table and how many rows. Recorded only when a recording enables
 * {@value #NAME}; a batch is checked once on its way in, so the events count the batches written.
 */
@Name(ArrowValidationEvent.NAME)
@Label("Arrow Batch Validation")
@Category({ "Paimon Spring", "Arrow" })
@Description("An Arrow batch checked against a table before it is written")
@StackTrace(false)
final class ArrowValidationEvent extends Event {

	/** The event's name in a recording. */
	static final String NAME = "io.github.paimonspring.ArrowBatchValidation";

	@Label("Table")
	String table = "";

	@Label("Rows")
	int rows;

}
