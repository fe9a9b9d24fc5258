/**
 * Apache Arrow input: IPC stream reading and validation, schema checks against Paimon row types,
 * and the column vectors that expose Arrow batches to Paimon writers.
 */
@NullMarked
package io.github.paimonspring.arrow;

import org.jspecify.annotations.NullMarked;
