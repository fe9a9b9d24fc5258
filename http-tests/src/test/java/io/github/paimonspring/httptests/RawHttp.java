package io.github.paimonspring.httptests;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain {@link Socket}, for requests {@code java.net.http} refuses to send
 * (encoded slashes and NULs, oversized or malformed headers, invalid request lines, stalled
 * bodies). Reads one response: up to its {@code Content-Length} or last chunk, or until the server
 * closes the connection.
 */
public final class RawHttp {

	private RawHttp() {
	}

	/**
	 * A response as received; {@code status} is -1 when the server closed without answering.
	 */
	public record Response(int status, Map<String, String> headers, String body) {

		/** A header by case-insensitive name, or {@code null}. */
		public String header(String name) {
			return this.headers.get(name.toLowerCase(Locale.ROOT));
		}

	}

	/** Sends the bytes as they are and reads one response (for at most 30 s). */
	public static Response send(SampleAppProcess app, String request) throws IOException {
		return send(app, request.getBytes(StandardCharsets.ISO_8859_1));
	}

	/** Sends the bytes as they are and reads one response (for at most 30 s). */
	public static Response send(SampleAppProcess app, byte[] request) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", app.uri("/").getPort())) {
			socket.setSoTimeout((int) Duration.ofSeconds(30).toMillis());
			OutputStream out = socket.getOutputStream();
			out.write(request);
			out.flush();
			return read(socket.getInputStream());
		}
	}

	/** Reads one response (head and body) from a connection. */
	public static Response read(InputStream in) throws IOException {
		ByteArrayOutputStream received = new ByteArrayOutputStream();
		byte[] buffer = new byte[8192];
		try {
			for (int n; !complete(received) && (n = in.read(buffer)) > 0;) {
				received.write(buffer, 0, n);
			}
		}
		catch (SocketTimeoutException ex) {
			throw new IOException("no end of response within 30 s; got: " + received.toString(StandardCharsets.UTF_8),
					ex);
		}
		catch (IOException ex) {
			// a reset after the response (the server closes while unread request bytes remain)
			if (received.size() == 0) {
				throw ex;
			}
		}
		String text = received.toString(StandardCharsets.UTF_8);
		int end = text.indexOf("\r\n\r\n");
		if (end < 0) {
			return new Response(-1, Map.of(), text);
		}
		String[] lines = text.substring(0, end).split("\r\n");
		Map<String, String> headers = new LinkedHashMap<>();
		for (int i = 1; i < lines.length; i++) {
			int colon = lines[i].indexOf(':');
			headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
					lines[i].substring(colon + 1).trim());
		}
		String body = text.substring(end + 4);
		if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
			body = dechunk(body);
		}
		return new Response(Integer.parseInt(lines[0].split(" ")[1]), headers, body);
	}

	/** Whether a whole response (head and a body of its Content-Length, or its last chunk) is in. */
	private static boolean complete(ByteArrayOutputStream received) {
		String text = received.toString(StandardCharsets.ISO_8859_1);
		int end = text.indexOf("\r\n\r\n");
		if (end < 0) {
			return false;
		}
		String head = text.substring(0, end).toLowerCase(Locale.ROOT);
		int length = head.indexOf("\r\ncontent-length:");
		if (length >= 0) {
			int eol = head.indexOf("\r\n", length + 2);
			String value = head.substring(length + 17, (eol < 0) ? head.length() : eol).trim();
			return text.length() - end - 4 >= Integer.parseInt(value);
		}
		return head.contains("\r\ntransfer-encoding: chunked") && text.endsWith("\r\n0\r\n\r\n");
	}

	private static String dechunk(String chunked) {
		StringBuilder body = new StringBuilder();
		int at = 0;
		while (at < chunked.length()) {
			int eol = chunked.indexOf("\r\n", at);
			int size = Integer.parseInt(chunked.substring(at, eol).trim(), 16);
			if (size == 0) {
				break;
			}
			body.append(chunked, eol + 2, eol + 2 + size);
			at = eol + 2 + size + 2;
		}
		return body.toString();
	}

}
