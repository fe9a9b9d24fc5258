package io.github.paimonspring.s3;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import org.jspecify.annotations.Nullable;

/**
 * The {@code s3.*} catalog options, read and checked once: every key that paimon-s3 documented keeps its meaning,
 * an unknown {@code s3.*} key is an error that names it. Equal settings share one S3 client.
 *
 * @since 0.1.0
 */
public final class S3Settings {

	/** The smallest part S3 accepts in a multipart upload (all but the last part). */
	public static final long MIN_PART_SIZE = 5L << 20;

	static final String ENDPOINT = "s3.endpoint";

	static final String REGION = "s3.endpoint.region";

	static final String REGION_ALIAS = "s3.region";

	static final String ACCESS_KEY = "s3.access-key";

	static final String SECRET_KEY = "s3.secret-key";

	static final String SESSION_TOKEN = "s3.session-token";

	static final String PATH_STYLE = "s3.path.style.access";

	static final String MAX_CONNECTIONS = "s3.connection.maximum";

	static final String CONNECTION_TIMEOUT = "s3.connection.timeout";

	static final String SOCKET_TIMEOUT = "s3.socket.timeout";

	static final String MAX_ATTEMPTS = "s3.attempts.maximum";

	static final String PART_SIZE = "s3.multipart.size";

	static final String ACTIVE_PARTS = "s3.fast.upload.active.blocks";

	static final String SEEK_SKIP = "s3.readahead.range";

	/** Each key with the spellings that mean the same (paimon-s3 and Hadoop S3A accept both). */
	private static final Map<String, List<String>> KEYS = new LinkedHashMap<>();

	static {
		KEYS.put(ENDPOINT, List.of(ENDPOINT));
		KEYS.put(REGION, List.of(REGION, REGION_ALIAS));
		KEYS.put(ACCESS_KEY, List.of(ACCESS_KEY, "s3.access.key"));
		KEYS.put(SECRET_KEY, List.of(SECRET_KEY, "s3.secret.key"));
		KEYS.put(SESSION_TOKEN, List.of(SESSION_TOKEN, "s3.session.token"));
		KEYS.put(PATH_STYLE, List.of(PATH_STYLE, "s3.path-style-access", "s3.path-style.access"));
		KEYS.put(MAX_CONNECTIONS, List.of(MAX_CONNECTIONS));
		KEYS.put(CONNECTION_TIMEOUT, List.of(CONNECTION_TIMEOUT, "s3.connection.establish.timeout"));
		KEYS.put(SOCKET_TIMEOUT, List.of(SOCKET_TIMEOUT));
		KEYS.put(MAX_ATTEMPTS, List.of(MAX_ATTEMPTS));
		KEYS.put(PART_SIZE, List.of(PART_SIZE));
		KEYS.put(ACTIVE_PARTS, List.of(ACTIVE_PARTS));
		KEYS.put(SEEK_SKIP, List.of(SEEK_SKIP));
	}

	private final @Nullable URI endpoint;

	private final @Nullable String region;

	private final @Nullable String accessKey;

	private final @Nullable String secretKey;

	private final @Nullable String sessionToken;

	private final boolean pathStyle;

	private final int maxConnections;

	private final Duration connectionTimeout;

	private final Duration socketTimeout;

	private final int maxAttempts;

	private final long partSize;

	private final int activeParts;

	private final long seekSkip;

	private S3Settings(Map<String, String> values) {
		String endpoint = values.get(ENDPOINT);
		this.endpoint = (endpoint == null || endpoint.isBlank()) ? null : endpoint(endpoint.trim());
		this.region = blankToNull(values.get(REGION));
		this.accessKey = blankToNull(values.get(ACCESS_KEY));
		this.secretKey = blankToNull(values.get(SECRET_KEY));
		this.sessionToken = blankToNull(values.get(SESSION_TOKEN));
		if ((this.accessKey == null) != (this.secretKey == null)) {
			throw new S3OptionException("The S3 options " + ACCESS_KEY + " and " + SECRET_KEY
					+ " go together: only " + ((this.accessKey != null) ? ACCESS_KEY : SECRET_KEY)
					+ " is set (set both, or neither to use the AWS SDK's default credentials chain)");
		}
		this.pathStyle = bool(PATH_STYLE, values.getOrDefault(PATH_STYLE, "false"));
		this.maxConnections = positiveInt(MAX_CONNECTIONS, values.getOrDefault(MAX_CONNECTIONS, "96"));
		this.connectionTimeout = duration(CONNECTION_TIMEOUT, values.getOrDefault(CONNECTION_TIMEOUT, "5s"));
		this.socketTimeout = duration(SOCKET_TIMEOUT, values.getOrDefault(SOCKET_TIMEOUT, "200s"));
		this.maxAttempts = positiveInt(MAX_ATTEMPTS, values.getOrDefault(MAX_ATTEMPTS, "5"));
		this.partSize = size(PART_SIZE, values.getOrDefault(PART_SIZE, "16M"));
		if (this.partSize < MIN_PART_SIZE) {
			throw new S3OptionException("The S3 option " + PART_SIZE + " is " + this.partSize
					+ " bytes; S3 needs parts of at least 5M (" + MIN_PART_SIZE + " bytes)");
		}
		if (this.partSize > Integer.MAX_VALUE - 16) {
			throw new S3OptionException("The S3 option " + PART_SIZE + " is " + this.partSize
					+ " bytes; at most 2047M");
		}
		this.activeParts = positiveInt(ACTIVE_PARTS, values.getOrDefault(ACTIVE_PARTS, "4"));
		this.seekSkip = size(SEEK_SKIP, values.getOrDefault(SEEK_SKIP, "1M"));
	}

	/**
	 * Reads the {@code s3.*} entries of catalog options; other keys are left alone.
	 * @param options the catalog options
	 * @return the settings
	 * @throws S3OptionException for an unknown {@code s3.*} key or a value that cannot be read, naming
	 * the key
	 */
	public static S3Settings of(Map<String, String> options) {
		Map<String, String> values = new LinkedHashMap<>();
		Set<String> unknown = new TreeSet<>();
		for (Map.Entry<String, String> option : options.entrySet()) {
			String key = option.getKey().toLowerCase(Locale.ROOT);
			if (!key.startsWith("s3.")) {
				continue;
			}
			String canonical = canonical(key);
			if (canonical == null) {
				unknown.add(option.getKey());
				continue;
			}
			String previous = values.put(canonical, option.getValue());
			if (previous != null && !previous.equals(option.getValue())) {
				throw new S3OptionException("The S3 option " + canonical + " is given twice with different "
						+ "values (as " + String.join(" or ", KEYS.get(canonical)) + ")");
			}
		}
		if (!unknown.isEmpty()) {
			throw new S3OptionException("Unknown S3 option" + ((unknown.size() > 1) ? "s " : " ")
					+ String.join(", ", unknown) + " in the catalog options (paimon.catalog.options.*); the S3 "
					+ "FileIO reads " + String.join(", ", KEYS.keySet())
					+ " (docs/production.md, S3). To keep paimon-s3 serving s3:// instead, set "
					+ "paimon.s3.enabled=false");
		}
		return new S3Settings(values);
	}

	private static @Nullable String canonical(String key) {
		for (Map.Entry<String, List<String>> entry : KEYS.entrySet()) {
			if (entry.getValue().contains(key)) {
				return entry.getKey();
			}
		}
		return null;
	}

	/** The endpoint to send requests to, or {@code null} for AWS's own endpoint of the region. */
	public @Nullable URI endpoint() {
		return this.endpoint;
	}

	/** The region requests are signed for, or {@code null} to ask the SDK's region chain. */
	public @Nullable String region() {
		return this.region;
	}

	@Nullable String accessKey() {
		return this.accessKey;
	}

	@Nullable String secretKey() {
		return this.secretKey;
	}

	@Nullable String sessionToken() {
		return this.sessionToken;
	}

	/** Whether static keys are configured (else the SDK's default credentials chain is asked). */
	public boolean hasStaticKeys() {
		return this.accessKey != null;
	}

	/** Whether the bucket is addressed in the path ({@code endpoint/bucket/key}), as MinIO and Ceph want. */
	public boolean pathStyle() {
		return this.pathStyle;
	}

	/** How many HTTP connections the client keeps at most. */
	public int maxConnections() {
		return this.maxConnections;
	}

	Duration connectionTimeout() {
		return this.connectionTimeout;
	}

	Duration socketTimeout() {
		return this.socketTimeout;
	}

	/** How many times a request is sent at most (the SDK's standard retry mode). */
	public int maxAttempts() {
		return this.maxAttempts;
	}

	/** The size of a multipart upload's parts, and the largest file written with one request. */
	public long partSize() {
		return this.partSize;
	}

	/** How many parts of one file upload at once. */
	public int activeParts() {
		return this.activeParts;
	}

	/** The longest forward seek a read skips over on its open response instead of sending a new request. */
	public long seekSkip() {
		return this.seekSkip;
	}

	/**
	 * Where the credentials come from, for messages: the static keys (with the access key's first characters) or
	 * the SDK's default chain.
	 * @return the description
	 */
	public String credentialsSource() {
		String key = this.accessKey;
		if (key != null) {
			return "the static keys " + ACCESS_KEY + "/" + SECRET_KEY + " (access key " + abbreviate(key) + ")";
		}
		return "the AWS SDK's default credentials chain (no " + ACCESS_KEY + " set)";
	}

	private static String abbreviate(String key) {
		return (key.length() <= 4) ? "****" : key.substring(0, 4) + "…";
	}

	private static URI endpoint(String value) {
		String withScheme = value.contains("://") ? value : "https://" + value;
		try {
			URI uri = URI.create(withScheme);
			if (uri.getHost() == null) {
				throw new IllegalArgumentException("no host");
			}
			return uri;
		}
		catch (IllegalArgumentException ex) {
			throw new S3OptionException("The S3 option " + ENDPOINT + " '" + value + "' is not a URL ("
					+ ex.getMessage() + ")", ex);
		}
	}

	private static @Nullable String blankToNull(@Nullable String value) {
		return (value == null || value.isBlank()) ? null : value.trim();
	}

	private static boolean bool(String key, String value) {
		String trimmed = value.trim().toLowerCase(Locale.ROOT);
		if (trimmed.equals("true") || trimmed.equals("false")) {
			return Boolean.parseBoolean(trimmed);
		}
		throw new S3OptionException("The S3 option " + key + " is '" + value + "'; expected true or false");
	}

	private static int positiveInt(String key, String value) {
		try {
			int parsed = Integer.parseInt(value.trim());
			if (parsed > 0) {
				return parsed;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw new S3OptionException("The S3 option " + key + " is '" + value + "'; expected a positive number");
	}

	/** Milliseconds as a plain number (as Hadoop reads these keys), or a number with ms, s, m or h. */
	static Duration duration(String key, String value) {
		String trimmed = value.trim().toLowerCase(Locale.ROOT);
		try {
			if (trimmed.endsWith("ms")) {
				return Duration.ofMillis(Long.parseLong(trimmed.substring(0, trimmed.length() - 2).trim()));
			}
			char unit = trimmed.isEmpty() ? ' ' : trimmed.charAt(trimmed.length() - 1);
			String number = trimmed.substring(0, Math.max(0, trimmed.length() - 1)).trim();
			switch (unit) {
				case 's':
					return Duration.ofSeconds(Long.parseLong(number));
				case 'm':
					return Duration.ofMinutes(Long.parseLong(number));
				case 'h':
					return Duration.ofHours(Long.parseLong(number));
				default:
					return Duration.ofMillis(Long.parseLong(trimmed));
			}
		}
		catch (NumberFormatException ex) {
			throw new S3OptionException("The S3 option " + key + " is '" + value
					+ "'; expected milliseconds or a number with ms, s, m or h", ex);
		}
	}

	/** Bytes as a plain number, or a number with K, M or G (binary units, as Hadoop reads them). */
	static long size(String key, String value) {
		String trimmed = value.trim().toUpperCase(Locale.ROOT);
		if (trimmed.endsWith("B")) {
			trimmed = trimmed.substring(0, trimmed.length() - 1);
		}
		try {
			char unit = trimmed.isEmpty() ? ' ' : trimmed.charAt(trimmed.length() - 1);
			String number = trimmed.substring(0, Math.max(0, trimmed.length() - 1)).trim();
			switch (unit) {
				case 'K':
					return Long.parseLong(number) << 10;
				case 'M':
					return Long.parseLong(number) << 20;
				case 'G':
					return Long.parseLong(number) << 30;
				default:
					return Long.parseLong(trimmed);
			}
		}
		catch (NumberFormatException ex) {
			throw new S3OptionException("The S3 option " + key + " is '" + value
					+ "'; expected bytes or a number with K, M or G", ex);
		}
	}

	/** The keys this FileIO reads (canonical spellings). */
	static List<String> knownKeys() {
		return new ArrayList<>(KEYS.keySet());
	}

	@Override
	public boolean equals(@Nullable Object other) {
		if (this == other) {
			return true;
		}
		if (!(other instanceof S3Settings that)) {
			return false;
		}
		return this.pathStyle == that.pathStyle && this.maxConnections == that.maxConnections
				&& this.maxAttempts == that.maxAttempts && this.partSize == that.partSize
				&& this.activeParts == that.activeParts && this.seekSkip == that.seekSkip
				&& Objects.equals(this.endpoint, that.endpoint) && Objects.equals(this.region, that.region)
				&& Objects.equals(this.accessKey, that.accessKey) && Objects.equals(this.secretKey, that.secretKey)
				&& Objects.equals(this.sessionToken, that.sessionToken)
				&& this.connectionTimeout.equals(that.connectionTimeout)
				&& this.socketTimeout.equals(that.socketTimeout);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.endpoint, this.region, this.accessKey, this.pathStyle, this.maxConnections,
				this.partSize);
	}

	@Override
	public String toString() {
		return "S3Settings[endpoint=" + this.endpoint + ", region=" + this.region + ", credentials="
				+ credentialsSource() + ", pathStyle=" + this.pathStyle + "]";
	}

}
