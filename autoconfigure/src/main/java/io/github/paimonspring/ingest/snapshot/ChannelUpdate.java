package io.github.paimonspring.ingest.snapshot;

import org.jspecify.annotations.Nullable;

/**
 * What a group-committed request changes in a channel: an append of a generation up to an offset
 * token, the opening of a new generation, or the closing of the channel.
 *
 * @param channel the channel name
 * @param kind what the request does to the channel
 * @param generation the generation appended to (appends only)
 * @param offsetToken the offset token the append reaches, or {@code null}
 */
public record ChannelUpdate(String channel, Kind kind, long generation, @Nullable String offsetToken) {

	/** What a request does to a channel. */
	enum Kind {

		/** Appends rows up to an offset token. */
		APPEND,

		/** Records a new generation (the snapshot's id), keeping the offset token. */
		OPEN,

		/** Forgets the channel: its generation and offset token. */
		CLOSE

	}

	/**
	 * Returns the name of a channel's claim, in the same name space as the table's idempotency keys.
	 * @param channel the channel name
	 * @return the claim's key
	 */
	public static String claimKey(String channel) {
		return "channel:" + channel;
	}

	/**
	 * Returns the update of an append.
	 * @param channel the channel name
	 * @param generation the generation appended to
	 * @param offsetToken the offset token the append reaches
	 * @return the update
	 */
	public static ChannelUpdate append(String channel, long generation, String offsetToken) {
		return new ChannelUpdate(channel, Kind.APPEND, generation, offsetToken);
	}

	/**
	 * Returns the update of an opening.
	 * @param channel the channel name
	 * @return the update
	 */
	public static ChannelUpdate open(String channel) {
		return new ChannelUpdate(channel, Kind.OPEN, -1, null);
	}

	/**
	 * Returns the update of a closing.
	 * @param channel the channel name
	 * @return the update
	 */
	public static ChannelUpdate close(String channel) {
		return new ChannelUpdate(channel, Kind.CLOSE, -1, null);
	}

}
