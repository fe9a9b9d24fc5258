package io.github.paimonspring.arrow;

import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A Flight Recorder event per Arrow batch checked against a table before it is written
 * ({@link ArrowBatchConverter#convert}: buffers, {@code NOT NULL} constraints, scaled values): how long the
 * checks took, of which table and how many rows. Recorded only when a recording enables
 * {@value #NAME}; a batch is checked once on its way in, so the events count the batches written.
 */
@Name(ArrowValidationEvent.NAME)
@Label("Arrow Batch Validation")
@Description("An Arrow batch checked against a table before it is written")
final class ArrowValidationEvent extends ArrowBatchEvent {

	/** The event's name in a recording. */
	static final String NAME = "io.github.paimonspring.ArrowBatchValidation";

}
