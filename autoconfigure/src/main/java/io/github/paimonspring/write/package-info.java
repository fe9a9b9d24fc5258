/**
 * Writing Arrow batches into Paimon tables: write sessions and lanes, table writes, commit
 * messages and committing them.
 */
@NullMarked
package io.github.paimonspring.write;

import org.jspecify.annotations.NullMarked;
