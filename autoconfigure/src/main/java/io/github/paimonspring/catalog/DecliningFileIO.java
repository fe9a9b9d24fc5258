package io.github.paimonspring.catalog;

import java.io.IOException;

import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.FileStatus;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.fs.SeekableInputStream;
import org.jspecify.annotations.Nullable;

/**
 * What {@link PreferredFileIOLoader} answers for a scheme it does not serve: every access fails with an
 * {@link IOException}, which makes Paimon's {@code FileIO.get} go on to the loaders it discovers itself.
 */
final class DecliningFileIO implements FileIO {

	private static final long serialVersionUID = 1L;

	private final String scheme;

	DecliningFileIO(@Nullable String scheme) {
		this.scheme = String.valueOf(scheme);
	}

	private IOException declined(Path path) {
		return new IOException("No FileIOLoader bean serves the scheme '" + this.scheme + "' of " + path);
	}

	@Override
	public boolean isObjectStore() {
		return false;
	}

	@Override
	public void configure(CatalogContext context) {
		// nothing to configure
	}

	@Override
	public SeekableInputStream newInputStream(Path path) throws IOException {
		throw declined(path);
	}

	@Override
	public PositionOutputStream newOutputStream(Path path, boolean overwrite) throws IOException {
		throw declined(path);
	}

	@Override
	public FileStatus getFileStatus(Path path) throws IOException {
		throw declined(path);
	}

	@Override
	public FileStatus[] listStatus(Path path) throws IOException {
		throw declined(path);
	}

	@Override
	public boolean exists(Path path) throws IOException {
		throw declined(path);
	}

	@Override
	public boolean delete(Path path, boolean recursive) throws IOException {
		throw declined(path);
	}

	@Override
	public boolean mkdirs(Path path) throws IOException {
		throw declined(path);
	}

	@Override
	public boolean rename(Path src, Path dst) throws IOException {
		throw declined(src);
	}

}
