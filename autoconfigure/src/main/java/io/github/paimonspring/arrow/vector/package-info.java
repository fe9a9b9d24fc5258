/**
 * Paimon column vectors that read Arrow memory in place, one per Arrow vector kind (fixed-width,
 * variable-width, view, dictionary-encoded, decimal, temporal, list, map, struct), and the all-null
 * vector of a column the batch does not have. They are created by {@code arrow.ArrowColumnVectors}
 * after the buffers were checked, and check only what depends on a value (decimal overflow, dictionary
 * indices), refusing it with the parent package's {@code ArrowDataException}; temporal vectors tell
 * which values overflow once scaled ({@code ScaledValues}), which the parent package refuses.
 * <p>
 * Internal: no type of this package is API (see {@code docs/architecture.md}); it may change in any release.
 */
@NullMarked
package io.github.paimonspring.arrow.vector;

import org.jspecify.annotations.NullMarked;
