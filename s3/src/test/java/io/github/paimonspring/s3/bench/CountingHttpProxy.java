package io.github.paimonspring.s3.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small HTTP/1.1 forwarding proxy on loopback that sits in front of an S3 server and records every request it
 * passes on: method, S3 operation (told from the method, path and query), key and status. Each client connection
 * gets its own upstream connection (keep-alive on both sides). {@code Expect: 100-continue} is answered by the
 * proxy itself and not passed on, so that neither client waits on it.
 */
final class CountingHttpProxy implements AutoCloseable {

	private final String upstreamHost;

	private final int upstreamPort;

	private final ServerSocket server;

	private final ExecutorService threads;

	private final List<Request> requests = new CopyOnWriteArrayList<>();

	private final List<Socket> open = new CopyOnWriteArrayList<>();

	private final AtomicInteger connections = new AtomicInteger();

	private volatile boolean closed;

	/**
	 * One request passed on, counted as soon as its response starts (so that it is counted before the client
	 * sees the end of it); {@link #cutOff()} when the client closed the connection before the response's body
	 * ended (an aborted read).
	 */
	static final class Request {

		private final String method;

		private final String operation;

		private final String key;

		private final String range;

		private final int status;

		private volatile boolean cutOff;

		Request(String method, String operation, String key, String range, int status) {
			this.method = method;
			this.operation = operation;
			this.key = key;
			this.range = range;
			this.status = status;
		}

		String method() {
			return this.method;
		}

		String operation() {
			return this.operation;
		}

		boolean cutOff() {
			return this.cutOff;
		}

		@Override
		public String toString() {
			return this.method + " " + this.operation + " " + this.key + (this.range.isEmpty() ? "" : " " + this.range)
					+ " -> " + this.status + (this.cutOff ? " (response cut off by the client)" : "");
		}

	}

	CountingHttpProxy(String upstreamHost, int upstreamPort) throws IOException {
		this.upstreamHost = upstreamHost;
		this.upstreamPort = upstreamPort;
		this.server = new ServerSocket();
		this.server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
		AtomicInteger count = new AtomicInteger();
		this.threads = Executors.newCachedThreadPool((task) -> {
			Thread thread = new Thread(task, "counting-proxy-" + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		this.threads.execute(this::accept);
	}

	/** The endpoint clients send to. */
	String endpoint() {
		return "http://127.0.0.1:" + this.server.getLocalPort();
	}

	/** Forgets the requests and connections counted so far. */
	void reset() {
		this.requests.clear();
		this.connections.set(0);
	}

	/** The client connections accepted since the last reset. */
	int connections() {
		return this.connections.get();
	}

	/** The requests counted since the last reset, in the order their responses ended. */
	List<Request> requests() {
		return List.copyOf(this.requests);
	}

	/** The counts by {@code METHOD Operation}, sorted; responses cut off by the client are counted apart too. */
	static Map<String, Integer> byOperation(List<Request> requests) {
		Map<String, Integer> counts = new TreeMap<>();
		for (Request request : requests) {
			counts.merge(request.method() + " " + request.operation(), 1, Integer::sum);
			if (request.cutOff()) {
				counts.merge("(of these: responses cut off by the client)", 1, Integer::sum);
			}
		}
		return counts;
	}

	private void accept() {
		while (!this.closed) {
			try {
				Socket client = this.server.accept();
				this.connections.incrementAndGet();
				this.open.add(client);
				this.threads.execute(() -> serve(client));
			}
			catch (IOException ex) {
				if (!this.closed) {
					System.err.println("counting proxy: accept failed: " + ex);
				}
				return;
			}
		}
	}

	private void serve(Socket client) {
		Socket upstream = null;
		try {
			client.setTcpNoDelay(true);
			InputStream fromClient = new BufferedInputStream(client.getInputStream(), 64 * 1024);
			OutputStream toClient = new BufferedOutputStream(client.getOutputStream(), 64 * 1024);
			InputStream fromUpstream = null;
			OutputStream toUpstream = null;
			while (!this.closed) {
				String requestLine = readLine(fromClient);
				if (requestLine == null || requestLine.isEmpty()) {
					return;
				}
				List<String[]> headers = readHeaders(fromClient);
				boolean expectContinue = "100-continue".equalsIgnoreCase(header(headers, "Expect"));
				headers.removeIf((h) -> h[0].equalsIgnoreCase("Expect"));
				if (upstream == null || upstream.isClosed()) {
					upstream = new Socket(this.upstreamHost, this.upstreamPort);
					upstream.setTcpNoDelay(true);
					this.open.add(upstream);
					fromUpstream = new BufferedInputStream(upstream.getInputStream(), 64 * 1024);
					toUpstream = new BufferedOutputStream(upstream.getOutputStream(), 64 * 1024);
				}
				if (expectContinue) {
					toClient.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
					toClient.flush();
				}
				writeHead(toUpstream, requestLine, headers);
				copyBody(fromClient, toUpstream, headers, false);
				toUpstream.flush();

				String statusLine = readLine(fromUpstream);
				List<String[]> responseHeaders = (statusLine != null) ? readHeaders(fromUpstream) : List.of();
				while (statusLine != null && status(statusLine) >= 100 && status(statusLine) < 200) {
					statusLine = readLine(fromUpstream);
					responseHeaders = (statusLine != null) ? readHeaders(fromUpstream) : List.of();
				}
				if (statusLine == null) {
					System.err.println("counting proxy: the server closed the connection on " + requestLine);
					return;
				}
				String method = requestLine.substring(0, requestLine.indexOf(' '));
				int status = status(statusLine);
				Request request = describe(method, requestLine, headers, status);
				this.requests.add(request);
				writeHead(toClient, statusLine, responseHeaders);
				boolean bodyless = method.equals("HEAD") || status == 204 || status == 304;
				boolean untilClose = false;
				boolean complete = false;
				try {
					if (!bodyless) {
						untilClose = copyBody(fromUpstream, toClient, responseHeaders, true);
					}
					toClient.flush();
					complete = true;
				}
				finally {
					request.cutOff = !complete;
				}
				if (untilClose || "close".equalsIgnoreCase(header(headers, "Connection"))
						|| "close".equalsIgnoreCase(header(responseHeaders, "Connection"))) {
					return;
				}
			}
		}
		catch (IOException ex) {
			// a client or server that hung up (an aborted ranged read drops its connection on purpose)
		}
		finally {
			closeQuietly(client);
			this.open.remove(client);
			if (upstream != null) {
				closeQuietly(upstream);
				this.open.remove(upstream);
			}
		}
	}

	private static Request describe(String method, String requestLine, List<String[]> headers, int status) {
		String target = requestLine.substring(requestLine.indexOf(' ') + 1, requestLine.lastIndexOf(' '));
		int question = target.indexOf('?');
		String path = URLDecoder.decode((question < 0) ? target : target.substring(0, question),
				StandardCharsets.UTF_8);
		String query = (question < 0) ? "" : target.substring(question + 1);
		Map<String, String> params = new TreeMap<>();
		for (String pair : query.split("&")) {
			if (!pair.isEmpty()) {
				int eq = pair.indexOf('=');
				params.put((eq < 0) ? pair : pair.substring(0, eq),
						(eq < 0) ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
			}
		}
		// path-style: /bucket/key
		String trimmed = path.startsWith("/") ? path.substring(1) : path;
		int slash = trimmed.indexOf('/');
		String key = (slash < 0) ? "" : trimmed.substring(slash + 1);
		boolean hasKey = !key.isEmpty();
		String range = header(headers, "Range");
		String operation = switch (method) {
			case "HEAD" -> hasKey ? "HeadObject" : "HeadBucket";
			case "GET" -> {
				if (!hasKey) {
					if (params.containsKey("uploads")) {
						yield "ListMultipartUploads";
					}
					if (params.containsKey("location")) {
						yield "GetBucketLocation";
					}
					yield "2".equals(params.get("list-type")) ? "ListObjectsV2" : "ListObjects";
				}
				if (params.containsKey("uploadId")) {
					yield "ListParts";
				}
				yield (range == null) ? "GetObject" : rangeKind(range);
			}
			case "PUT" -> {
				boolean copy = header(headers, "x-amz-copy-source") != null;
				if (params.containsKey("partNumber")) {
					yield copy ? "UploadPartCopy" : "UploadPart";
				}
				if (!hasKey) {
					yield "CreateBucket";
				}
				yield copy ? "CopyObject" : (key.endsWith("/") ? "PutObject(dir marker)" : "PutObject");
			}
			case "POST" -> {
				if (params.containsKey("uploads")) {
					yield "CreateMultipartUpload";
				}
				if (params.containsKey("uploadId")) {
					yield "CompleteMultipartUpload";
				}
				yield params.containsKey("delete") ? "DeleteObjects" : "POST?" + query;
			}
			case "DELETE" -> {
				if (params.containsKey("uploadId")) {
					yield "AbortMultipartUpload";
				}
				yield hasKey ? "DeleteObject" : "DeleteBucket";
			}
			default -> method;
		};
		String shownKey = hasKey ? key : "(bucket)" + describeListing(params);
		return new Request(method, operation, shownKey, (range == null) ? "" : range, status);
	}

	private static String rangeKind(String range) {
		return range.trim().endsWith("-") ? "GetObject(open range)" : "GetObject(bounded range)";
	}

	private static String describeListing(Map<String, String> params) {
		StringBuilder text = new StringBuilder();
		for (String name : List.of("prefix", "delimiter", "max-keys")) {
			String value = params.get(name);
			if (value != null) {
				text.append(' ').append(name).append('=').append(value);
			}
		}
		return text.toString();
	}

	private static int status(String statusLine) {
		String[] parts = statusLine.split(" ", 3);
		return Integer.parseInt(parts[1].trim());
	}

	private static String header(List<String[]> headers, String name) {
		for (String[] header : headers) {
			if (header[0].equalsIgnoreCase(name)) {
				return header[1];
			}
		}
		return null;
	}

	private static void writeHead(OutputStream out, String firstLine, List<String[]> headers) throws IOException {
		StringBuilder head = new StringBuilder(firstLine).append("\r\n");
		for (String[] header : headers) {
			head.append(header[0]).append(": ").append(header[1]).append("\r\n");
		}
		head.append("\r\n");
		out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
	}

	/** Copies a message body; whether it was one that ends with the connection. */
	private static boolean copyBody(InputStream in, OutputStream out, List<String[]> headers, boolean response)
			throws IOException {
		String encoding = header(headers, "Transfer-Encoding");
		if (encoding != null && encoding.toLowerCase(Locale.ROOT).contains("chunked")) {
			copyChunked(in, out);
			return false;
		}
		String length = header(headers, "Content-Length");
		if (length != null) {
			copyFixed(in, out, Long.parseLong(length.trim()));
			return false;
		}
		if (!response) {
			return false;
		}
		in.transferTo(out);
		return true;
	}

	private static void copyFixed(InputStream in, OutputStream out, long length) throws IOException {
		byte[] buffer = new byte[64 * 1024];
		long left = length;
		while (left > 0) {
			int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
			if (read < 0) {
				throw new IOException("the body ended " + left + " bytes early");
			}
			out.write(buffer, 0, read);
			left -= read;
		}
	}

	private static void copyChunked(InputStream in, OutputStream out) throws IOException {
		while (true) {
			String sizeLine = readLine(in);
			if (sizeLine == null) {
				throw new IOException("the chunked body ended early");
			}
			out.write((sizeLine + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
			int semicolon = sizeLine.indexOf(';');
			long size = Long.parseLong(((semicolon < 0) ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
			if (size == 0) {
				// trailers, then the empty line
				String trailer;
				do {
					trailer = readLine(in);
					if (trailer == null) {
						throw new IOException("the chunked body ended in its trailers");
					}
					out.write((trailer + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
				}
				while (!trailer.isEmpty());
				return;
			}
			copyFixed(in, out, size);
			String end = readLine(in);
			if (end == null) {
				throw new IOException("the chunked body ended early");
			}
			out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
		}
	}

	private static List<String[]> readHeaders(InputStream in) throws IOException {
		List<String[]> headers = new ArrayList<>();
		while (true) {
			String line = readLine(in);
			if (line == null) {
				throw new IOException("the connection closed in the headers");
			}
			if (line.isEmpty()) {
				return headers;
			}
			int colon = line.indexOf(':');
			headers.add(new String[] { line.substring(0, colon).trim(), line.substring(colon + 1).trim() });
		}
	}

	/** A line without its CRLF, or {@code null} at the end of the stream. */
	private static String readLine(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream(128);
		int b;
		while ((b = in.read()) >= 0) {
			if (b == '\n') {
				byte[] bytes = line.toByteArray();
				int length = (bytes.length > 0 && bytes[bytes.length - 1] == '\r') ? bytes.length - 1 : bytes.length;
				return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
			}
			line.write(b);
		}
		return (line.size() == 0) ? null : line.toString(StandardCharsets.ISO_8859_1);
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// closing anyway
		}
	}

	@Override
	public void close() throws IOException {
		this.closed = true;
		this.server.close();
		for (Socket socket : this.open) {
			closeQuietly(socket);
		}
		this.threads.shutdownNow();
	}

}
