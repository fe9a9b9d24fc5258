package io.github.paimonspring.cluster;

import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;

import io.github.paimonspring.PaimonUnavailableException;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.FileStatus;
import org.apache.paimon.fs.Path;
import org.jspecify.annotations.Nullable;

/**
 * A {@link StateStore} in a directory of the warehouse that no table uses (Paimon's catalogs only read
 * {@code *.db} directories): one small file per record, {@code <root>/<kind>/<id>.properties}, replaced
 * whole: a reader sees the old record or the new one, never a part (an object store replaces an object at once; on
 * a local file system a temporary file is moved over the record). For a filesystem catalog, whose instances share
 * only the warehouse.
 */
public final class WarehouseStateStore implements StateStore {

	/** The directory under the warehouse that holds the records. */
	public static final String DIRECTORY = "_paimon-spring";

	private static final String SUFFIX = ".properties";

	private final FileIO fileIO;

	private final Path root;

	/**
	 * Creates the store.
	 * @param fileIO the warehouse's file system
	 * @param warehouse the warehouse root
	 */
	public WarehouseStateStore(FileIO fileIO, String warehouse) {
		this.fileIO = fileIO;
		this.root = new Path(warehouse, DIRECTORY);
	}

	@Override
	public void put(String kind, String id, Map<String, String> fields) {
		Path file = file(kind, id);
		String content = Records.format(fields);
		try {
			String scheme = file.toUri().getScheme();
			if (scheme == null || "file".equals(scheme)) {
				replaceLocalFile(new File(file.toUri().getPath()), content);
			}
			else {
				this.fileIO.overwriteFileUtf8(file, content);
			}
		}
		catch (IOException ex) {
			throw failure("Writing", file, ex);
		}
	}

	@Override
	public @Nullable Map<String, String> get(String kind, String id) {
		Path file = file(kind, id);
		try {
			if (!this.fileIO.exists(file)) {
				return null;
			}
			// read whole: FileIO.readFileUtf8 drops line breaks
			try (InputStream in = this.fileIO.newInputStream(file)) {
				return Records.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
			}
		}
		catch (FileNotFoundException ex) {
			return null;
		}
		catch (IOException ex) {
			throw failure("Reading", file, ex);
		}
	}

	@Override
	public Map<String, Map<String, String>> list(String kind) {
		Path directory = new Path(this.root, kind);
		Map<String, Map<String, String>> records = new TreeMap<>();
		try {
			if (!this.fileIO.exists(directory)) {
				return records;
			}
			for (FileStatus status : this.fileIO.listStatus(directory)) {
				String name = status.getPath().getName();
				if (!status.isDir() && name.endsWith(SUFFIX)) {
					String id = name.substring(0, name.length() - SUFFIX.length());
					Map<String, String> record = get(kind, id);
					if (record != null) {
						records.put(id, record);
					}
				}
			}
		}
		catch (IOException ex) {
			throw failure("Listing", directory, ex);
		}
		return records;
	}

	@Override
	public void delete(String kind, String id) {
		this.fileIO.deleteQuietly(file(kind, id));
	}

	@Override
	public String location() {
		return this.root.toString();
	}

	/** Writes a temporary file beside the record and moves it over the record in one step. */
	private static void replaceLocalFile(File record, String content) throws IOException {
		var target = record.toPath();
		Files.createDirectories(target.getParent());
		var temporary = Files.createTempFile(target.getParent(), "." + record.getName(), ".tmp");
		try {
			Files.writeString(temporary, content, StandardCharsets.UTF_8);
			Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		}
		finally {
			Files.deleteIfExists(temporary);
		}
	}

	private Path file(String kind, String id) {
		if (!id.matches("[A-Za-z0-9._-]+")) {
			throw new IllegalArgumentException("A state record id must be letters, digits, '.', '_' or '-': " + id);
		}
		return new Path(new Path(this.root, kind), id + SUFFIX);
	}

	private static PaimonUnavailableException failure(String what, Path file, IOException ex) {
		return new PaimonUnavailableException(null, what + " the shared state " + file + " failed: " + ex.getMessage()
				+ "; retry later", ex);
	}

}
