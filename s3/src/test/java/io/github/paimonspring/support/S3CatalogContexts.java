package io.github.paimonspring.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

import io.github.paimonspring.s3.S3Clients;
import io.github.paimonspring.s3.S3FileIOLoader;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.FileIOLoader;
import org.apache.paimon.fs.Path;
import org.apache.paimon.options.Options;

/**
 * Catalog contexts for tests that open a warehouse themselves (outside a Spring context): an {@code s3://} or
 * {@code s3a://} warehouse is served by paimon-spring-boot-s3's FileIO, as in the application, on clients shared by
 * the test JVM.
 */
public final class S3CatalogContexts {

	private static final S3Clients CLIENTS = new S3Clients();

	private S3CatalogContexts() {
	}

	/**
	 * A catalog context whose preferred loader serves S3 paths.
	 * @param options the catalog options
	 * @return the context
	 */
	public static CatalogContext create(Map<String, String> options) {
		return CatalogContext.create(Options.fromMap(options), new S3Preferred(), null);
	}

	/** Serves s3:// and s3a://; declines the rest so that Paimon chooses as usual. */
	private static final class S3Preferred implements FileIOLoader {

		private static final long serialVersionUID = 1L;

		@Override
		public String getScheme() {
			return "s3";
		}

		@Override
		public FileIO load(Path path) {
			String scheme = path.toUri().getScheme();
			if ("s3".equals(scheme) || "s3a".equals(scheme)) {
				return new S3FileIOLoader(scheme, CLIENTS).load(path);
			}
			// a local or other path: the loader Paimon would choose itself
			try {
				return FileIO.get(path, CatalogContext.create(new Options()));
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	}

}
