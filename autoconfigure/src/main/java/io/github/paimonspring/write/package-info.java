/**
 * Writing Arrow batches into Paimon tables: the one write model (builder → write → commit messages →
 * commit) as generic base classes, the standard family on top of them, the commit users, results,
 * exceptions and the schema change listener. The base classes run on engines in sub-packages:
 * {@code write.lane} (parallel Paimon writers) and {@code write.commit} (Paimon commits, truncates,
 * safe abort); {@code write.schema} applies schema evolution on write. The sub-packages use this
 * package only for its exceptions, records and interfaces.
 */
@NullMarked
package io.github.paimonspring.write;

import org.jspecify.annotations.NullMarked;
