package io.github.paimonspring.kafka.record;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import io.github.paimonspring.kafka.BadRecordException;
import io.github.paimonspring.kafka.BadRecordException.Reason;
import org.jspecify.annotations.Nullable;

/**
 * Reads a record's value or key that must be exactly one JSON object, with Jackson's streaming parser
 * (no tree): its fields are handed to a callback as they come. Anything else is malformed: text after
 * the object (a second object included), a top-level array or scalar, nothing at all, a duplicate field
 * name at any depth, or invalid JSON. A record that is malformed is reported as malformed even when a
 * field before the fault did not fit its column.
 */
final class JsonObjects {

	/** Reads the fields; the readers detect duplicate names themselves, cheaper than Jackson's sets. */
	private static final JsonFactory JSON = JsonFactory.builder().build();

	/** Checks texts: duplicate names detected by Jackson at any depth. */
	private static final JsonFactory STRICT = JsonFactory.builder()
		.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
		.build();

	private JsonObjects() {
	}

	/** What is done with each field of the object. */
	@FunctionalInterface
	interface Fields {

		/**
		 * Takes one field.
		 * @param name the field's name
		 * @param parser the parser, on the value's first token; left on its last token
		 * @throws IOException when the JSON is not valid
		 * @throws BadRecordException (mismatch) when the value does not fit
		 */
		void field(String name, JsonParser parser) throws IOException;

	}

	/**
	 * Returns the parser of one thread's texts.
	 * @return a new {@link JsonTexts} for the readers' factory
	 */
	static JsonTexts texts() {
		return new JsonTexts(JSON);
	}

	/**
	 * Reads a JSON object with the fed parser of a thread, parsing it once. A text that the fed parser
	 * does not read to the end of one object is read again from the start by a parser of its own (after
	 * {@code restart}), which reports its fault exactly as {@link #read(byte[], String, String, Fields)}
	 * does.
	 * @param texts the thread's parser
	 * @param bytes the JSON text
	 * @param what what the text is ({@code value}, {@code key}), for messages
	 * @param note added to the messages of malformed texts
	 * @param fields the callback for each field
	 * @param restart undoes what the callback did, before the text is read again
	 * @throws BadRecordException (malformed) when the text is not exactly one JSON object, or the
	 * callback's exception
	 */
	static void read(JsonTexts texts, byte[] bytes, String what, String note, Fields fields, Runnable restart) {
		JsonParser parser;
		try {
			parser = texts.open(bytes);
		}
		catch (IOException ex) {
			parser = null;
		}
		if (parser == null) {
			read(JSON, bytes, what, note, fields);
			return;
		}
		boolean read = false;
		try {
			if (parser.nextToken() == JsonToken.START_OBJECT) {
				while (parser.nextToken() == JsonToken.FIELD_NAME) {
					String name = parser.currentName();
					parser.nextToken();
					fields.field(name, parser);
				}
				read = parser.currentToken() == JsonToken.END_OBJECT
						&& whitespace(bytes, texts.offset(parser.currentLocation()));
				if (read) {
					texts.finish();
				}
			}
		}
		catch (BadRecordException ex) {
			texts.discard();
			if (ex.reason() != Reason.MALFORMED) {
				check(bytes, what, note); // malformed comes first, as if the whole text were parsed first
			}
			throw ex;
		}
		catch (IOException ex) {
			read = false;
		}
		if (!read) {
			texts.discard();
			restart.run();
			read(JSON, bytes, what, note, fields);
		}
	}

	/** Whether the bytes from an offset on are only whitespace. */
	private static boolean whitespace(byte[] bytes, long from) {
		if (from < 0 || from > bytes.length) {
			return false;
		}
		for (int i = (int) from; i < bytes.length; i++) {
			byte b = bytes[i];
			if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
				return false;
			}
		}
		return true;
	}

	/**
	 * Reads a JSON object with a parser of its own.
	 * @param bytes the JSON text (UTF-8, or another encoding Jackson detects)
	 * @param what what the text is ({@code value}, {@code key}), for messages
	 * @param note added to the messages of malformed texts, such as {@code " (key-format is json)"}
	 * @param fields the callback for each field
	 * @throws BadRecordException (malformed) when the text is not exactly one JSON object, or the
	 * callback's exception
	 */
	static void read(byte[] bytes, String what, String note, Fields fields) {
		read(JSON, bytes, what, note, fields);
	}

	private static void read(JsonFactory factory, byte[] bytes, String what, String note, Fields fields) {
		try (JsonParser parser = factory.createParser(bytes)) {
			try {
				JsonToken token = parser.nextToken();
				if (token != JsonToken.START_OBJECT) {
					throw new BadRecordException(Reason.MALFORMED, "The " + what + " is "
							+ ((token != null) ? "a JSON " + describe(token) + ", not an object" : "empty")
							+ " (a record holds one JSON object)" + note);
				}
				while (parser.nextToken() == JsonToken.FIELD_NAME) {
					String name = parser.currentName();
					parser.nextToken();
					fields.field(name, parser);
				}
				trailing(parser, bytes, what, note);
			}
			catch (BadRecordException ex) {
				if (ex.reason() != Reason.MALFORMED) {
					check(bytes, what, note); // malformed comes first, as if the whole text were parsed first
				}
				throw ex;
			}
		}
		catch (IOException ex) {
			String message = (ex instanceof JsonProcessingException json) ? json.getOriginalMessage() : ex.getMessage();
			if (message != null && message.startsWith(DUPLICATE)) {
				throw new BadRecordException(Reason.MALFORMED, "The " + what + " has a d" + message.substring(1)
						+ note, ex);
			}
			throw new BadRecordException(Reason.MALFORMED, "The " + what + " is not JSON" + note + ": " + message, ex);
		}
	}

	/**
	 * Checks that a text is exactly one JSON object, without reading its values.
	 * @param bytes the text
	 * @param what what the text is, for messages
	 * @param note added to the messages
	 * @throws BadRecordException (malformed) when it is not
	 */
	static void check(byte[] bytes, String what, String note) {
		read(STRICT, bytes, what, note, (name, parser) -> parser.skipChildren());
	}

	private static final String DUPLICATE = "Duplicate field ";

	/**
	 * Returns the error of a field name given twice in one object (malformed, like Jackson's own).
	 * @param parser the parser
	 * @param name the name
	 * @return the exception to throw
	 */
	static IOException duplicate(JsonParser parser, String name) {
		return new JsonParseException(parser, DUPLICATE + "'" + name + "'");
	}

	/**
	 * Skips the value the parser is on, detecting duplicate names in its objects.
	 * @param parser the parser, on the value's first token; left on its last token
	 * @throws IOException when the JSON is not valid or has a duplicate name
	 */
	static void skip(JsonParser parser) throws IOException {
		JsonToken token = parser.currentToken();
		if (token == JsonToken.START_ARRAY) {
			while (parser.nextToken() != JsonToken.END_ARRAY) {
				skip(parser);
			}
		}
		else if (token == JsonToken.START_OBJECT) {
			Set<String> names = new HashSet<>();
			while (parser.nextToken() == JsonToken.FIELD_NAME) {
				if (!names.add(parser.currentName())) {
					throw duplicate(parser, parser.currentName());
				}
				parser.nextToken();
				skip(parser);
			}
		}
	}

	/** Refuses anything but whitespace after the object (the parser is on its closing brace). */
	private static void trailing(JsonParser parser, byte[] bytes, String what, String note) throws IOException {
		long end = parser.currentLocation().getByteOffset();
		int at = -1;
		if (end >= 0) {
			for (int i = (int) end; i < bytes.length; i++) {
				byte b = bytes[i];
				if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
					at = i;
					break;
				}
			}
		}
		else if (nextToken(parser) != null) { // not UTF-8: no byte offsets
			at = (int) parser.currentTokenLocation().getCharOffset();
		}
		if (at >= 0) {
			String text = (end >= 0) ? new String(bytes, at, Math.min(bytes.length - at, 80), StandardCharsets.UTF_8)
					: "";
			throw new BadRecordException(Reason.MALFORMED, "The " + what + " has text after its JSON object at "
					+ ((end >= 0) ? "byte " : "character ") + at + ((end >= 0) ? ": '" + JsonValues.shorten(text)
					+ "'" : "") + " (a record holds one JSON object)" + note);
		}
	}

	private static @Nullable JsonToken nextToken(JsonParser parser) {
		try {
			return parser.nextToken();
		}
		catch (IOException ex) {
			return JsonToken.NOT_AVAILABLE; // text that is not JSON is text after the object all the same
		}
	}

	/**
	 * Describes the kind of JSON value a token starts.
	 * @param token the token
	 * @return {@code object}, {@code array}, {@code string}, {@code number}, {@code boolean} or {@code null}
	 */
	static String describe(JsonToken token) {
		return switch (token) {
			case START_OBJECT, END_OBJECT, FIELD_NAME -> "object";
			case START_ARRAY, END_ARRAY -> "array";
			case VALUE_STRING -> "string";
			case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number";
			case VALUE_TRUE, VALUE_FALSE -> "boolean";
			case VALUE_NULL -> "null";
			default -> "value";
		};
	}

}
