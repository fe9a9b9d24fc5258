package io.github.paimonspring.ingest;

import org.jspecify.annotations.Nullable;

/**
 * The committed state of a channel, as the table's snapshots record it.
 *
 * @param table the table identifier
 * @param channel the channel name
 * @param generation the current generation: the id of the snapshot that recorded the channel's last
 * opening; appends of any other generation are refused
 * @param offsetToken the offset token of the last committed append, or {@code null} when none was
 * committed yet
 * @param snapshotId the snapshot that last changed the channel (its opening or an append)
 * @since 0.1.0
 */
public record ChannelState(String table, String channel, long generation, @Nullable String offsetToken,
		long snapshotId) {
}
