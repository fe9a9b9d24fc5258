package io.github.paimonspring.flight.autoconfigure;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The Arrow Flight SQL endpoint ({@code paimon.flight.*}). Its limits are the admin API's
 * ({@code paimon.admin.max-*}), its credentials and scopes too.
 *
 * @since 0.1.0
 */
@ConfigurationProperties("paimon.flight")
public class PaimonFlightProperties {

	/**
	 * Whether to run the Flight SQL endpoint (it needs the admin API, paimon.admin.enabled=true).
	 */
	private boolean enabled;

	/**
	 * The address the endpoint listens on.
	 */
	private String address = "0.0.0.0";

	/**
	 * The port the endpoint listens on; 0 picks a free one (logged, and in the paimonFlight health details).
	 */
	private int port = 32010;

	/**
	 * The catalog name the endpoint shows to Flight SQL tools (GetCatalogs, GetTables).
	 */
	private String catalogName = "paimon";

	/**
	 * The database of a bulk ingest that names no schema (target_db_schema) and no configured table.
	 */
	private String defaultDatabase = "default";

	/**
	 * How long a shutdown waits for calls in flight before it cancels them.
	 */
	private Duration shutdownTimeout = Duration.ofSeconds(30);

	/**
	 * How long a call waits for each message of the client (the first one, the schema, the next batch) before it
	 * ends with TIMED_OUT, having written nothing.
	 */
	private Duration readTimeout = Duration.ofSeconds(30);

	/**
	 * TLS of the endpoint.
	 */
	private final Ssl ssl = new Ssl();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getAddress() {
		return this.address;
	}

	public void setAddress(String address) {
		this.address = address;
	}

	public int getPort() {
		return this.port;
	}

	public void setPort(int port) {
		this.port = port;
	}

	public String getCatalogName() {
		return this.catalogName;
	}

	public void setCatalogName(String catalogName) {
		this.catalogName = catalogName;
	}

	public String getDefaultDatabase() {
		return this.defaultDatabase;
	}

	public void setDefaultDatabase(String defaultDatabase) {
		this.defaultDatabase = defaultDatabase;
	}

	public Duration getShutdownTimeout() {
		return this.shutdownTimeout;
	}

	public void setShutdownTimeout(Duration shutdownTimeout) {
		this.shutdownTimeout = shutdownTimeout;
	}

	public Duration getReadTimeout() {
		return this.readTimeout;
	}

	public void setReadTimeout(Duration readTimeout) {
		this.readTimeout = readTimeout;
	}

	public Ssl getSsl() {
		return this.ssl;
	}

	/** TLS through a Spring Boot SSL bundle. */
	public static class Ssl {

		/**
		 * The SSL bundle (spring.ssl.bundle.*) whose key and certificate chain the endpoint serves; none serves
		 * plain gRPC.
		 */
		private @Nullable String bundle;

		public @Nullable String getBundle() {
			return this.bundle;
		}

		public void setBundle(@Nullable String bundle) {
			this.bundle = bundle;
		}

	}

}
