package io.github.paimonspring.write;

import io.github.paimonspring.core.PaimonWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.options.Options;

/**
 * Main class run in a second JVM by {@link SerializedCommitMessagesTests}: commits serialized commit
 * messages read from a file. Arguments: warehouse, table, commit user, identifier, messages file.
 */
public final class CommitInAnotherProcess {

	private CommitInAnotherProcess() {
	}

	public static void main(String[] args) throws Exception {
		Options options = new Options();
		options.set("warehouse", args[0]);
		try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options))) {
			PaimonWriter writer = PaimonWriter.builder(new PaimonTables(catalog, Map.of()))
				.spillDirectory(Path.of(args[0], "spill"))
				.build();
			ArrowCommitMessages messages = writer.newWriteBuilder(args[1])
				.deserializeCommitMessages(Files.readAllBytes(Path.of(args[4])));
			try (ArrowTableCommit commit = writer.newWriteBuilder(args[1]).withCommitUser(args[2]).newCommit()) {
				CommitResult result = commit.filterAndCommit(Long.parseLong(args[3]), messages);
				System.out.println("RESULT committed=" + result.committed() + " snapshot=" + result.snapshotId()
						+ " pid="
						+ ProcessHandle.current().pid());
			}
		}
	}

}
