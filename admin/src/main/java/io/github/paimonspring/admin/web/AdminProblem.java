package io.github.paimonspring.admin.web;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;

/**
 * One RFC 9457 problem of the admin API, rendered as {@code application/problem+json} with
 * {@code type} ({@code urn:paimon-spring:problem:<slug>}), {@code title}, {@code status},
 * {@code detail}, {@code instance} and extension members.
 *
 * <p>Written without a message converter, so that it can answer a request whose {@code Accept} or
 * {@code Content-Type} header is itself the problem, and from a filter or a Tomcat valve. Details
 * never carry file-system paths, URIs or stack traces: {@link #redact(String)} replaces them.
 */
public final class AdminProblem {

	/** The media type of every admin error body. */
	public static final String MEDIA_TYPE = "application/problem+json";

	/** The prefix of every problem {@code type}. */
	public static final String TYPE_PREFIX = "urn:paimon-spring:problem:";

	private static final int MAX_DETAIL = 2000;

	private static final int MAX_INSTANCE = 1024;

	/** {@code scheme://…} and {@code file:/…}: warehouse, object-store and JDBC locations. */
	private static final Pattern URI = Pattern.compile("\\b[a-zA-Z][a-zA-Z0-9+.-]*:/{1,3}[^\\s'\"<>\\]\\[(),]*");

	/** Absolute POSIX paths of two or more segments ({@code /tmp/warehouse/db/...}). */
	private static final Pattern POSIX_PATH = Pattern
		.compile("(?<![\\w.~-])/[\\w.~@%+=-]+(?:/[\\w.~@%+=-]*)+");

	/** Windows paths ({@code C:\\data\\...}). */
	private static final Pattern WINDOWS_PATH = Pattern.compile("\\b[a-zA-Z]:\\\\[^\\s'\"<>]*");

	/** A stack frame as {@code Throwable.toString()} chains sometimes carry. */
	private static final Pattern STACK_FRAME = Pattern.compile("\\s+at [\\w$.]+\\([^)]*\\)");

	private final int status;

	private final String slug;

	private final String title;

	private final String detail;

	private final @Nullable String instance;

	private final Map<String, Object> properties = new LinkedHashMap<>();

	private AdminProblem(int status, String slug, String title, @Nullable String detail, @Nullable String instance) {
		this.status = status;
		this.slug = slug;
		this.title = title;
		this.detail = redact(detail);
		this.instance = instance(instance);
	}

	/**
	 * Creates a problem.
	 * @param status the HTTP status
	 * @param slug the last part of the {@code type}
	 * @param title a short, fixed summary of the problem type
	 * @param detail the explanation of this occurrence (redacted)
	 * @param instance the request path, or {@code null}
	 * @return the problem
	 */
	public static AdminProblem of(int status, String slug, String title, @Nullable String detail,
			@Nullable String instance) {
		return new AdminProblem(status, slug, title, detail, instance);
	}

	/**
	 * Creates a problem from a status alone, with a generic title, slug and detail: for errors that
	 * carry nothing else worth showing (container rejections, {@code sendError} without a message).
	 * @param status the HTTP status
	 * @param instance the request path, or {@code null}
	 * @return the problem
	 */
	public static AdminProblem forStatus(int status, @Nullable String instance) {
		return forStatus(status, null, instance);
	}

	/**
	 * Creates a problem from a status with a generic title (the reason phrase, as a sentence) and
	 * slug.
	 * @param status the HTTP status
	 * @param detail the explanation of this occurrence, or {@code null} for a generic one
	 * @param instance the request path, or {@code null}
	 * @return the problem
	 */
	public static AdminProblem forStatus(int status, @Nullable String detail, @Nullable String instance) {
		HttpStatus known = HttpStatus.resolve(status);
		String phrase = (known != null) ? known.getReasonPhrase() : "HTTP " + status;
		String title = phrase.startsWith("HTTP") ? phrase
				: phrase.charAt(0) + phrase.substring(1).toLowerCase(Locale.ROOT);
		return new AdminProblem(status, slug(title), title, (detail != null) ? detail : genericDetail(status),
				instance);
	}

	/**
	 * Adds an extension member.
	 * @param name the member name
	 * @param value a string, number or boolean; {@code null} is not written
	 * @return this problem
	 */
	public AdminProblem with(String name, @Nullable Object value) {
		if (value != null) {
			this.properties.put(name, value);
		}
		return this;
	}

	/**
	 * Returns the HTTP status.
	 * @return the status
	 */
	public int getStatus() {
		return this.status;
	}

	/**
	 * Returns the {@code type} URN.
	 * @return {@code urn:paimon-spring:problem:<slug>}
	 */
	public String getType() {
		return TYPE_PREFIX + this.slug;
	}

	/**
	 * Returns the short, fixed summary of the problem type.
	 * @return the title
	 * @since 0.1.0
	 */
	public String getTitle() {
		return this.title;
	}

	/**
	 * Returns the redacted detail.
	 * @return the detail
	 */
	public String getDetail() {
		return this.detail;
	}

	/**
	 * Renders the problem as JSON.
	 * @return the JSON document
	 */
	public String toJson() {
		StringBuilder json = new StringBuilder(256).append('{');
		member(json, "type", getType());
		json.append(',');
		member(json, "title", this.title);
		json.append(",\"status\":").append(this.status).append(',');
		member(json, "detail", this.detail);
		if (this.instance != null) {
			json.append(',');
			member(json, "instance", this.instance);
		}
		for (Map.Entry<String, Object> property : this.properties.entrySet()) {
			json.append(',');
			Object value = property.getValue();
			if (value instanceof Number || value instanceof Boolean) {
				quote(json, property.getKey()).append(':').append(value);
			}
			else {
				member(json, property.getKey(), String.valueOf(value));
			}
		}
		return json.append('}').toString();
	}

	/**
	 * Writes status, {@code Content-Type} and body; headers set before (such as {@code Allow}) are
	 * kept.
	 * @param response the response, which must not be committed
	 * @throws IOException if the client has gone
	 */
	public void writeTo(HttpServletResponse response) throws IOException {
		byte[] body = toJson().getBytes(StandardCharsets.UTF_8);
		response.setStatus(this.status);
		response.setContentType(MEDIA_TYPE);
		response.setCharacterEncoding(StandardCharsets.UTF_8.name());
		response.setContentLength(body.length);
		OutputStream out = response.getOutputStream();
		out.write(body);
		out.flush();
	}

	/**
	 * Removes what must not reach a client from a detail: URIs, file-system paths and stack frames;
	 * caps its length.
	 * @param detail the detail, or {@code null}
	 * @return the redacted detail, never blank
	 */
	public static String redact(@Nullable String detail) {
		if (detail == null || detail.isBlank()) {
			return "No further detail.";
		}
		String safe = STACK_FRAME.matcher(detail).replaceAll("");
		safe = URI.matcher(safe).replaceAll("<location>");
		safe = WINDOWS_PATH.matcher(safe).replaceAll("<path>");
		safe = POSIX_PATH.matcher(safe).replaceAll("<path>");
		return (safe.length() > MAX_DETAIL) ? safe.substring(0, MAX_DETAIL) + "…" : safe;
	}

	/**
	 * Turns a title into a {@code type} slug.
	 * @param title the title
	 * @return lower case words joined by dashes
	 */
	public static String slug(String title) {
		String slug = title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
		return slug.replaceAll("^-+|-+$", "");
	}

	/** The request path as sent (still percent-encoded), if it is printable ASCII of sane length. */
	private static @Nullable String instance(@Nullable String path) {
		if (path == null || path.isEmpty() || path.length() > MAX_INSTANCE) {
			return null;
		}
		for (int i = 0; i < path.length(); i++) {
			char c = path.charAt(i);
			if (c <= ' ' || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>') {
				return null;
			}
		}
		return path;
	}

	private static String genericDetail(int status) {
		return switch (status) {
			case 400 -> "The request is malformed (request line, URI, headers or body) and was rejected before it was "
					+ "processed.";
			case 401 -> "Authentication is required.";
			case 403 -> "The request is not allowed.";
			case 404 -> "No admin endpoint matches this path.";
			case 405 -> "The endpoint does not support this method; see the Allow header.";
			case 406 -> "The endpoint cannot answer with a media type the Accept header allows.";
			case 408 -> "The request was not received completely in time.";
			case 413 -> "The request body is too large.";
			case 414 -> "The request URI is too long.";
			case 415 -> "The request body has an unsupported media type.";
			case 431 -> "The request headers are too large.";
			case 501 -> "The request uses a feature the server does not implement (such as an unknown transfer "
					+ "encoding).";
			case 503 -> "The service is unavailable; retry later.";
			case 505 -> "The HTTP version is not supported.";
			default -> (status >= 500) ? "The request failed on the server; the server log has the cause."
					: "The request was rejected.";
		};
	}

	private static void member(StringBuilder json, String name, String value) {
		quote(json, name).append(':');
		quote(json, value);
	}

	private static StringBuilder quote(StringBuilder json, String value) {
		json.append('"');
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			switch (c) {
				case '"' -> json.append("\\\"");
				case '\\' -> json.append("\\\\");
				case '\n' -> json.append("\\n");
				case '\r' -> json.append("\\r");
				case '\t' -> json.append("\\t");
				default -> {
					if (c < 0x20 || c == 0x2028 || c == 0x2029) {
						json.append(String.format("\\u%04x", (int) c));
					}
					else {
						json.append(c);
					}
				}
			}
		}
		return json.append('"');
	}

}
