package io.github.paimonspring.arrow.ipc;

import org.jspecify.annotations.Nullable;

/**
 * The limits an Arrow IPC stream is held to before Arrow reads it: the length of one metadata message,
 * and the nesting depth and field count of its schema (Arrow converts schemas recursively, so a deep one
 * would overflow the stack).
 *
 * @param maxMetadataBytes the most bytes of one message's metadata (at least 1)
 * @param maxSchemaDepth the deepest nesting of fields (at least 1)
 * @param maxSchemaFields the most fields, nested ones included (at least 1)
 * @param settings the prefix of the properties that set the limits, named in refusals (such as
 * {@code paimon.admin}), or {@code null} when they are fixed
 * @since 0.1.0
 */
public record ArrowIpcLimits(long maxMetadataBytes, int maxSchemaDepth, int maxSchemaFields,
		@Nullable String settings) {

	/** The defaults of the admin API's properties: 1 MB of metadata, 64 levels, 10,000 fields. */
	public static final ArrowIpcLimits DEFAULTS = new ArrowIpcLimits(1024 * 1024, 64, 10_000, null);

	/**
	 * Checks the limits.
	 * @param maxMetadataBytes the most bytes of one message's metadata
	 * @param maxSchemaDepth the deepest nesting of fields
	 * @param maxSchemaFields the most fields
	 * @param settings the prefix of the properties, or {@code null}
	 * @throws IllegalArgumentException when a limit is below 1
	 */
	public ArrowIpcLimits {
		if (maxMetadataBytes < 1 || maxSchemaDepth < 1 || maxSchemaFields < 1) {
			throw new IllegalArgumentException("Arrow IPC limits must be at least 1: max-metadata-size "
					+ maxMetadataBytes + ", max-schema-depth " + maxSchemaDepth + ", max-schema-fields "
					+ maxSchemaFields + ((settings != null) ? " (" + settings + ".*)" : ""));
		}
	}

	/**
	 * Returns the property of a limit for a refusal's message.
	 * @param name the limit's property name, such as {@code max-schema-depth}
	 * @return {@code " (paimon.admin.max-schema-depth)"}, or nothing when the limits are fixed
	 */
	String setting(String name) {
		return (this.settings != null) ? " (" + this.settings + "." + name + ")" : "";
	}

}
