package io.github.paimonspring.flight;

import org.apache.arrow.flight.sql.SqlInfoBuilder;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.memory.RootAllocator;

/**
 * What the endpoint answers to {@code GetSqlInfo}: its name and version, the Arrow version, not read-only, no SQL,
 * no Substrait, no cancellation, bulk ingest with transactions.
 */
final class FlightSqlInfo {

	private FlightSqlInfo() {
	}

	static SqlInfoBuilder of() {
		return new SqlInfoBuilder().withFlightSqlServerName("Paimon Spring Boot Flight SQL")
			.withFlightSqlServerVersion(version(PaimonFlightServer.class, "development"))
			.withFlightSqlServerArrowVersion(version(RootAllocator.class, "unknown"))
			.withFlightSqlServerReadOnly(false)
			.withFlightSqlServerSql(false)
			.withFlightSqlServerSubstrait(false)
			.withFlightSqlServerCancel(false)
			.withFlightSqlServerBulkIngestion(true)
			.withFlightSqlServerBulkIngestionTransaction(true)
			.withFlightSqlServerTransaction(FlightSql.SqlSupportedTransaction.SQL_SUPPORTED_TRANSACTION_TRANSACTION);
	}

	/** The version in the manifest of the jar a class comes from. */
	private static String version(Class<?> type, String otherwise) {
		String version = type.getPackage().getImplementationVersion();
		return (version != null) ? version : otherwise;
	}

}
