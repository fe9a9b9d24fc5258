package io.github.paimonspring.kafka;

import java.time.Duration;

import org.springframework.util.unit.DataSize;

/**
 * Batching of a partition's records into channel appends ({@code paimon.kafka.pipelines.<name>.batch.*}): an
 * append is sent at the first limit.
 */
public class KafkaBatchProperties {

	/**
	 * An append is sent when it has this many records.
	 */
	private int maxRows = 10_000;

	/**
	 * An append is sent when its records' values add up to this size.
	 */
	private DataSize maxBytes = DataSize.ofMegabytes(4);

	/**
	 * An append is sent when its first record has waited this long.
	 */
	private Duration maxWait = Duration.ofMillis(200);

	/**
	 * The appends of one partition in flight (sent, not yet committed); the partition is paused while
	 * it has this many. An append is answered by the table's next group commit, so a partition moves at most
	 * this many appends per commit interval.
	 */
	private int maxInFlight = 16;

	public int getMaxRows() {
		return this.maxRows;
	}

	public void setMaxRows(int maxRows) {
		this.maxRows = maxRows;
	}

	public DataSize getMaxBytes() {
		return this.maxBytes;
	}

	public void setMaxBytes(DataSize maxBytes) {
		this.maxBytes = maxBytes;
	}

	public Duration getMaxWait() {
		return this.maxWait;
	}

	public void setMaxWait(Duration maxWait) {
		this.maxWait = maxWait;
	}

	public int getMaxInFlight() {
		return this.maxInFlight;
	}

	public void setMaxInFlight(int maxInFlight) {
		this.maxInFlight = maxInFlight;
	}

}
