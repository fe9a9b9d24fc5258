package io.github.paimonspring.actuate;

import org.jspecify.annotations.Nullable;

/**
 * A section of the {@code paimon} actuator endpoint that a module contributes: the admin API its open
 * transactions ({@code transactions}), the Kafka module its pipelines ({@code kafkaPipelines}). Every bean of
 * this type adds one member to the endpoint's response, after the tables and commit locks.
 *
 * @since 0.1.0
 */
public interface PaimonEndpointSection {

	/**
	 * The member's name in the endpoint's response.
	 * @return a JSON member name, unique among the sections
	 */
	String name();

	/**
	 * Reads the section now.
	 * @return the section's content, rendered as JSON, or {@code null} to leave the member out
	 */
	@Nullable Object read();

}
