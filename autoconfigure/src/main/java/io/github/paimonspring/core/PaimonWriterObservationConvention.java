package io.github.paimonspring.core;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * An {@link ObservationConvention} for {@link PaimonWriterObservation#WRITER}: set one with
 * {@link PaimonWriter.Builder#observationConvention} to rename the observation or change its key values;
 * extend {@link DefaultPaimonWriterObservationConvention} to keep the defaults and add to them.
 *
 * @since 0.1.0
 */
public interface PaimonWriterObservationConvention extends ObservationConvention<PaimonWriterObservationContext> {

	@Override
	default boolean supportsContext(Observation.Context context) {
		return context instanceof PaimonWriterObservationContext;
	}

}
