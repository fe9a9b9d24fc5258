/**
 * Writing Arrow batches into Paimon tables, as applications see it: the one write model, builder →
 * write → commit messages → commit, as the interfaces {@link io.github.paimonspring.write.ArrowWriteBuilder},
 * {@link io.github.paimonspring.write.ArrowTableWrite}, {@link io.github.paimonspring.write.ArrowCommitMessages}
 * and {@link io.github.paimonspring.write.ArrowTableCommit}, with the bucket plans, commit results, commit
 * users and the schema change listener. The families behind the interfaces are in {@code write.family}
 * (and {@code postpone}); they run on engines in sub-packages: {@code write.lane} (parallel Paimon
 * writers), {@code write.parquet} (column-by-column data files) and {@code write.commit} (Paimon commits,
 * truncates, safe abort); {@code write.schema} applies schema evolution on write. The sub-packages use
 * this package only for its records and interfaces.
 */
@NullMarked
package io.github.paimonspring.write;

import org.jspecify.annotations.NullMarked;
