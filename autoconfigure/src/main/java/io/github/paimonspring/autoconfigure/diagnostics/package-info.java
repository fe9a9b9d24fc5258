/**
 * The failure analyzers that turn start-up failures of the set-up into one description and the action that fixes
 * it, one analyzer per cause: the catalog, the warehouse, a JDBC catalog's database, Hadoop or Arrow memory access
 * missing, a wrong table declaration.
 * <p>
 * Internal: no type of this package is API (see {@code docs/architecture.md}); it may change in any release.
 */
@NullMarked
package io.github.paimonspring.autoconfigure.diagnostics;

import org.jspecify.annotations.NullMarked;
