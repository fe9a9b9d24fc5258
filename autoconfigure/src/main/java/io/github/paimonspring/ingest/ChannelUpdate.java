package io.github.paimonspring.ingest;

import org.jspecify.annotations.Nullable;

/**
 * What a group-committed request changes in a channel: an append of a generation up to an offset
 * token, or ({@code generation < 0}) the opening of a new generation.
 *
 * @param channel the channel name
 * @param generation the generation appended to, or a negative value for an opening
 * @param offsetToken the offset token the append reaches, or {@code null}
 */
record ChannelUpdate(String channel, long generation, @Nullable String offsetToken) {
}
