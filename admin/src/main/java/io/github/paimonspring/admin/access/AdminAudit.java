package io.github.paimonspring.admin.access;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.spi.LoggingEventBuilder;

/**
 * The audit trail of state-changing admin requests: one event per request, logged at INFO under the logger
 * {@value #LOGGER} with its fields as key-value pairs (Boot's structured logging writes them as JSON members;
 * the plain message carries them as {@code key=value}), and handed to listeners (the Micrometer counter).
 */
public final class AdminAudit {

	/** The name of the audit logger. */
	public static final String LOGGER = "paimon.admin.audit";

	private static final Logger logger = LoggerFactory.getLogger(LOGGER);

	private final List<AdminAuditListener> listeners;

	/**
	 * Creates the trail.
	 * @param listeners told of every event after it is logged
	 */
	public AdminAudit(List<AdminAuditListener> listeners) {
		this.listeners = List.copyOf(listeners);
	}

	/**
	 * Records an event.
	 * @param event the event
	 */
	public void record(AdminAuditEvent event) {
		if (logger.isInfoEnabled()) {
			LoggingEventBuilder builder = logger.atInfo()
				.addKeyValue("principal", event.principal())
				.addKeyValue("operation", event.operation().id())
				.addKeyValue("outcome", event.outcome())
				.addKeyValue("status", event.status());
			StringBuilder message = new StringBuilder("principal=").append(event.principal())
				.append(" operation=").append(event.operation().id())
				.append(" outcome=").append(event.outcome())
				.append(" status=").append(event.status());
			builder = add(builder, message, "table", event.table());
			builder = add(builder, message, "transaction", event.transaction());
			builder = add(builder, message, "channel", event.channel());
			builder = add(builder, message, "snapshot", event.snapshotId());
			builder = add(builder, message, "detail", event.detail());
			builder.log(message.toString());
		}
		for (AdminAuditListener listener : this.listeners) {
			listener.audited(event);
		}
	}

	private static LoggingEventBuilder add(LoggingEventBuilder builder, StringBuilder message, String key,
			@Nullable Object value) {
		if (value == null) {
			return builder;
		}
		String text = String.valueOf(value);
		message.append(' ').append(key).append('=');
		if (text.indexOf(' ') >= 0 || text.indexOf('"') >= 0) {
			message.append('"').append(text.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
		}
		else {
			message.append(text);
		}
		return builder.addKeyValue(key, value);
	}

}
