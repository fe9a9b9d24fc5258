package io.github.paimonspring.catalog;

import java.util.List;
import java.util.Locale;

import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.VarCharType;
import org.jspecify.annotations.Nullable;

/**
 * What a write may change in a table's schema to take an Arrow batch whose columns differ from the
 * table's: nothing, add new columns, or add new columns and widen existing ones. Columns are never
 * dropped, renamed or narrowed. Configured with {@code paimon.write.schema-evolution}, per table with
 * {@code paimon.tables.<name>.schema-evolution}, and per admin request with the
 * {@code schemaEvolution} query parameter (when {@code paimon.admin.allow-schema-evolution} is set).
 *
 * @since 0.1.0
 */
public enum SchemaEvolutionPolicy {

	/** The schema is never changed: a batch must fit the table as it is. */
	NONE("none"),

	/** Columns of the batch the table does not have are added, nullable, after the last column. */
	ADD_COLUMNS("add-columns"),

	/**
	 * Like {@link #ADD_COLUMNS}, and a column whose batch type is a safe widening of its table type
	 * (a wider integer, FLOAT to DOUBLE, DECIMAL with more precision and the same scale) is widened.
	 */
	ADD_COLUMNS_AND_WIDEN("add-columns-and-widen");

	/** The integer types from narrowest to widest. */
	private static final List<DataTypeRoot> INTEGERS = List.of(DataTypeRoot.TINYINT, DataTypeRoot.SMALLINT,
			DataTypeRoot.INTEGER, DataTypeRoot.BIGINT);

	private final String value;

	SchemaEvolutionPolicy(String value) {
		this.value = value;
	}

	/**
	 * Returns the value used in properties and query parameters, such as {@code add-columns}.
	 * @return the value
	 */
	public String value() {
		return this.value;
	}

	/**
	 * Returns whether new columns may be added.
	 * @return {@code true} for {@link #ADD_COLUMNS} and {@link #ADD_COLUMNS_AND_WIDEN}
	 */
	public boolean addsColumns() {
		return this != NONE;
	}

	/**
	 * Returns whether existing columns may be widened.
	 * @return {@code true} for {@link #ADD_COLUMNS_AND_WIDEN}
	 */
	public boolean widensColumns() {
		return this == ADD_COLUMNS_AND_WIDEN;
	}

	/**
	 * Parses a policy value: {@code none}, {@code add-columns} or {@code add-columns-and-widen}
	 * (case-insensitive, {@code _} for {@code -} accepted).
	 * @param value the value
	 * @return the policy
	 * @throws IllegalArgumentException naming the accepted values if there is no such policy
	 */
	public static SchemaEvolutionPolicy of(@Nullable String value) {
		String normalized = (value != null) ? value.trim().toLowerCase(Locale.ROOT).replace('_', '-') : "";
		for (SchemaEvolutionPolicy policy : values()) {
			if (policy.value.equals(normalized)) {
				return policy;
			}
		}
		throw new IllegalArgumentException("Unknown schema evolution policy '" + value
				+ "'; expected one of none, add-columns, add-columns-and-widen");
	}

	/**
	 * Returns whether a column type may be widened to another without losing information: TINYINT
	 * to SMALLINT to INT to BIGINT, FLOAT to DOUBLE, DECIMAL to more precision with the same scale,
	 * VARCHAR to a greater length. Nullability is not compared; equal types are not a widening.
	 * @param from the table's type
	 * @param to the wider type
	 * @return whether {@code to} is a safe widening of {@code from}
	 */
	public static boolean widens(DataType from, DataType to) {
		DataTypeRoot source = from.getTypeRoot();
		DataTypeRoot target = to.getTypeRoot();
		int sourceRank = INTEGERS.indexOf(source);
		int targetRank = INTEGERS.indexOf(target);
		if (sourceRank >= 0 && targetRank >= 0) {
			return targetRank > sourceRank;
		}
		if (source == DataTypeRoot.FLOAT) {
			return target == DataTypeRoot.DOUBLE;
		}
		if (from instanceof DecimalType narrow && to instanceof DecimalType wide) {
			return wide.getScale() == narrow.getScale() && wide.getPrecision() > narrow.getPrecision();
		}
		if (from instanceof VarCharType narrow && to instanceof VarCharType wide) {
			return wide.getLength() > narrow.getLength();
		}
		return false;
	}

	@Override
	public String toString() {
		return this.value;
	}

}
