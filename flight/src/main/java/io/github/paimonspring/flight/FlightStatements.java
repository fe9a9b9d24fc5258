package io.github.paimonspring.flight;

import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;
import org.jspecify.annotations.Nullable;

/**
 * The refusal of what this endpoint does not run: queries, prepared queries, Substrait plans and SQL statements
 * other than the two the ADBC Java driver sends for a bulk ingest ({@link AdbcStatements}). The refusal is
 * {@code UNIMPLEMENTED} and names what reads Paimon tables.
 */
final class FlightStatements {

	/** Why queries are refused. */
	static final String NO_QUERIES = "This Flight SQL endpoint ingests into Paimon tables (ADBC bulk ingest, "
			+ "CommandStatementIngest) and answers metadata; it runs no queries. Read the tables with Flink, Spark, "
			+ "Trino or Paimon's own reader.";

	private FlightStatements() {
	}

	/**
	 * The refusal of a statement, or of a query command without one.
	 * @param statement the SQL text the client sent, or {@code null} for a command without it
	 * @return the {@code UNIMPLEMENTED} status to throw or send
	 */
	static FlightRuntimeException unimplemented(@Nullable String statement) {
		String what = (statement != null)
				? "Statement not supported ('" + abbreviate(statement) + "'): the statements this endpoint "
						+ "recognizes are the ADBC Java driver's 'CREATE TABLE <t> (...)' and 'INSERT INTO <t> VALUES "
						+ "(?, ...)'. "
				: "";
		return CallStatus.UNIMPLEMENTED.withDescription(what + NO_QUERIES).toRuntimeException();
	}

	private static String abbreviate(String text) {
		String line = text.replaceAll("\\s+", " ").strip();
		return (line.length() > 120) ? line.substring(0, 120) + "..." : line;
	}

}
