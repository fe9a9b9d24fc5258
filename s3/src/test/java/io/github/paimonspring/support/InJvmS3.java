package io.github.paimonspring.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.BlobStores;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.domain.Blob;
import org.gaul.s3proxy.blobstore.domain.BlobMetadata;
import org.gaul.s3proxy.blobstore.options.GetOptions;
import org.gaul.s3proxy.blobstore.options.PutOptions;
import org.jspecify.annotations.Nullable;

/**
 * An S3-compatible server (S3Proxy) in the test JVM, storing objects under a local directory so that
 * tests can list what a warehouse left behind.
 */
public final class InJvmS3 implements AutoCloseable {

	public static final String ACCESS_KEY = "paimon-test-access";

	public static final String SECRET_KEY = "paimon-test-secret";

	private final Path root;

	private final S3Proxy proxy;

	public InJvmS3(Path root, String... buckets) throws Exception {
		this.root = root;
		Properties properties = new Properties();
		properties.setProperty("jclouds.filesystem.basedir", root.toString());
		properties.setProperty("jclouds.identity", ACCESS_KEY);
		properties.setProperty("jclouds.credential", SECRET_KEY);
		for (String bucket : buckets) {
			Files.createDirectories(root.resolve(bucket));
		}
		BlobStore store = BlobStores.create("filesystem-nio2", properties);
		this.proxy = S3Proxy.builder()
			.blobStore(gated(store))
			.awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
			.endpoint(URI.create("http://127.0.0.1:0"))
			.ignoreUnknownHeaders(true)
			.build();
		this.proxy.start();
		for (int i = 0; i < 1000 && !"STARTED".equals(this.proxy.getState()); i++) {
			Thread.onSpinWait();
			Thread.sleep(10);
		}
		if (!"STARTED".equals(this.proxy.getState())) {
			throw new IllegalStateException("S3Proxy did not start: " + this.proxy.getState());
		}
	}

	/**
	 * Holds the writes of objects whose key matches until the gate is opened: a slow storage, so that a
	 * test can stop or kill a writer while it is inside a write (the rest of the server keeps answering).
	 * @param key which object keys to hold ({@code bucket/key})
	 * @return the gate, closed
	 */
	public Gate hold(Predicate<String> key) {
		Gate gate = new Gate(key);
		this.gate = gate;
		return gate;
	}

	/** Writes of matching objects wait while it is closed. */
	public final class Gate implements AutoCloseable {

		private final Predicate<String> key;

		private final CountDownLatch opened = new CountDownLatch(1);

		private final List<String> held = new CopyOnWriteArrayList<>();

		private Gate(Predicate<String> key) {
			this.key = key;
		}

		/** Waits (bounded) until a write is held, and returns its key. */
		public String awaitHeld(Duration timeout) throws InterruptedException {
			long deadline = System.nanoTime() + timeout.toNanos();
			while (this.held.isEmpty()) {
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException("no write matched the gate within " + timeout);
				}
				Thread.sleep(10);
			}
			return this.held.get(0);
		}

		/** The keys of the writes held so far. */
		public List<String> held() {
			return List.copyOf(this.held);
		}

		/** Lets the held writes and every later one through. */
		public void open() {
			InJvmS3.this.gate = null;
			this.opened.countDown();
		}

		@Override
		public void close() {
			open();
		}

		void pass(String name) {
			if (!this.key.test(name) || this.opened.getCount() == 0) {
				return;
			}
			this.held.add(name);
			try {
				this.opened.await(120, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

	}

	private volatile @Nullable Gate gate;

	private volatile long readLatencyNanos;

	/**
	 * Answers every read of an object (GET, HEAD) only after a delay: the round trip of a remote S3,
	 * which the server in this JVM does not have.
	 * @param latency the delay per read
	 */
	public void setReadLatency(Duration latency) {
		this.readLatencyNanos = latency.toNanos();
	}

	private void delay() {
		long nanos = this.readLatencyNanos;
		if (nanos > 0) {
			try {
				TimeUnit.NANOSECONDS.sleep(nanos);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/** The store behind a gate: every write of a blob asks the current gate first. */
	private BlobStore gated(BlobStore store) {
		return new ForwardingBlobStore(store) {

			@Override
			public Blob getBlob(String container, String name, GetOptions options) {
				delay();
				return super.getBlob(container, name, options);
			}

			@Override
			public BlobMetadata blobMetadata(String container, String name) {
				delay();
				return super.blobMetadata(container, name);
			}

			@Override
			public String putBlob(String container, Blob blob, PutOptions options) {
				Gate current = InJvmS3.this.gate;
				if (current != null) {
					current.pass(container + "/" + blob.getMetadata().name());
				}
				return super.putBlob(container, blob, options);
			}

		};
	}

	/** The local directory the objects are stored under: {@code <root>/<bucket>/<key>}. */
	public Path root() {
		return this.root;
	}

	public String endpoint() {
		return "http://127.0.0.1:" + this.proxy.getPort();
	}

	/** Paimon catalog options for this server. */
	public Map<String, String> catalogOptions() {
		Map<String, String> options = new LinkedHashMap<>();
		options.put("s3.endpoint", endpoint());
		options.put("s3.access-key", ACCESS_KEY);
		options.put("s3.secret-key", SECRET_KEY);
		options.put("s3.path.style.access", "true");
		options.put("s3.endpoint.region", "us-east-1");
		return options;
	}

	/** Object keys under a prefix of a bucket (as stored on the local disk). */
	public List<String> objects(String bucket, String prefix) {
		Path dir = this.root.resolve(bucket).resolve(prefix);
		if (!Files.isDirectory(dir)) {
			return List.of();
		}
		try (Stream<Path> files = Files.walk(dir)) {
			return files.filter(Files::isRegularFile).map((p) -> this.root.resolve(bucket).relativize(p).toString())
					.sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() throws Exception {
		this.proxy.stop();
	}

}
