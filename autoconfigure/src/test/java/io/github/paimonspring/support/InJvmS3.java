package io.github.paimonspring.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.BlobStores;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.blobstore.BlobStore;

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
			.blobStore(store)
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
			return files.filter(Files::isRegularFile).map((p) -> this.root.resolve(bucket).relativize(p).toString()).sorted().toList();
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
