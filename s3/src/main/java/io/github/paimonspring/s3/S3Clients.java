package io.github.paimonspring.s3;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.utils.SdkAutoCloseable;

/**
 * The S3 clients of one application: one {@link S3Client} (with its connection pool) per distinct
 * {@link S3Settings}, shared by every {@link S3FileIO} that Paimon loads with those settings, a small pool of
 * threads that upload the parts of large files, and the warehouses the file systems were opened for (which the
 * sweep of stale multipart uploads visits). Closing it closes the clients.
 *
 * @since 0.1.0
 */
public final class S3Clients implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(S3Clients.class);

	private final Map<S3Settings, Connection> connections = new ConcurrentHashMap<>();

	private final Map<String, S3Settings> warehouses = new ConcurrentHashMap<>();

	private final List<ExecutionInterceptor> interceptors;

	private final ExecutorService uploads;

	private volatile boolean closed;

	/**
	 * Creates the clients.
	 * @param interceptors what sees every request (the request metrics), in order
	 */
	public S3Clients(List<ExecutionInterceptor> interceptors) {
		this.interceptors = List.copyOf(interceptors);
		AtomicInteger threads = new AtomicInteger();
		int size = Math.max(4, Runtime.getRuntime().availableProcessors() * 2);
		ThreadPoolExecutor executor = new ThreadPoolExecutor(size, size, 60, TimeUnit.SECONDS,
				new LinkedBlockingQueue<>(), (task) -> {
					Thread thread = new Thread(task, "paimon-s3-upload-" + threads.incrementAndGet());
					thread.setDaemon(true);
					return thread;
				});
		executor.allowCoreThreadTimeOut(true);
		this.uploads = executor;
	}

	/** Clients without interceptors. */
	public S3Clients() {
		this(List.of());
	}

	/**
	 * The connection for settings, created on first use.
	 * @param settings the settings
	 * @return the client and what describes it
	 */
	Connection connection(S3Settings settings) {
		if (this.closed) {
			throw new IllegalStateException("The S3 clients are closed (the application is shutting down)");
		}
		return this.connections.computeIfAbsent(settings, this::connect);
	}

	/** The pool that uploads parts. */
	ExecutorService uploads() {
		return this.uploads;
	}

	/**
	 * Remembers a warehouse that a file system was opened for.
	 * @param warehouse the warehouse URI ({@code s3://bucket/path})
	 * @param settings its settings
	 */
	void registerWarehouse(String warehouse, S3Settings settings) {
		this.warehouses.put(warehouse, settings);
	}

	/** The warehouses opened so far, with their settings. */
	public Map<String, S3Settings> warehouses() {
		return Map.copyOf(this.warehouses);
	}

	/**
	 * The client for settings, for tools and tests that talk to the store directly.
	 * @param settings the settings
	 * @return the shared client
	 */
	public S3Client client(S3Settings settings) {
		return connection(settings).client();
	}

	private Connection connect(S3Settings settings) {
		AwsCredentialsProvider credentials = credentials(settings);
		Region region = region(settings);
		S3ClientBuilder builder = S3Client.builder()
			.httpClientBuilder(Apache5HttpClient.builder()
				.maxConnections(settings.maxConnections())
				.connectionTimeout(settings.connectionTimeout())
				.socketTimeout(settings.socketTimeout()))
			.credentialsProvider(credentials)
			.region(region)
			.forcePathStyle(settings.pathStyle())
			// what every S3-compatible store understands; AWS itself checks Content-MD5/CRC where required
			.requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
			.responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
			.overrideConfiguration((configuration) -> {
				configuration.retryStrategy(AwsRetryStrategy.standardRetryStrategy()
					.toBuilder()
					.maxAttempts(settings.maxAttempts())
					.build());
				this.interceptors.forEach(configuration::addExecutionInterceptor);
			});
		if (settings.endpoint() != null) {
			builder.endpointOverride(settings.endpoint());
		}
		else if (settings.region() == null) {
			// the bucket may live in another region than the one the chain found
			builder.crossRegionAccessEnabled(true);
		}
		logger.info("S3 client for {} (region {}, credentials from {})",
				(settings.endpoint() != null) ? settings.endpoint() : "AWS", region.id(), settings.credentialsSource());
		return new Connection(builder.build(), credentials, region, settings);
	}

	private static AwsCredentialsProvider credentials(S3Settings settings) {
		String accessKey = settings.accessKey();
		String secretKey = settings.secretKey();
		if (accessKey != null && secretKey != null) {
			String token = settings.sessionToken();
			return StaticCredentialsProvider.create((token != null)
					? AwsSessionCredentials.create(accessKey, secretKey, token)
					: AwsBasicCredentials.create(accessKey, secretKey));
		}
		return DefaultCredentialsProvider.builder().build();
	}

	private static Region region(S3Settings settings) {
		String region = settings.region();
		if (region != null) {
			return Region.of(region);
		}
		if (settings.endpoint() != null) {
			// S3-compatible stores (MinIO, Ceph, R2, S3Proxy) sign for this region unless told otherwise
			return Region.US_EAST_1;
		}
		try {
			return DefaultAwsRegionProviderChain.builder().build().getRegion();
		}
		catch (RuntimeException ex) {
			throw new S3OptionException("No region for S3: set " + S3Settings.REGION
					+ " (the bucket's region), or AWS_REGION, or a region in the AWS profile (" + ex.getMessage()
					+ ")", ex);
		}
	}

	@Override
	public void close() {
		this.closed = true;
		this.uploads.shutdownNow();
		List<Connection> open = new ArrayList<>(this.connections.values());
		this.connections.clear();
		for (Connection connection : open) {
			connection.close();
		}
	}

	/** One client, its credentials and what messages say about them. */
	static final class Connection {

		private final S3Client client;

		private final AwsCredentialsProvider credentials;

		private final Region region;

		private final S3Settings settings;

		Connection(S3Client client, AwsCredentialsProvider credentials, Region region, S3Settings settings) {
			this.client = client;
			this.credentials = credentials;
			this.region = region;
			this.settings = settings;
		}

		S3Client client() {
			return this.client;
		}

		S3Settings settings() {
			return this.settings;
		}

		/** Where requests go and with which credentials, for error messages. */
		String describe() {
			String where = (this.settings.endpoint() != null) ? "endpoint " + this.settings.endpoint()
					: "AWS region " + this.region.id();
			return where + ", credentials from " + credentialsSource();
		}

		private String credentialsSource() {
			if (this.settings.hasStaticKeys()) {
				return this.settings.credentialsSource();
			}
			String provider = resolvedProvider();
			return this.settings.credentialsSource() + ((provider != null) ? ", resolved by " + provider : "");
		}

		private @Nullable String resolvedProvider() {
			try {
				String names = this.credentials.resolveCredentials().providerName().orElse(null);
				return (names != null) ? CredentialSources.describe(names) : null;
			}
			catch (RuntimeException ex) {
				return "none: " + ex.getMessage();
			}
		}

		void close() {
			this.client.close();
			if (this.credentials instanceof SdkAutoCloseable closeable) {
				closeable.close();
			}
		}

	}

	/** For tests: the distinct clients created so far. */
	int size() {
		return this.connections.size();
	}

	/** For tests: the settings with a client. */
	Set<S3Settings> settings() {
		return Set.copyOf(this.connections.keySet());
	}

}
