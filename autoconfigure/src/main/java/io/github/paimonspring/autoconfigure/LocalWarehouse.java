package io.github.paimonspring.autoconfigure;

import java.io.IOException;
import java.net.URI;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;

import org.jspecify.annotations.Nullable;

/**
 * The start-up check of a local warehouse (a path or {@code file:} URI): its directory exists or can be created,
 * and this process may write it. Paimon would otherwise fail later, with a message that names neither the
 * warehouse nor the property ({@code The path … should be a directory}, {@code FileAlreadyExistsException}).
 */
final class LocalWarehouse {

	private LocalWarehouse() {
	}

	/**
	 * Creates the warehouse directory if it does not exist, and checks that it is a directory this process may
	 * write.
	 * @param warehouse the local warehouse
	 * @throws WarehouseAccessException when it is not
	 */
	static void check(String warehouse) {
		Path directory = path(warehouse);
		if (directory == null) {
			return; // not a path this JVM understands: Paimon decides
		}
		Path file = nearestExisting(directory);
		if (file != null && !Files.isDirectory(file)) {
			throw failure(warehouse, "'" + file + "' is a file, not a directory", null);
		}
		try {
			Files.createDirectories(directory);
		}
		catch (FileAlreadyExistsException ex) {
			throw failure(warehouse, "'" + ex.getFile() + "' is a file, not a directory", ex);
		}
		catch (AccessDeniedException ex) {
			throw failure(warehouse, "this process (user '" + System.getProperty("user.name")
					+ "') may not create '" + ex.getFile() + "'", ex);
		}
		catch (IOException ex) {
			throw failure(warehouse, "its directory cannot be created: " + ex, ex);
		}
		if (!Files.isWritable(directory)) {
			throw failure(warehouse, "this process (user '" + System.getProperty("user.name")
					+ "') may not write the directory", null);
		}
	}

	private static @Nullable Path nearestExisting(Path directory) {
		for (Path path = directory.toAbsolutePath(); path != null; path = path.getParent()) {
			if (Files.exists(path)) {
				return path;
			}
		}
		return null;
	}

	private static WarehouseAccessException failure(String warehouse, String reason, @Nullable Throwable cause) {
		return new WarehouseAccessException(warehouse,
				"Cannot use the local Paimon warehouse '" + warehouse + "': " + reason, cause);
	}

	private static @Nullable Path path(String warehouse) {
		try {
			return warehouse.regionMatches(true, 0, "file:", 0, 5) ? Path.of(URI.create(warehouse))
					: Path.of(warehouse);
		}
		catch (IllegalArgumentException | FileSystemNotFoundException ex) {
			// an invalid path or URI (InvalidPathException is an IllegalArgumentException)
			return null;
		}
	}

}
