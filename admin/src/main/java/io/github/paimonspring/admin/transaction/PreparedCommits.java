package io.github.paimonspring.admin.transaction;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import io.github.paimonspring.admin.model.AdminArguments;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.write.CommitResult;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits the prepared commits of staged transactions, handed over by a coordinator, as one commit.
 */
public final class PreparedCommits {

	private static final Logger logger = LoggerFactory.getLogger(PreparedCommits.class);

	private final PaimonOperations writer;

	private final AdminMetrics metrics;

	private final Function<String, @Nullable Long> latestSnapshot;

	/**
	 * Creates the committer.
	 * @param writer the writer whose tables are committed to
	 * @param metrics receives the commits
	 * @param latestSnapshot the latest snapshot of a table by identifier, or {@code null}
	 */
	public PreparedCommits(PaimonOperations writer, AdminMetrics metrics,
			Function<String, @Nullable Long> latestSnapshot) {
		this.writer = writer;
		this.metrics = metrics;
		this.latestSnapshot = latestSnapshot;
	}

	/**
	 * Commits the prepared commits of one or more transactions (possibly of other instances) as one
	 * commit. With an identifier, a repeat is filtered; without one, messages whose files are all
	 * committed already are not committed again. Either way repeating the request commits nothing new.
	 * @param identifier {@code database.table} of an existing table, as checked by the caller
	 * @param request the prepared commits, identifier and commit user
	 * @return the outcome
	 */
	public AdminModel.CommitResponse commit(String identifier, AdminModel.PreparedCommitsRequest request) {
		List<byte[]> payloads = AdminArguments.preparedCommits(identifier,
				(request != null) ? request.preparedCommits() : null);
		AdminArguments.checkIdentifier(identifier, request.identifier());
		if (request.commitUser() != null) {
			AdminArguments.checkKey(identifier, "commitUser", request.commitUser());
		}
		long started = System.nanoTime();
		CommitResult result;
		List<WritePath.Prepared> merged = new ArrayList<>(1);
		try (WritePath path = FamilyWritePath.forPrepared(this.writer, identifier, payloads, request.commitUser(),
				merged)) {
			WritePath.Prepared prepared = merged.get(0);
			if (request.identifier() != null) {
				result = prepared.commit(request.identifier(), true);
			}
			else {
				result = alreadyCommitted(identifier, prepared.committedFiles(), prepared.fileNames());
				if (result == null) {
					result = prepared.commit(null, false);
				}
			}
		}
		this.metrics.committed(identifier, Duration.ofNanos(System.nanoTime() - started), result.committed());
		logger.info("Committed {} prepared commit(s) on table '{}': {}", payloads.size(), identifier, result);
		return new AdminModel.CommitResponse(result.committed(), result.snapshotId(),
				result.committed() ? result.rows() : 0);
	}

	private @Nullable CommitResult alreadyCommitted(String table, Set<String> committed, Set<String> files) {
		if (committed.isEmpty() || files.isEmpty()) {
			return null;
		}
		if (committed.containsAll(files)) {
			return new CommitResult(0, false, this.latestSnapshot.apply(table));
		}
		throw new AdminException(AdminException.Kind.CONFLICT, "Partly committed", table, "Some of the prepared files ("
				+ committed.size() + " of " + files.size() + ") are already committed to table '" + table
				+ "'; commit the same prepared commits with an identifier, or drop the committed ones");
	}

}
