/**
 * The failure analyzer that turns start-up failures of the set-up (Hadoop or Arrow memory access
 * missing, no admin token, an unreachable catalog, a wrong table declaration) into a description and
 * the action that fixes it.
 */
@NullMarked
package io.github.paimonspring.autoconfigure.diagnostics;

import org.jspecify.annotations.NullMarked;
