package io.github.paimonspring.cluster;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Small records that every instance of a service can read: each is a flat map of strings, stored under
 * a kind and an id. Writing a record replaces it whole; there are no transactions across records. The
 * store is shared by the instances that share a catalog: the JDBC catalog's database
 * ({@link JdbcStateStore}), or a directory of the warehouse outside every table
 * ({@link WarehouseStateStore}). The auto-configuration provides it as a bean; technology modules keep their
 * records in it (the admin API's staged transactions and channel owners).
 *
 * @since 0.1.0
 */
public interface StateStore {

	/**
	 * Writes a record, replacing the one with the same kind and id.
	 * @param kind the kind of record, for example {@code instance}
	 * @param id the id, unique within the kind
	 * @param fields the record
	 * @throws io.github.paimonspring.PaimonUnavailableException if the store cannot be reached
	 */
	void put(String kind, String id, Map<String, String> fields);

	/**
	 * Reads a record.
	 * @param kind the kind of record
	 * @param id the id
	 * @return the record, or {@code null} if there is none
	 */
	@Nullable Map<String, String> get(String kind, String id);

	/**
	 * Reads every record of a kind.
	 * @param kind the kind of record
	 * @return the records by id
	 */
	Map<String, Map<String, String>> list(String kind);

	/**
	 * Deletes a record; deleting a missing one does nothing.
	 * @param kind the kind of record
	 * @param id the id
	 */
	void delete(String kind, String id);

	/**
	 * Describes where the records are kept, for logs and the actuator.
	 * @return for example {@code jdbc:postgresql://host/db (table paimon_spring_state)}
	 */
	String location();

}
