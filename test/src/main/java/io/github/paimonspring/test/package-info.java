/**
 * Test support for applications that write Paimon tables with the starter: read rows back
 * ({@link io.github.paimonspring.test.TableRows}), assert on tables and snapshots
 * ({@link io.github.paimonspring.test.PaimonAssertions}) and build Arrow batches from plain values
 * ({@link io.github.paimonspring.test.TestBatches}).
 */
@NullMarked
package io.github.paimonspring.test;

import org.jspecify.annotations.NullMarked;
