package io.github.paimonspring.cluster;

/**
 * The live instances of a service, as one instance sees them: its own id, and whether another instance
 * still holds its lease. A technology module records the instance that owns something (a staged
 * transaction, a channel) with {@link #id()} and asks {@link #isAlive(String)} before taking it over.
 * The auto-configuration provides it as a bean, beside the shared {@link StateStore}.
 *
 * @since 0.1.0
 */
public interface InstanceRegistry {

	/**
	 * Returns this instance's id.
	 * @return the id, unique among the instances that share the state store
	 */
	String id();

	/**
	 * Returns whether an instance still holds its lease (this one always does while it runs).
	 * @param instance an instance id
	 * @return {@code false} once its lease has expired or it deregistered
	 */
	boolean isAlive(String instance);

}
