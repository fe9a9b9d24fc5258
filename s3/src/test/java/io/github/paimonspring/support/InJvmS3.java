package io.github.paimonspring.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Stream;

import com.google.common.hash.HashCode;
import com.google.common.io.ByteSource;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.BlobStores;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.blobstore.HttpResponse;
import org.gaul.s3proxy.blobstore.HttpResponseException;
import org.gaul.s3proxy.blobstore.domain.Blob;
import org.gaul.s3proxy.blobstore.domain.BlobMetadata;
import org.gaul.s3proxy.blobstore.domain.MultipartPart;
import org.gaul.s3proxy.blobstore.domain.MultipartUpload;
import org.gaul.s3proxy.blobstore.options.CopyOptions;
import org.gaul.s3proxy.blobstore.options.GetOptions;
import org.gaul.s3proxy.blobstore.options.PutOptions;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.s3.model.ListMultipartUploadsResponse;

/**
 * An S3-compatible server (S3Proxy) in the test JVM, storing objects under a local directory so that
 * tests can list what a warehouse left behind. Tests can hold writes ({@link #hold}), slow reads down
 * ({@link #setReadLatency}) and make requests of an operation fail ({@link #fail}).
 */
public final class InJvmS3 implements AutoCloseable {

	public static final String ACCESS_KEY = "paimon-test-access";

	public static final String SECRET_KEY = "paimon-test-secret";

	private final Path root;

	private final S3Proxy proxy;

	/** S3Proxy's store itself, without the gate and the faults. */
	private final BlobStore store;

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
		this.store = store;
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
	 * Holds the writes of objects whose key matches until the gate is opened — whole objects and the parts of
	 * multipart uploads: a slow storage, so that a test can stop or kill a writer while it is inside a write (the
	 * rest of the server keeps answering).
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

	/** The S3 operations {@link #fail} can make fail, each with the store call that serves it. */
	private static final Set<String> FAULT_OPERATIONS = Set.of("PutObject", "CopyObject", "GetObject",
			"CreateMultipartUpload", "UploadPart", "CompleteMultipartUpload", "AbortMultipartUpload");

	private final List<Fault> faults = new CopyOnWriteArrayList<>();

	private final Map<String, Instant> initiated = new ConcurrentHashMap<>();

	/**
	 * Answers the next {@code times} requests of an S3 operation with an HTTP error status (an empty body, as a
	 * load balancer in front of S3 or an overloaded store answers): a burst of server errors that a client retries.
	 * The request body is read first, so that the connection stays usable as with a real server. S3Proxy answers
	 * CompleteMultipartUpload with 200 OK before it completes, so that a failed completion is S3's
	 * {@code InternalError} in the body of a 200 answer, as S3 itself may answer it.
	 * @param operation the S3 operation: PutObject, CopyObject, GetObject, CreateMultipartUpload, UploadPart,
	 * CompleteMultipartUpload or AbortMultipartUpload
	 * @param times how many requests fail
	 * @param status the HTTP status (500, 503)
	 * @return the fault, which counts the requests it failed
	 */
	public Fault fail(String operation, int times, int status) {
		return fail(operation, (key) -> true, times, status);
	}

	/**
	 * Answers the next {@code times} requests of an S3 operation on matching objects with an HTTP error status.
	 * @param operation the S3 operation (see {@link #fail(String, int, int)})
	 * @param key which objects ({@code bucket/key})
	 * @param times how many requests fail
	 * @param status the HTTP status (500, 503)
	 * @return the fault, which counts the requests it failed
	 */
	public Fault fail(String operation, Predicate<String> key, int times, int status) {
		if (!FAULT_OPERATIONS.contains(operation)) {
			throw new IllegalArgumentException("Cannot make " + operation + " fail; only " + FAULT_OPERATIONS);
		}
		Fault fault = new Fault(operation, key, times, status);
		this.faults.add(fault);
		return fault;
	}

	/** Ends every fault: later requests are answered normally. */
	public void clearFaults() {
		this.faults.clear();
	}

	/** A burst of failing requests of one operation. */
	public final class Fault implements AutoCloseable {

		private final String operation;

		private final Predicate<String> key;

		private final int status;

		private final AtomicInteger remaining;

		private final AtomicInteger failed = new AtomicInteger();

		private Fault(String operation, Predicate<String> key, int times, int status) {
			this.operation = operation;
			this.key = key;
			this.status = status;
			this.remaining = new AtomicInteger(times);
		}

		/** How many requests it answered with the error so far. */
		public int failed() {
			return this.failed.get();
		}

		/** How many requests it would still fail. */
		public int remaining() {
			return this.remaining.get();
		}

		/** Ends the fault. */
		@Override
		public void close() {
			InJvmS3.this.faults.remove(this);
		}

		boolean takes(String operation, String name) {
			if (!this.operation.equals(operation) || !this.key.test(name)) {
				return false;
			}
			if (this.remaining.getAndUpdate((left) -> Math.max(0, left - 1)) <= 0) {
				return false;
			}
			this.failed.incrementAndGet();
			return true;
		}

	}

	private void inject(String operation, String container, String name, @Nullable InputStream body) {
		for (Fault fault : this.faults) {
			if (fault.takes(operation, container + "/" + name)) {
				if (body != null) {
					try (InputStream in = body) {
						in.transferTo(OutputStream.nullOutputStream());
					}
					catch (IOException ex) {
						// the client went away: the error is answered anyway
					}
				}
				throw new HttpResponseException(operation + " of " + container + "/" + name + " failed by the test",
						new HttpResponse(fault.status));
			}
		}
	}

	/**
	 * What corrects S3Proxy's listing of multipart uploads, for clients of this server: S3Proxy answers the time
	 * of the listing as every upload's {@code Initiated}; this interceptor puts the time the upload was started in
	 * its place, as S3 answers.
	 * @return the interceptor, for {@code S3Clients(List<ExecutionInterceptor>)}
	 */
	public ExecutionInterceptor initiationTimes() {
		return new ExecutionInterceptor() {

			@Override
			public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
				if (!(context.response() instanceof ListMultipartUploadsResponse listing)) {
					return context.response();
				}
				return listing.toBuilder()
					.uploads(listing.uploads().stream().map((upload) -> {
						Instant started = InJvmS3.this.initiated.get(upload.uploadId());
						return (started != null) ? upload.toBuilder().initiated(started).build() : upload;
					}).toList())
					.build();
			}

		};
	}

	/**
	 * The files of pending multipart uploads of a bucket as stored on the local disk (S3Proxy keeps an upload's
	 * parts next to a marker, {@code .mpus-<uploadId>-<key>-stub}, at the bucket's root until it is completed or
	 * aborted).
	 * @param bucket the bucket
	 * @return their paths relative to the bucket
	 */
	public List<String> multipartFiles(String bucket) {
		Path dir = this.root.resolve(bucket);
		if (!Files.isDirectory(dir)) {
			return List.of();
		}
		try (Stream<Path> files = Files.walk(dir)) {
			return files.filter(Files::isRegularFile)
				.map((p) -> dir.relativize(p).toString())
				.filter((name) -> name.startsWith(".mpus-"))
				.sorted()
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The store behind a gate: every write of a blob asks the current gate first; faults answer errors. */
	private BlobStore gated(BlobStore store) {
		return new ForwardingBlobStore(store) {

			@Override
			public Blob getBlob(String container, String name, GetOptions options) {
				delay();
				inject("GetObject", container, name, null);
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
				inject("PutObject", container, blob.getMetadata().name(), blob.getPayload());
				return super.putBlob(container, blob, options);
			}

			@Override
			public String copyBlob(String fromContainer, String fromName, String toContainer, String toName,
					CopyOptions options) {
				inject("CopyObject", toContainer, toName, null);
				return super.copyBlob(fromContainer, fromName, toContainer, toName, options);
			}

			@Override
			public MultipartUpload initiateMultipartUpload(String container, BlobMetadata metadata,
					PutOptions options) {
				inject("CreateMultipartUpload", container, metadata.name(), null);
				MultipartUpload upload = super.initiateMultipartUpload(container, metadata, options);
				InJvmS3.this.initiated.put(upload.id(), Instant.now());
				return upload;
			}

			@Override
			public MultipartPart uploadMultipartPart(MultipartUpload upload, int partNumber, InputStream payload,
					long length, HashCode md5) {
				Gate current = InJvmS3.this.gate;
				if (current != null) {
					current.pass(upload.containerName() + "/" + upload.blobName());
				}
				inject("UploadPart", upload.containerName(), upload.blobName(), payload);
				return super.uploadMultipartPart(upload, partNumber, payload, length, md5);
			}

			@Override
			public String completeMultipartUpload(MultipartUpload upload, List<MultipartPart> parts) {
				inject("CompleteMultipartUpload", upload.containerName(), upload.blobName(), null);
				return super.completeMultipartUpload(upload, parts);
			}

			@Override
			public void abortMultipartUpload(MultipartUpload upload) {
				inject("AbortMultipartUpload", upload.containerName(), upload.blobName(), null);
				super.abortMultipartUpload(upload);
			}

		};
	}

	/**
	 * Stores an object with S3Proxy's store itself, without a request: for tests that need many objects fast.
	 * @param bucket the bucket
	 * @param key the object key
	 * @param content its bytes
	 */
	public void putObject(String bucket, String key, byte[] content) {
		this.store.putBlob(bucket,
				Blob.builder(key).payload(ByteSource.wrap(content)).contentLength(content.length).build(),
				PutOptions.NONE);
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
