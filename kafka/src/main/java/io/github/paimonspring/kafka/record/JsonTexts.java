package io.github.paimonspring.kafka.record;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import org.jspecify.annotations.Nullable;

/**
 * The one JSON parser a consumer thread reads its records' texts with: Jackson's non-blocking parser,
 * fed one text after the other, so a record costs no parser of its own (creating one was most of what
 * converting a record allocated). A text is one root value of the parser's stream; byte offsets count
 * from the stream's start, so {@link #base} gives where the current text starts. A text the parser ends
 * in a bad state on (invalid JSON, text after the object, a field that does not fit) is {@link #discard
 * discarded} with it, and the next text gets a new parser; so does every {@value #TEXTS_PER_PARSER}th,
 * which bounds what the parser's name table keeps. Texts that are not plain UTF-8 (a byte-order mark,
 * UTF-16 or UTF-32) are left to Jackson's blocking parser, which detects their encoding. Used by one
 * thread.
 */
final class JsonTexts {

	static final int TEXTS_PER_PARSER = 1000;

	private final JsonFactory factory;

	private @Nullable Fed parser;

	private long base;

	private int texts;

	/**
	 * Creates the texts of one thread.
	 * @param factory the factory of the parsers
	 */
	JsonTexts(JsonFactory factory) {
		this.factory = factory;
	}

	/**
	 * Starts reading a text with the fed parser.
	 * @param text the text
	 * @return the parser, before the text's first token, or {@code null} when the text is not plain UTF-8
	 * @throws IOException when a parser cannot be created
	 */
	@Nullable JsonParser open(byte[] text) throws IOException {
		if (!plainUtf8(text)) {
			this.base = 0; // the blocking parser counts this text's offsets from its first byte
			return null;
		}
		Fed current = this.parser;
		if (current == null || this.texts >= TEXTS_PER_PARSER) {
			discard();
			current = new Fed(this.factory.createNonBlockingByteArrayParser());
			this.parser = current;
		}
		else {
			this.base = current.currentLocation().getByteOffset();
		}
		this.texts++;
		current.feeder.feedInput(text, 0, text.length);
		return current;
	}

	/**
	 * Returns where the current text starts in the byte offsets of the parser that reads it.
	 * @return the offset of the text's first byte (0 for a text left to the blocking parser)
	 */
	long base() {
		return this.base;
	}

	/**
	 * Returns a location's offset in the current text.
	 * @param location a location of the fed parser
	 * @return the offset from the text's first byte
	 */
	long offset(JsonLocation location) {
		return location.getByteOffset() - this.base;
	}

	/**
	 * Ends the current text once its object has been read and only whitespace follows it: the parser
	 * takes the whitespace and is ready for the next text (otherwise it is discarded).
	 * @throws IOException when the parser cannot be closed
	 */
	void finish() throws IOException {
		Fed current = this.parser;
		if (current != null && current.delegate().nextToken() != JsonToken.NOT_AVAILABLE) {
			discard();
		}
	}

	/** Drops the parser (after a text it did not read to its end); the next text gets a new one. */
	void discard() {
		Fed current = this.parser;
		this.parser = null;
		this.base = 0;
		this.texts = 0;
		if (current != null) {
			try {
				current.close();
			}
			catch (IOException ex) {
				// nothing was read from a stream: there is nothing to release that could fail
			}
		}
	}

	/** No byte-order mark and no zero byte among the first two (which would mean UTF-16 or UTF-32). */
	private static boolean plainUtf8(byte[] text) {
		if (text.length == 0) {
			return true;
		}
		byte first = text[0];
		return first != 0 && first != (byte) 0xEF && first != (byte) 0xFE && first != (byte) 0xFF
				&& (text.length == 1 || text[1] != 0);
	}

	/**
	 * The fed parser as the readers see it: the end of the input inside a value is an error, not the
	 * non-blocking parser's {@code NOT_AVAILABLE}, so a truncated text cannot keep a reader waiting.
	 */
	private static final class Fed extends JsonParserDelegate {

		private final ByteArrayFeeder feeder;

		Fed(JsonParser parser) {
			super(parser);
			this.feeder = (ByteArrayFeeder) parser.getNonBlockingInputFeeder();
		}

		@Override
		public @Nullable JsonToken nextToken() throws IOException {
			JsonToken token = this.delegate.nextToken();
			if (token == JsonToken.NOT_AVAILABLE) {
				throw new JsonEOFException(this, null, "Unexpected end-of-input");
			}
			return token;
		}

		@Override
		public JsonParser skipChildren() throws IOException {
			JsonToken token = currentToken();
			if (token != JsonToken.START_OBJECT && token != JsonToken.START_ARRAY) {
				return this;
			}
			int open = 1;
			while (open > 0) {
				JsonToken next = nextToken();
				if (next == null) {
					return this;
				}
				if (next.isStructStart()) {
					open++;
				}
				else if (next.isStructEnd()) {
					open--;
				}
			}
			return this;
		}

	}

}
