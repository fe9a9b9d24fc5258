package io.github.paimonspring.test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A row a test expects, its values in column order (of the table, or of the columns the assertion
 * was narrowed to). Made by {@link PaimonAssertions#row(Object...)}.
 */
public final class ExpectedRow {

	private final List<@Nullable Object> values;

	ExpectedRow(@Nullable Object @Nullable [] values) {
		// row(null) passes a null array: one null value
		List<@Nullable Object> copy = new ArrayList<>();
		if (values != null) {
			copy.addAll(Arrays.asList(values));
		}
		else {
			copy.add(null);
		}
		this.values = Collections.unmodifiableList(copy);
	}

	/**
	 * Returns the values.
	 * @return the values in column order
	 */
	public List<@Nullable Object> values() {
		return this.values;
	}

	@Override
	public String toString() {
		return ValueText.of(this.values).replaceFirst("^\\[", "(").replaceFirst("]$", ")");
	}

}
