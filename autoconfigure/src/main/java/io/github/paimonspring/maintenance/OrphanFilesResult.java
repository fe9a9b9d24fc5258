package io.github.paimonspring.maintenance;

import java.util.List;

/**
 * What an orphan-file cleanup removed (or, in a dry run, would remove).
 *
 * @param table the table identifier
 * @param dryRun whether nothing was deleted
 * @param files the number of files
 * @param bytes their total size
 * @param deadInstanceFiles how many of them were left by dead instances (removed whatever their age)
 * @param sample up to 20 of the file paths
 * @since 0.1.0
 */
public record OrphanFilesResult(String table, boolean dryRun, long files, long bytes, long deadInstanceFiles,
		List<String> sample) {
}
