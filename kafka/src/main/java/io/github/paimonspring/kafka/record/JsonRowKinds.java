package io.github.paimonspring.kafka.record;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.github.paimonspring.kafka.BadRecordException;
import org.apache.paimon.types.RowKind;

/**
 * The row kind a JSON record gives in its row-kind field.
 */
final class JsonRowKinds {

	private JsonRowKinds() {
	}

	/**
	 * Reads the row kind of a record from its row-kind field's value ({@code +I}, {@code -U}, {@code +U},
	 * {@code -D}, or 0 to 3).
	 * @param field the field's name, for messages
	 * @param parser the parser, on the field's value (not null)
	 * @param current the table's shape
	 * @return the row kind's byte value
	 * @throws IOException when the JSON is not valid
	 * @throws BadRecordException (mismatch) for an unknown row kind, or one other than an insert for a table
	 * without a primary key
	 */
	static byte read(String field, JsonParser parser, TableShape current) throws IOException {
		RowKind kind = null;
		JsonToken token = parser.currentToken();
		if (token == JsonToken.VALUE_STRING) {
			String text = parser.getText();
			for (RowKind candidate : RowKind.values()) {
				if (candidate.shortString().equals(text)) {
					kind = candidate;
				}
			}
		}
		else if (token == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() == JsonParser.NumberType.INT
				&& parser.getIntValue() >= 0 && parser.getIntValue() <= 3) {
			kind = RowKind.fromByteValue((byte) parser.getIntValue());
		}
		if (kind == null) {
			String shown = switch (token) {
				case VALUE_STRING -> "\"" + parser.getText() + "\"";
				case START_OBJECT, START_ARRAY, END_OBJECT, END_ARRAY -> "(a JSON " + JsonObjects.describe(token) + ")";
				default -> parser.getText();
			};
			throw JsonValues.mismatch(field, null, "has the unknown row kind " + JsonValues.shorten(shown)
					+ " (expected +I, -U, +U, -D or 0 to 3)");
		}
		if (kind != RowKind.INSERT && current.primaryKeys().isEmpty()) {
			throw JsonValues.mismatch(field, null, "is " + kind.shortString() + ", but table '"
					+ current.identifier() + "' has no primary key: it takes inserts (+I) only");
		}
		return kind.toByteValue();
	}

}
