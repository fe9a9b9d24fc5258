package io.github.paimonspring.arrow;

import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A Flight Recorder event per set of Paimon column vectors made over an Arrow batch
 * ({@link ArrowBatchConverter#reconvert}, which {@link ArrowBatchConverter#convert} runs after its checks): of
 * which table and how many rows. The vectors read the batch's buffers in place, so making them is no pass over
 * the data; the events count how often a batch is turned into columns on its way to the writers: once, plus once
 * for each further parallel lane that writes a share of a large batch. Recorded only when a recording enables
 * {@value #NAME}.
 */
@Name(ArrowConversionEvent.NAME)
@Label("Arrow Batch Conversion")
@Description("Paimon column vectors made over an Arrow batch")
final class ArrowConversionEvent extends ArrowBatchEvent {

	/** The event's name in a recording. */
	static final String NAME = "io.github.paimonspring.ArrowBatchConversion";

}
