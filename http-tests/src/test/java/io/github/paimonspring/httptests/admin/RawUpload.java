package io.github.paimonspring.httptests.admin;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * An HTTP/1.1 upload over a plain socket, for clients the JDK client cannot imitate: it announces a
 * {@code Content-Length}, sends only a prefix of the body (or all of it) and stalls, and reads whatever
 * the server answers meanwhile, even while it is still sending.
 */
final class RawUpload implements AutoCloseable {

	/** A status line and the headers the tests look at. */
	record Answer(int status, String retryAfter, String contentType, String head) {
	}

	private final Socket socket;

	RawUpload(URI uri, String token, long contentLength, byte[] prefix) throws IOException {
		this.socket = new Socket(uri.getHost(), uri.getPort());
		this.socket.setTcpNoDelay(true);
		String head = "POST " + uri.getRawPath() + " HTTP/1.1\r\n" + "Host: " + uri.getHost() + ":" + uri.getPort()
				+ "\r\n" + "Authorization: Bearer " + token + "\r\n"
				+ "Content-Type: application/vnd.apache.arrow.stream\r\n" + "Content-Length: " + contentLength + "\r\n"
				+ "Connection: close\r\n\r\n";
		OutputStream out = this.socket.getOutputStream();
		out.write(head.getBytes(StandardCharsets.US_ASCII));
		out.flush();
		// written on its own thread: a server that stops reading must not block the reader of its answer
		Thread sender = new Thread(() -> {
			try {
				out.write(prefix);
				out.flush();
			}
			catch (IOException ex) {
				// the server answered and closed; the answer tells why
			}
		}, "raw-upload-sender");
		sender.setDaemon(true);
		sender.start();
	}

	/**
	 * Waits up to {@code timeoutMillis} for the status line and headers; {@code null} if the server
	 * has not answered by then (it is still waiting for the rest of the body).
	 */
	Answer awaitAnswer(int timeoutMillis) throws IOException {
		this.socket.setSoTimeout(timeoutMillis);
		InputStream in = this.socket.getInputStream();
		ByteArrayOutputStream head = new ByteArrayOutputStream();
		try {
			int b;
			while ((b = in.read()) >= 0) {
				head.write(b);
				byte[] bytes = head.toByteArray();
				int n = bytes.length;
				if (n >= 4 && bytes[n - 4] == '\r' && bytes[n - 3] == '\n' && bytes[n - 2] == '\r'
						&& bytes[n - 1] == '\n') {
					break;
				}
			}
		}
		catch (SocketTimeoutException ex) {
			if (head.size() == 0) {
				return null;
			}
		}
		catch (IOException ex) {
			// a reset after the answer was sent: parse what arrived
			if (head.size() == 0) {
				throw ex;
			}
		}
		String text = head.toString(StandardCharsets.ISO_8859_1);
		if (!text.startsWith("HTTP/1.1 ")) {
			throw new IOException("no HTTP answer: '" + text + "'");
		}
		int status = Integer.parseInt(text.substring(9, 12));
		return new Answer(status, header(text, "retry-after"), header(text, "content-type"), text);
	}

	private static String header(String head, String name) {
		for (String line : head.split("\r\n")) {
			int colon = line.indexOf(':');
			if (colon > 0 && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals(name)) {
				return line.substring(colon + 1).trim();
			}
		}
		return null;
	}

	@Override
	public void close() throws IOException {
		this.socket.close();
	}

}
