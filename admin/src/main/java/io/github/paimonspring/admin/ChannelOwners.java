package io.github.paimonspring.admin;

import java.util.Map;
import java.util.regex.Pattern;

import io.github.paimonspring.cluster.StateStore;
import org.jspecify.annotations.Nullable;

/**
 * The principal that opened each channel over the admin API, kept in the state store every instance shares,
 * so that another principal needs the {@code admin} scope to open, append to or close it. A channel has no
 * owner until a principal opens it; closing it forgets the owner.
 */
public final class ChannelOwners {

	/** The kind of the store's records. */
	static final String KIND = "admin-channel-owner";

	private static final Pattern VALID = Pattern.compile("[A-Za-z0-9._-]{1,128}");

	private final StateStore store;

	/**
	 * Creates the owners over a store.
	 * @param store the store the instances share
	 */
	public ChannelOwners(StateStore store) {
		this.store = store;
	}

	/**
	 * Returns the owner of a channel.
	 * @param table {@code database.table}
	 * @param channel the channel name
	 * @return the principal's name, or {@code null} if no principal owns it
	 */
	public @Nullable String owner(String table, String channel) {
		if (!isValid(channel)) {
			return null;
		}
		Map<String, String> record = this.store.get(KIND, id(table, channel));
		return (record != null) ? record.get("principal") : null;
	}

	/**
	 * Makes a principal the owner of a channel that has none (two principals opening a new channel at the same
	 * moment: the later one wins).
	 * @param table {@code database.table}
	 * @param channel the channel name
	 * @param principal the principal's name
	 */
	public void claim(String table, String channel, String principal) {
		if (!isValid(channel)) {
			return;
		}
		this.store.put(KIND, id(table, channel), Map.of("principal", principal));
	}

	/**
	 * Forgets the owner of a closed channel.
	 * @param table {@code database.table}
	 * @param channel the channel name
	 */
	public void release(String table, String channel) {
		if (!isValid(channel)) {
			return;
		}
		this.store.delete(KIND, id(table, channel));
	}

	/** {@code database.table.channel}: database and table names hold no dot, so the id is unique. */
	private static String id(String table, String channel) {
		return table + "." + channel;
	}

	/** A name the channel API accepts (others are refused by it, with no owner to look up). */
	private static boolean isValid(String channel) {
		return VALID.matcher(channel).matches();
	}

}
