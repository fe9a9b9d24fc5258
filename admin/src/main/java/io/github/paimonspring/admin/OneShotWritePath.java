package io.github.paimonspring.admin;

import java.util.function.Supplier;

import io.github.paimonspring.admin.transaction.WritePath;
import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import io.github.paimonspring.core.PaimonOperations;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.jspecify.annotations.Nullable;

/**
 * The write path of a one-shot upload and its writer, opened at the first batch after the table's
 * schema was evolved for the body; a path on the new schema replaces the first one when it changed.
 * Used by one request.
 */
final class OneShotWritePath implements AutoCloseable {

	private final PaimonOperations operations;

	private final Supplier<WritePath> paths;

	/** The path on the table's current schema. */
	WritePath current;

	private WritePath.@Nullable Writer writer;

	/**
	 * Opens the first path.
	 * @param operations evolves the table's schema
	 * @param paths opens a path on the table's current schema
	 */
	OneShotWritePath(PaimonOperations operations, Supplier<WritePath> paths) {
		this.operations = operations;
		this.paths = paths;
		this.current = paths.get();
	}

	/** The writer, opened at the first batch after the schema was evolved for it. */
	WritePath.Writer writer(String identifier, @Nullable VectorSchemaRoot first,
			@Nullable DictionaryProvider dictionaries,
			@Nullable SchemaEvolutionPolicy schemaEvolution) {
		if (this.writer == null) {
			if (first != null && !this.operations.schemaEvolution()
				.evolve(identifier, first.getSchema(), dictionaries, schemaEvolution)
				.isEmpty()) {
				WritePath evolved = this.paths.get();
				this.current.close();
				this.current = evolved;
			}
			this.writer = this.current.open();
		}
		return this.writer;
	}

	/** Waits for the batch the writer writes in the background. */
	void drain() {
		if (this.writer != null) {
			this.writer.drain();
		}
	}

	/** Waits for the batch in flight on a failure, before its Arrow memory is released. */
	void drainQuietly() {
		try {
			drain();
		}
		catch (RuntimeException ex) {
			// the failure that ends the read is reported; the writer is closed with the path
		}
	}

	/** Prepares what the writer wrote (nothing when the body had no batch) and closes the writer. */
	WritePath.Prepared prepare(String identifier, @Nullable SchemaEvolutionPolicy schemaEvolution) {
		WritePath.Writer open = writer(identifier, null, null, schemaEvolution);
		try {
			return open.prepare();
		}
		finally {
			this.writer = null;
			open.close();
		}
	}

	@Override
	public void close() {
		try {
			if (this.writer != null) {
				this.writer.close();
				this.writer = null;
			}
		}
		finally {
			this.current.close();
		}
	}

}
