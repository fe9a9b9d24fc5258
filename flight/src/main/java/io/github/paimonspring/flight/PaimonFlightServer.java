package io.github.paimonspring.flight;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.access.AdminAccessDeniedException;
import io.github.paimonspring.admin.access.AdminAudit;
import io.github.paimonspring.admin.body.ArrowBodyReader;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.arrow.ipc.ArrowIpcLimits;
import io.github.paimonspring.arrow.ipc.ArrowMessageGate;
import io.github.paimonspring.core.PaimonOperations;
import io.grpc.netty.NettyServerBuilder;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * The Arrow Flight SQL server of the endpoint, on its own port, as a {@code SmartLifecycle}. It starts with the
 * application and, on shutdown, stops taking calls and lets the calls in flight finish (an ingest commits, or
 * fails cleanly) for up to the shutdown timeout, in the phase of the web server's graceful shutdown, before the
 * group commit and the admin API's transactions stop; calls still running then are cancelled.
 * <p>
 * Arrow memory: the server's own allocator of {@code paimon.admin.max-upload-memory}, gRPC messages up to
 * {@code paimon.admin.max-batch-memory}.
 *
 * @since 0.1.0
 */
public final class PaimonFlightServer implements SmartLifecycle {

	/** The phase: that of the web server's graceful shutdown, so the ingests in flight end before their writers. */
	public static final int PHASE = DEFAULT_PHASE - 1024;

	private static final Logger logger = LoggerFactory.getLogger(PaimonFlightServer.class);

	/** The HTTP/2 flow-control window of a call, at most: a few batches of the usual size. */
	private static final int FLOW_CONTROL_WINDOW = 32 << 20;

	private final Builder settings;

	private volatile @Nullable FlightServer server;

	private volatile @Nullable BufferAllocator allocator;

	private volatile @Nullable FlightDeadline deadline;

	private volatile @Nullable ExecutorService executor;

	private volatile int port = -1;

	private PaimonFlightServer(Builder settings) {
		this.settings = settings;
	}

	/**
	 * Starts building a server.
	 * @param writer the writer of one-shot ingests
	 * @param transactions the staged transactions
	 * @param uploads the admin API's body reader, whose concurrent-upload slots ingests share
	 * @param settings the admin API's limits
	 * @param audit the audit trail
	 * @return the builder
	 */
	public static Builder builder(PaimonOperations writer, AdminTransactions transactions, ArrowBodyReader uploads,
			AdminSettings settings, AdminAudit audit) {
		return new Builder(writer, transactions, uploads, settings, audit);
	}

	@Override
	public synchronized void start() {
		if (this.server != null) {
			return;
		}
		Builder b = this.settings;
		ParseTrackingAllocator root = new ParseTrackingAllocator(new RootAllocator(b.limits.maxUploadMemory()));
		FlightDeadline reads = new FlightDeadline(b.readTimeout);
		// the server's own executor runs gRPC's callbacks and the calls; Flight shuts down an executor it made at
		// once on shutdown, which would fail the calls in flight: this one is shut down after they ended
		AtomicInteger threads = new AtomicInteger();
		ExecutorService calls = Executors.newCachedThreadPool((task) -> {
			Thread thread = new Thread(task, "paimon-flight-" + threads.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		reads.every(Duration.ofSeconds(1), () -> {
			long freed = root.releaseUnclaimed(Duration.ofSeconds(1));
			if (freed > 0) {
				logger.info("Freed {} bytes of Arrow memory that Flight's decoder dropped with messages it could not "
						+ "decode", freed);
			}
		});
		FlightDataDecoder decoder = FlightDataDecoder.find(root);
		FlightMessageGate gate = new FlightMessageGate(root, new ArrowMessageGate(new ArrowIpcLimits(
				b.limits.maxMetadataBytes(), b.limits.maxSchemaDepth(), b.limits.maxSchemaFields(), "paimon.admin"),
				root), b.limits.maxBatchMemory(), b.limits.maxMetadataBytes(), decoder);
		// gRPC's default HTTP/2 window of 1 MiB makes a client wait for window updates several times per batch
		int window = (int) Math.min(FLOW_CONTROL_WINDOW, b.limits.maxBatchMemory());
		Consumer<NettyServerBuilder> gated = (netty) -> {
			netty.intercept(gate).flowControlWindow(window);
			if (decoder != null && gate.active()) {
				netty.setBinaryLog(new FlightPutDecoding(decoder));
			}
		};
		try {
			FlightAccess access = new FlightAccess(b.audit);
			FlightTransactions transactions = new FlightTransactions(b.transactions, b.limits, access);
			FlightIngests ingests = new FlightIngests(b.writer, b.limits, b.uploads, transactions, access, b.metrics,
					b.defaultDatabase, reads);
			FlightCatalog catalog = new FlightCatalog(b.writer.tables(), b.catalogName, root);
			PaimonFlightSqlProducer producer = new PaimonFlightSqlProducer(ingests, transactions, catalog, access,
					FlightSqlInfo.of(), root, b.flightMetrics, reads);
			boolean tls = b.certificateChain != null && b.privateKey != null;
			Location location = tls ? Location.forGrpcTls(b.address, b.port)
					: Location.forGrpcInsecure(b.address, b.port);
			FlightServer.Builder server = FlightServer.builder(root, location, producer)
				.executor(calls)
				.middleware(FlightCallPrincipal.KEY, new FlightCallPrincipal.Factory(b.authenticator))
				.maxInboundMessageSize((int) Math.min(Integer.MAX_VALUE, b.limits.maxBatchMemory()))
				.transportHint("grpc.builderConsumer", gated);
			if (tls) {
				server.useTls(new ByteArrayInputStream(b.certificateChain), new ByteArrayInputStream(b.privateKey));
			}
			FlightServer started = server.build().start();
			this.server = started;
			this.allocator = root;
			this.deadline = reads;
			this.executor = calls;
			this.port = started.getPort();
			logger.info("Flight SQL endpoint listening on {}:{} ({})", b.address, this.port,
					tls ? "TLS" : "plain gRPC");
		}
		catch (IOException ex) {
			calls.shutdownNow();
			reads.close();
			root.close();
			throw new UncheckedIOException("Cannot start the Flight SQL endpoint on " + b.address + ":" + b.port
					+ " (paimon.flight.address / paimon.flight.port): " + ex.getMessage(), ex);
		}
		catch (RuntimeException ex) {
			calls.shutdownNow();
			reads.close();
			root.close();
			throw ex;
		}
	}

	@Override
	public void stop() {
		stopAndWait();
	}

	@Override
	public void stop(Runnable callback) {
		Thread stopping = new Thread(() -> {
			try {
				stopAndWait();
			}
			finally {
				callback.run();
			}
		}, "paimon-flight-shutdown");
		stopping.start();
	}

	private synchronized void stopAndWait() {
		FlightServer running = this.server;
		if (running == null) {
			return;
		}
		this.server = null;
		running.shutdown();
		try {
			if (!running.awaitTermination(this.settings.shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
				logger.warn("Flight SQL calls still running after {} (paimon.flight.shutdown-timeout) are cancelled",
						this.settings.shutdownTimeout);
			}
			running.close();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		ExecutorService calls = this.executor;
		this.executor = null;
		if (calls != null) {
			calls.shutdownNow();
		}
		FlightDeadline reads = this.deadline;
		this.deadline = null;
		if (reads != null) {
			reads.close();
		}
		BufferAllocator root = this.allocator;
		this.allocator = null;
		if (root != null) {
			try {
				root.close();
			}
			catch (IllegalStateException ex) {
				logger.warn("Arrow allocator of the Flight SQL endpoint reported: {}", ex.getMessage());
			}
		}
		logger.info("Flight SQL endpoint stopped");
	}

	@Override
	public boolean isRunning() {
		return this.server != null;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

	/**
	 * The port the endpoint listens on.
	 * @return the port, or -1 before it started
	 */
	public int getPort() {
		return this.port;
	}

	/**
	 * Whether the endpoint serves TLS.
	 * @return {@code true} with an SSL bundle
	 */
	public boolean isTls() {
		return this.settings.certificateChain != null;
	}

	/**
	 * The Arrow memory the endpoint's calls hold now.
	 * @return bytes
	 */
	public long arrowMemoryAllocated() {
		BufferAllocator root = this.allocator;
		return (root != null) ? root.getAllocatedMemory() : 0;
	}

	/** Builds a {@link PaimonFlightServer}. */
	public static final class Builder {

		final PaimonOperations writer;

		final AdminTransactions transactions;

		final ArrowBodyReader uploads;

		final AdminSettings limits;

		final AdminAudit audit;

		FlightAuthenticator authenticator = (header) -> {
			throw AdminAccessDeniedException.unauthenticated();
		};

		AdminMetrics metrics = AdminMetrics.NONE;

		FlightMetrics flightMetrics = FlightMetrics.NONE;

		String address = "0.0.0.0";

		int port = 32010;

		String catalogName = "paimon";

		String defaultDatabase = "default";

		Duration shutdownTimeout = Duration.ofSeconds(30);

		Duration readTimeout = Duration.ofSeconds(30);

		byte @Nullable [] certificateChain;

		byte @Nullable [] privateKey;

		private Builder(PaimonOperations writer, AdminTransactions transactions, ArrowBodyReader uploads,
				AdminSettings limits, AdminAudit audit) {
			this.writer = writer;
			this.transactions = transactions;
			this.uploads = uploads;
			this.limits = limits;
			this.audit = audit;
		}

		/**
		 * Sets who a call's {@code authorization} header names (by default nobody: every call is refused).
		 * @param authenticator the authenticator
		 * @return this builder
		 */
		public Builder authenticator(FlightAuthenticator authenticator) {
			this.authenticator = authenticator;
			return this;
		}

		/**
		 * Sets where rows written, commits and aborts are recorded (the admin API's metrics).
		 * @param metrics the metrics
		 * @return this builder
		 */
		public Builder metrics(AdminMetrics metrics) {
			this.metrics = metrics;
			return this;
		}

		/**
		 * Sets what is told of every call.
		 * @param flightMetrics the listener
		 * @return this builder
		 */
		public Builder flightMetrics(FlightMetrics flightMetrics) {
			this.flightMetrics = flightMetrics;
			return this;
		}

		/**
		 * Sets the address and port to listen on.
		 * @param address the address
		 * @param port the port, 0 for a free one
		 * @return this builder
		 */
		public Builder listen(String address, int port) {
			this.address = address;
			this.port = port;
			return this;
		}

		/**
		 * Sets the catalog name tools see, and the database of an ingest that names none.
		 * @param catalogName the catalog name
		 * @param defaultDatabase the database
		 * @return this builder
		 */
		public Builder names(String catalogName, String defaultDatabase) {
			this.catalogName = catalogName;
			this.defaultDatabase = defaultDatabase;
			return this;
		}

		/**
		 * Sets how long a shutdown waits for the calls in flight.
		 * @param shutdownTimeout the timeout
		 * @return this builder
		 */
		public Builder shutdownTimeout(Duration shutdownTimeout) {
			this.shutdownTimeout = shutdownTimeout;
			return this;
		}

		/**
		 * Sets how long a call waits for each message of the client (its first message, the schema, the next
		 * batch) before it ends with {@code TIMED_OUT}.
		 * @param readTimeout the timeout
		 * @return this builder
		 */
		public Builder readTimeout(Duration readTimeout) {
			this.readTimeout = readTimeout;
			return this;
		}

		/**
		 * Serves TLS.
		 * @param certificateChain the PEM certificate chain
		 * @param privateKey the PEM private key (PKCS#8)
		 * @return this builder
		 */
		public Builder tls(byte[] certificateChain, byte[] privateKey) {
			this.certificateChain = certificateChain.clone();
			this.privateKey = privateKey.clone();
			return this;
		}

		/**
		 * Builds the server (started by its lifecycle).
		 * @return the server
		 */
		public PaimonFlightServer build() {
			return new PaimonFlightServer(this);
		}

	}

}
