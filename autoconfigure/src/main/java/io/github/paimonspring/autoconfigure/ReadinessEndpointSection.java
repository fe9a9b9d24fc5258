package io.github.paimonspring.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.paimonspring.actuate.PaimonEndpointSection;
import org.jspecify.annotations.Nullable;

/**
 * The {@code readiness} section of the {@code paimon} endpoint: {@code startToReadyMillis}, the time from the
 * JVM's start to the instance's first readiness ({@link WarmReadiness}), and {@code warmedInTime}, whether the
 * indexes of the configured tables were read within {@code paimon.ingest.warm-up-timeout}. Absent before ready.
 */
record ReadinessEndpointSection(WarmReadiness readiness) implements PaimonEndpointSection {

	@Override
	public String name() {
		return "readiness";
	}

	@Override
	public @Nullable Object read() {
		Duration ready = this.readiness.startToReady();
		if (ready == null) {
			return null;
		}
		Map<String, Object> section = new LinkedHashMap<>();
		section.put("startToReadyMillis", ready.toMillis());
		section.put("warmedInTime", this.readiness.warmedInTime());
		return section;
	}

}
