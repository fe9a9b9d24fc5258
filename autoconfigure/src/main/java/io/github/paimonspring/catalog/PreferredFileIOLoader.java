package io.github.paimonspring.catalog;

import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.FileIOLoader;
import org.apache.paimon.fs.Path;
import org.jspecify.annotations.Nullable;

/**
 * The catalog context's preferred {@link FileIOLoader}: Paimon asks it first for every path
 * ({@code FileIO.get}), before the loaders it discovers on the class path. It serves each scheme that one of
 * the application's {@code FileIOLoader} beans names (such as {@code s3} from paimon-spring-boot-s3) with that
 * bean, and declines every other scheme, which then goes to Paimon's own choice.
 */
public final class PreferredFileIOLoader implements FileIOLoader {

	private static final long serialVersionUID = 1L;

	private final transient Map<String, FileIOLoader> loaders;

	private PreferredFileIOLoader(Map<String, FileIOLoader> loaders) {
		this.loaders = loaders;
	}

	/**
	 * The preferred loader of the given loaders, or {@code null} when there are none.
	 * @param loaders the application's loaders, each serving its {@link FileIOLoader#getScheme() scheme}
	 * @return the preferred loader
	 * @throws IllegalStateException when two loaders serve one scheme
	 */
	public static @Nullable PreferredFileIOLoader of(List<FileIOLoader> loaders) {
		if (loaders.isEmpty()) {
			return null;
		}
		Map<String, FileIOLoader> byScheme = new LinkedHashMap<>();
		for (FileIOLoader loader : loaders) {
			String scheme = loader.getScheme().toLowerCase(Locale.ROOT);
			FileIOLoader previous = byScheme.put(scheme, loader);
			if (previous != null) {
				throw new IllegalStateException("Two FileIOLoader beans serve the scheme '" + scheme + "': " + previous
						+ " and " + loader + "; keep one");
			}
		}
		return new PreferredFileIOLoader(byScheme);
	}

	/** The scheme of the first loader; Paimon does not read it for a preferred loader. */
	@Override
	public String getScheme() {
		return this.loaders.keySet().iterator().next();
	}

	@Override
	public FileIO load(Path path) {
		FileIOLoader loader = loader(path);
		return (loader != null) ? loader.load(path) : new DecliningFileIO(scheme(path));
	}

	/**
	 * Whether one of the application's loaders serves a path.
	 * @param path the path
	 * @return whether it does
	 */
	public boolean serves(String path) {
		return loader(new Path(path)) != null;
	}

	/**
	 * Checks that the warehouse can be reached through the loader that serves it, so that a wrong endpoint,
	 * bucket or credentials fail the start with the file system's own message (Paimon would otherwise try the
	 * next loaders and report that no file system serves the scheme).
	 * @param warehouse the warehouse
	 * @param context the catalog context
	 * @throws IOException when the warehouse cannot be reached, naming the warehouse and the loader, with the
	 * file system's failure as its cause
	 */
	public void checkAccess(String warehouse, CatalogContext context) throws IOException {
		FileIOLoader loader = loader(new Path(warehouse));
		if (loader == null) {
			return;
		}
		FileIO io = loader.load(new Path(warehouse));
		io.configure(context);
		try {
			io.exists(new Path(warehouse));
		}
		catch (IOException ex) {
			throw new IOException("Cannot reach the Paimon warehouse '" + warehouse + "' (" + loader + "): "
					+ ex.getMessage(), ex);
		}
	}

	private @Nullable FileIOLoader loader(Path path) {
		String scheme = scheme(path);
		return (scheme != null) ? this.loaders.get(scheme) : null;
	}

	private static @Nullable String scheme(Path path) {
		URI uri = path.toUri();
		return (uri.getScheme() != null) ? uri.getScheme().toLowerCase(Locale.ROOT) : null;
	}

	@Override
	public String toString() {
		return "PreferredFileIOLoader" + this.loaders.values();
	}

}
