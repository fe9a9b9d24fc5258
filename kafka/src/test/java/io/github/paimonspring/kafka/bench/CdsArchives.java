package io.github.paimonspring.kafka.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Class data sharing for the benchmark's measured JVMs ({@code bench.cds=true}): each side first runs once
 * unmeasured with {@code -XX:ArchiveClassesAtExit} (a dynamic archive of every class it loaded, written when the
 * JVM exits), then every measured run of that side starts with {@code -XX:SharedArchiveFile}. This is what
 * Spring Boot's documentation describes for a deployment ("Class Data Sharing"), applied to every side alike.
 * A JVM can archive classes from jars only, so the class directories of a class path are packed into jars
 * first (in each run anew).
 */
final class CdsArchives {

	private final Path directory;

	/** The jars made in this run, by class directory: a run never takes an older run's jar. */
	private final Map<Path, Path> jars = new HashMap<>();

	CdsArchives(Path directory) {
		this.directory = directory;
	}

	/**
	 * The archive of a side.
	 * @param side the side's name
	 * @return its file
	 */
	Path archive(String side) {
		return this.directory.resolve(side.toLowerCase(Locale.ROOT) + ".jsa");
	}

	/**
	 * The options of a side's training run.
	 * @param side the side's name
	 * @return the JVM options
	 */
	List<String> training(String side) throws IOException {
		Files.createDirectories(this.directory);
		Files.deleteIfExists(archive(side));
		return List.of("-XX:ArchiveClassesAtExit=" + archive(side).toAbsolutePath());
	}

	/**
	 * The options of a side's measured runs, once its training run wrote the archive.
	 * @param side the side's name
	 * @return the JVM options
	 * @throws IllegalStateException if there is no archive
	 */
	List<String> use(String side) {
		Path archive = archive(side);
		if (!Files.isRegularFile(archive)) {
			throw new IllegalStateException("the training run of " + side + " wrote no class data archive ("
					+ archive + "); see its log");
		}
		return List.of("-XX:SharedArchiveFile=" + archive.toAbsolutePath(), "-Xshare:auto");
	}

	/**
	 * A class path with each directory replaced by a jar of its contents (made once per directory and run).
	 * @param classpath the class path
	 * @return the class path of jars
	 */
	String jarsOnly(String classpath) throws IOException {
		List<String> entries = new ArrayList<>();
		for (String entry : classpath.split(File.pathSeparator)) {
			Path path = Path.of(entry);
			entries.add(Files.isDirectory(path) ? jar(path).toString() : entry);
		}
		return String.join(File.pathSeparator, entries);
	}

	private Path jar(Path classes) throws IOException {
		Path absolute = classes.toAbsolutePath().normalize();
		String name = absolute.getParent().getParent().getFileName() + "-" + absolute.getParent().getFileName() + "-"
				+ absolute.getFileName() + ".jar";
		Path made = this.jars.get(absolute);
		if (made != null) {
			return made;
		}
		Path jar = this.directory.resolve("jars").resolve(name).toAbsolutePath();
		Files.createDirectories(jar.getParent());
		try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
				Stream<Path> files = Files.walk(absolute)) {
			for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
				out.putNextEntry(new JarEntry(absolute.relativize(file).toString().replace(File.separatorChar, '/')));
				Files.copy(file, out); // leaves the jar open
				out.closeEntry();
			}
		}
		this.jars.put(absolute, jar);
		return jar;
	}

}
