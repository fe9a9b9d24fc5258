package io.github.paimonspring.actuate;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.autoconfigure.actuate.PaimonActuatorAutoConfiguration;
import io.github.paimonspring.autoconfigure.actuate.PaimonMetricsAutoConfiguration;
import io.github.paimonspring.support.Batches;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;

import org.springframework.boot.autoconfigure.AutoConfigurations;

/**
 * Shared configuration of the actuator tests: the Paimon auto-configurations and two tables,
 * {@code test.events} (append) and {@code test.orders} (primary key, two buckets).
 */
public final class ActuatorFixtures {

	/** The core auto-configurations with the actuator support. */
	public static final AutoConfigurations PAIMON = AutoConfigurations.of(PaimonAutoConfiguration.class,
			PaimonMetricsAutoConfiguration.class, PaimonActuatorAutoConfiguration.class);

	/** {@code test.events} and {@code test.orders}. */
	public static final String[] TABLES = { "paimon.tables.events.identifier=test.events",
			"paimon.tables.events.create-if-missing=true", "paimon.tables.events.schema.columns[0].name=id",
			"paimon.tables.events.schema.columns[0].type=INT", "paimon.tables.events.schema.columns[1].name=name",
			"paimon.tables.events.schema.columns[1].type=STRING",
			"paimon.tables.orders.identifier=test.orders", "paimon.tables.orders.create-if-missing=true",
			"paimon.tables.orders.schema.columns[0].name=id",
					"paimon.tables.orders.schema.columns[0].type=INT NOT NULL",
			"paimon.tables.orders.schema.columns[1].name=name", "paimon.tables.orders.schema.columns[1].type=STRING",
			"paimon.tables.orders.schema.primary-key=id", "paimon.tables.orders.schema.options.bucket=2" };

	private ActuatorFixtures() {
	}

	/** An Arrow IPC stream of one (id, name) batch. */
	public static byte[] arrowStream(Object... idNamePairs) {
		try (BufferAllocator allocator = new RootAllocator();
				VectorSchemaRoot root = Batches.idName(allocator, idNamePairs)) {
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
				writer.start();
				writer.writeBatch();
				writer.end();
			}
			return out.toByteArray();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
