package io.github.paimonspring.httptests.bench;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.support.S3CatalogContexts;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.options.Options;

/**
 * The in-process side of {@link HttpUploadBenchmark}, in a JVM of its own: for every line
 * {@code <table> <file>} on standard input it writes the Arrow IPC file with
 * {@code PaimonWriter.write(table, new ArrowStreamReader(file))} and answers {@code <rows> <nanos>}.
 * Argument: the warehouse.
 */
public final class InProcessWriter {

	private InProcessWriter() {
	}

	public static void main(String[] args) throws Exception {
		Options options = new Options();
		options.set("warehouse", args[0]);
		try (Catalog catalog = CatalogFactory.createCatalog(S3CatalogContexts.create(options.toMap()));
				BufferAllocator allocator = new RootAllocator();
				BufferedReader commands = new BufferedReader(new InputStreamReader(System.in,
						StandardCharsets.UTF_8))) {
			PaimonWriter writer = PaimonWriter.builder(new PaimonTables(catalog, Map.of()))
				.spillDirectory(Path.of(args[0], "spill"))
				.build();
			System.out.println("ready");
			for (String line = commands.readLine(); line != null; line = commands.readLine()) {
				String[] fields = line.split(" ", 2);
				long start = System.nanoTime();
				long rows;
				try (InputStream in = Files.newInputStream(Path.of(fields[1]));
						ArrowStreamReader reader = new ArrowStreamReader(in, allocator)) {
					rows = writer.write(WriteRequest.into(fields[0]), reader).rows();
				}
				System.out.println(rows + " " + (System.nanoTime() - start));
			}
		}
	}

}
