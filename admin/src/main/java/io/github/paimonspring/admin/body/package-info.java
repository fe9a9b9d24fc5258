/**
 * Guarded Arrow IPC request bodies, read from an {@code InputStream} and a declared length: framing,
 * metadata and schema limits and the Arrow memory of each batch are checked before Arrow parses or
 * allocates ({@code ArrowIpcGuard}, {@code ArrowMessageChecks}); the shared memory budget and upload
 * slots ({@code ArrowBodyReader}); bodies buffered for the group commit ({@code GroupedBodies}).
 */
@NullMarked
package io.github.paimonspring.admin.body;

import org.jspecify.annotations.NullMarked;
