package io.github.paimonspring.actuate;

import io.github.paimonspring.write.SchemaChangeListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Counts the schema changes writes applied with Micrometer: counter {@code paimon.schema.changes},
 * tagged with {@code table} and {@code kind} ({@code add-column} or {@code widen-column}), one per
 * changed column.
 */
public class MicrometerSchemaChangeListener implements SchemaChangeListener {

	/** Columns added or widened by writes, per table and kind. */
	public static final String SCHEMA_CHANGES = "paimon.schema.changes";

	private final MeterRegistry registry;

	/**
	 * Creates the listener.
	 * @param registry the registry to record into
	 */
	public MicrometerSchemaChangeListener(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void changed(String table, String kind, String column) {
		Counter.builder(SCHEMA_CHANGES)
			.description("Columns added or widened by schema evolution on write")
			.tag("table", table)
			.tag("kind", kind)
			.register(this.registry)
			.increment();
	}

}
