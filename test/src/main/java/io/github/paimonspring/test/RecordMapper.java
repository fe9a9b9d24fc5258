package io.github.paimonspring.test;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;

import org.jspecify.annotations.Nullable;

import org.springframework.core.MethodParameter;
import org.springframework.core.convert.ConversionException;
import org.springframework.core.convert.ConversionService;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.support.DefaultConversionService;

/**
 * Maps rows read as column maps onto the components of a Java record: by name, or by the
 * {@code snake_case} spelling of the name; values of another type go through Spring's
 * {@link DefaultConversionService}.
 *
 * @param <R> the record type
 */
final class RecordMapper<R extends Record> {

	private final Class<R> type;

	private final String description;

	private final BiFunction<Map<String, @Nullable Object>, Integer, String> rowNames;

	private final RecordComponent[] components;

	private final Constructor<R> constructor;

	private final ConversionService conversion = DefaultConversionService.getSharedInstance();

	RecordMapper(Class<R> type, String description, BiFunction<Map<String, @Nullable Object>, Integer,
			String> rowNames) {
		if (!type.isRecord()) {
			throw new IllegalArgumentException(type.getName() + " is not a record: rows of " + description
					+ " map onto the components of a record");
		}
		this.type = type;
		this.description = description;
		this.rowNames = rowNames;
		this.components = type.getRecordComponents();
		Class<?>[] parameterTypes = Arrays.stream(this.components).map(RecordComponent::getType)
				.toArray(Class<?>[]::new);
		try {
			this.constructor = type.getDeclaredConstructor(parameterTypes);
			this.constructor.setAccessible(true);
		}
		catch (NoSuchMethodException ex) {
			throw new IllegalStateException("Record " + type.getName() + " has no canonical constructor", ex);
		}
	}

	List<R> map(List<Map<String, @Nullable Object>> rows) {
		if (rows.isEmpty()) {
			return List.of();
		}
		String[] columns = columnsOf(rows.get(0).keySet().stream().toList());
		List<R> records = new ArrayList<>(rows.size());
		for (int i = 0; i < rows.size(); i++) {
			records.add(map(rows.get(i), i, columns));
		}
		return records;
	}

	/** The column each component reads, by exact name first, then ignoring case and underscores. */
	private String[] columnsOf(List<String> columnNames) {
		String[] columns = new String[this.components.length];
		for (int c = 0; c < this.components.length; c++) {
			String name = this.components[c].getName();
			if (columnNames.contains(name)) {
				columns[c] = name;
				continue;
			}
			List<String> matches = columnNames.stream().filter((column) -> normalized(column).equals(normalized(name)))
				.toList();
			if (matches.size() != 1) {
				throw new IllegalArgumentException("Record component '" + name + "' of " + this.type.getSimpleName()
						+ (matches.isEmpty() ? " matches no column" : " matches several columns " + matches) + " of "
						+ this.description + "; the columns are " + columnNames);
			}
			columns[c] = matches.get(0);
		}
		return columns;
	}

	private static String normalized(String name) {
		return name.replace("_", "").toLowerCase(Locale.ROOT);
	}

	private R map(Map<String, @Nullable Object> row, int index, String[] columns) {
		@Nullable Object[] arguments = new Object[this.components.length];
		for (int c = 0; c < this.components.length; c++) {
			RecordComponent component = this.components[c];
			Object value = row.get(columns[c]);
			arguments[c] = convert(value, component, row, index, columns[c]);
		}
		try {
			return this.constructor.newInstance(arguments);
		}
		catch (InvocationTargetException ex) {
			Throwable refusal = Objects.requireNonNullElse(ex.getCause(), ex);
			throw new IllegalArgumentException("Record " + this.type.getSimpleName() + " refused " + rowName(row, index)
					+ " of " + this.description + ": " + refusal.getMessage(), refusal);
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException("Cannot create record " + this.type.getName(), ex);
		}
	}

	private @Nullable Object convert(@Nullable Object value, RecordComponent component, Map<String,
			@Nullable Object> row,
			int index, String column) {
		Class<?> target = component.getType();
		if (value == null) {
			if (target.isPrimitive()) {
				throw new IllegalArgumentException("Column '" + column + "' of " + this.description + " is null in "
						+ rowName(row, index) + ", but record component " + this.type.getSimpleName() + "."
						+ component.getName() + " is a " + target.getName());
			}
			return null;
		}
		TypeDescriptor targetType = new TypeDescriptor(new MethodParameter(this.constructor,
				Arrays.asList(this.components).indexOf(component)));
		if (targetType.getObjectType().isInstance(value) && !(value instanceof List || value instanceof Map)) {
			return value;
		}
		try {
			return this.conversion.convert(value, TypeDescriptor.forObject(value), targetType);
		}
		catch (ConversionException ex) {
			throw new IllegalArgumentException("Column '" + column + "' of " + this.description + " in " + rowName(row,
					index)
					+ " holds " + value + " (" + value.getClass().getSimpleName() + "), which record component "
					+ this.type.getSimpleName() + "." + component.getName() + " (" + target.getSimpleName()
					+ ") cannot take: " + ex.getMessage(), ex);
		}
	}

	private String rowName(Map<String, @Nullable Object> row, int index) {
		return this.rowNames.apply(row, index);
	}

}
