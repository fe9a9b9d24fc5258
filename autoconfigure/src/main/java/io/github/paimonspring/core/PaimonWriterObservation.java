package io.github.paimonspring.core;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * The observations {@link PaimonWriter} makes when it has an observation registry
 * ({@link PaimonWriter.Builder#observationRegistry}): one per write-and-commit call of the template.
 * The key names below are those of {@link DefaultPaimonWriterObservationConvention}; a custom
 * {@link PaimonWriterObservationConvention} may add or replace them.
 */
public enum PaimonWriterObservation implements ObservationDocumentation {

	/**
	 * A write and its commit in one template call: {@code write}, {@code overwrite}, {@code execute} and
	 * {@code truncate} from the call until the commit returned or failed; {@code ingest} and channel
	 * appends ({@code IngestChannel.append}) from the call until their group commit completed the
	 * returned future. Named {@code paimon.writer}.
	 */
	WRITER {

		@Override
		public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
			return DefaultPaimonWriterObservationConvention.class;
		}

		@Override
		public KeyName[] getLowCardinalityKeyNames() {
			return LowCardinalityKeyNames.values();
		}

		@Override
		public KeyName[] getHighCardinalityKeyNames() {
			return HighCardinalityKeyNames.values();
		}

	};

	/**
	 * Low-cardinality key names: on every observation, and tags of the meters made from it.
	 */
	public enum LowCardinalityKeyNames implements KeyName {

		/**
		 * The table as {@code database.table} (a configured {@code paimon.tables} name resolved to its
		 * identifier; the name as given when it does not resolve).
		 */
		TABLE {

			@Override
			public String asString() {
				return "paimon.table";
			}

		},

		/**
		 * The template operation: {@code write}, {@code overwrite}, {@code write-fixed-buckets},
		 * {@code execute}, {@code truncate}, {@code ingest} or {@code channel-append}.
		 */
		OPERATION {

			@Override
			public String asString() {
				return "paimon.operation";
			}

		},

		/**
		 * The outcome: {@code committed} (a snapshot was created), {@code skipped} (there was nothing
		 * to commit) or {@code failed} (the call threw or the future failed; the error is on the
		 * observation); {@code unknown} while the call runs.
		 */
		RESULT {

			@Override
			public String asString() {
				return "paimon.result";
			}

		}

	}

	/**
	 * High-cardinality key names: on observations that completed without an error (spans, not meter
	 * tags).
	 */
	public enum HighCardinalityKeyNames implements KeyName {

		/**
		 * The number of rows written (for {@code truncate}, the row count the commit reported).
		 */
		ROWS {

			@Override
			public String asString() {
				return "paimon.rows";
			}

			@Override
			public boolean isRequired() {
				return false;
			}

		},

		/**
		 * The id of the snapshot the commit created; absent when nothing was committed.
		 */
		SNAPSHOT_ID {

			@Override
			public String asString() {
				return "paimon.snapshot.id";
			}

			@Override
			public boolean isRequired() {
				return false;
			}

		}

	}

}
