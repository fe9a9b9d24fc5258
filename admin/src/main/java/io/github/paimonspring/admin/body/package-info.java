/**
 * Arrow IPC request bodies, read from an {@code InputStream} and a declared length through the core's
 * Arrow input gate ({@code arrow.ipc.ArrowIpcReader}: framing, metadata and schema limits and the Arrow
 * memory of each batch checked before Arrow parses or allocates); the shared memory budget and upload
 * slots ({@code ArrowBodyReader}); bodies buffered for the group commit ({@code GroupedBodies}).
 */
@NullMarked
package io.github.paimonspring.admin.body;

import org.jspecify.annotations.NullMarked;
