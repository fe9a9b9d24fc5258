package io.github.paimonspring.core;

import io.github.paimonspring.core.PaimonWriterObservation.HighCardinalityKeyNames;
import io.github.paimonspring.core.PaimonWriterObservation.LowCardinalityKeyNames;
import io.micrometer.common.KeyValues;

/**
 * The default {@link PaimonWriterObservationConvention}: the observation {@code paimon.writer} with the
 * low-cardinality key values {@code paimon.table}, {@code paimon.operation} and {@code paimon.result}
 * ({@code committed}, {@code skipped} or {@code failed}; {@code unknown} while the call runs, as on
 * the {@code paimon.writer.active} long task timer), and after a successful call the
 * high-cardinality key values {@code paimon.rows} and, when a snapshot was created,
 * {@code paimon.snapshot.id}. The contextual name is the operation and the table, such as
 * {@code write shop.orders}.
 *
 * @since 0.1.0
 */
public class DefaultPaimonWriterObservationConvention implements PaimonWriterObservationConvention {

	/**
	 * The name of the observation, and of the timer made from it.
	 */
	public static final String NAME = "paimon.writer";

	/**
	 * A shared instance.
	 */
	public static final DefaultPaimonWriterObservationConvention INSTANCE =
			new DefaultPaimonWriterObservationConvention();

	@Override
	public String getName() {
		return NAME;
	}

	@Override
	public String getContextualName(PaimonWriterObservationContext context) {
		return context.getOperation().value() + " " + context.getTable();
	}

	@Override
	public KeyValues getLowCardinalityKeyValues(PaimonWriterObservationContext context) {
		return KeyValues.of(LowCardinalityKeyNames.TABLE.withValue(context.getTable()),
				LowCardinalityKeyNames.OPERATION.withValue(context.getOperation().value()),
				LowCardinalityKeyNames.RESULT.withValue(result(context)));
	}

	@Override
	public KeyValues getHighCardinalityKeyValues(PaimonWriterObservationContext context) {
		KeyValues values = KeyValues.empty();
		Long rows = context.getRows();
		if (rows != null) {
			values = values.and(HighCardinalityKeyNames.ROWS.withValue(String.valueOf(rows)));
		}
		Long snapshotId = context.getSnapshotId();
		if (snapshotId != null) {
			values = values.and(HighCardinalityKeyNames.SNAPSHOT_ID.withValue(String.valueOf(snapshotId)));
		}
		return values;
	}

	private static String result(PaimonWriterObservationContext context) {
		if (context.getError() != null) {
			return "failed";
		}
		Boolean committed = context.getCommitted();
		if (committed == null) {
			return "unknown";
		}
		return committed ? "committed" : "skipped";
	}

}
