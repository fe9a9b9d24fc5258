package io.github.paimonspring.s3.autoconfigure;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code paimon.s3.*}: whether this module serves S3 warehouses, and the sweep of stale multipart uploads. The
 * connection itself (endpoint, region, keys, limits) is configured with the catalog's {@code s3.*} options,
 * {@code paimon.catalog.options.s3.*}.
 *
 * @since 0.1.0
 */
@ConfigurationProperties("paimon.s3")
public class PaimonS3Properties {

	/**
	 * Whether s3:// and s3a:// warehouses are served by this module's FileIO on the AWS SDK v2. With false,
	 * Paimon chooses as without this module (paimon-s3, if on the class path).
	 */
	private boolean enabled = true;

	private final Multipart multipart = new Multipart();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Multipart getMultipart() {
		return this.multipart;
	}

	/** {@code paimon.s3.multipart.*}. */
	public static class Multipart {

		/**
		 * The age from which a pending multipart upload under the warehouse is stale and aborted by the sweep:
		 * longer than any one file takes to write.
		 */
		private Duration abortAfter = Duration.ofHours(24);

		/**
		 * How often the sweep of stale multipart uploads runs (first at start-up); 0 turns it off.
		 */
		private Duration sweepInterval = Duration.ofHours(1);

		public Duration getAbortAfter() {
			return this.abortAfter;
		}

		public void setAbortAfter(Duration abortAfter) {
			this.abortAfter = abortAfter;
		}

		public Duration getSweepInterval() {
			return this.sweepInterval;
		}

		public void setSweepInterval(Duration sweepInterval) {
			this.sweepInterval = sweepInterval;
		}

	}

}
