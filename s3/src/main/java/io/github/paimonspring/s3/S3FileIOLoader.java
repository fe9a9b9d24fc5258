package io.github.paimonspring.s3;

import java.util.List;

import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.FileIOLoader;
import org.apache.paimon.fs.Path;

/**
 * Loads {@link S3FileIO}s for one scheme ({@code s3} or {@code s3a}) on shared {@link S3Clients}. Not registered
 * with Java's service loader (where it would clash with paimon-s3's loader): the starter hands it to Paimon as the
 * catalog context's preferred loader, which Paimon asks before any discovered one.
 *
 * @since 0.1.0
 */
public final class S3FileIOLoader implements FileIOLoader {

	private static final long serialVersionUID = 1L;

	private final String scheme;

	private final transient S3Clients clients;

	/**
	 * Creates the loader.
	 * @param scheme the URI scheme it serves
	 * @param clients the shared clients
	 */
	public S3FileIOLoader(String scheme, S3Clients clients) {
		this.scheme = scheme;
		this.clients = clients;
	}

	@Override
	public String getScheme() {
		return this.scheme;
	}

	/** None: without keys the SDK's default credentials chain is asked. */
	@Override
	public List<String[]> requiredOptions() {
		return List.of();
	}

	@Override
	public FileIO load(Path path) {
		return new S3FileIO(this.clients);
	}

	@Override
	public String toString() {
		return "S3FileIOLoader[" + this.scheme + "://, AWS SDK v2]";
	}

}
