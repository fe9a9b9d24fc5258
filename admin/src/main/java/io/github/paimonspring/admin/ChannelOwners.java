package io.github.paimonspring.admin;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import io.github.paimonspring.cluster.StateStore;
import org.jspecify.annotations.Nullable;

/**
 * The principal that opened each channel over the admin API, kept in the state store every instance shares,
 * so that another principal needs the {@code admin} scope to open, append to or close it. A channel has no
 * owner until a principal opens it; closing it forgets the owner.
 * <p>
 * Appends name the generation they belong to, and an owner, once a channel has one, does not change within a
 * generation: it is only forgotten when the channel is closed (which fences that generation), and the next owner
 * comes with the next opening, a new generation. So the owner seen for an append's generation is kept per
 * instance ({@link #owner(String, String, long)}, at most {@value #KEPT} generations, the least recently used
 * dropped first) and appends do not read the store. "No owner" is not kept: a channel without one gets one when a
 * principal opens it, which claims it before the opening (that may still fail) makes a new generation.
 */
public final class ChannelOwners {

	/** The kind of the store's records. */
	static final String KIND = "admin-channel-owner";

	private static final Pattern VALID = Pattern.compile("[A-Za-z0-9._-]{1,128}");

	/** How many channel generations' owners an instance keeps. */
	static final int KEPT = 4096;

	private final StateStore store;

	/** {@code database.table.channel@generation} → the owner; guarded by itself. */
	private final Map<String, String> byGeneration = new LinkedHashMap<>(64, 0.75f, true) {

		private static final long serialVersionUID = 1L;

		@Override
		protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
			return size() > KEPT;
		}

	};

	/**
	 * Creates the owners over a store.
	 * @param store the store the instances share
	 */
	public ChannelOwners(StateStore store) {
		this.store = store;
	}

	/**
	 * Returns the owner of a channel for an append of one of its generations, from the store the first time and
	 * then from this instance's memory (an owner does not change within a generation); a channel without an owner
	 * is looked up every time (it may get one).
	 * @param table {@code database.table}
	 * @param channel the channel name
	 * @param generation the generation the append names
	 * @return the principal's name, or {@code null} if no principal owns it
	 */
	public @Nullable String owner(String table, String channel, long generation) {
		if (!isValid(channel)) {
			return null;
		}
		String key = id(table, channel) + "@" + generation;
		synchronized (this.byGeneration) {
			String kept = this.byGeneration.get(key);
			if (kept != null) {
				return kept;
			}
		}
		String owner = owner(table, channel);
		if (owner != null) {
			synchronized (this.byGeneration) {
				this.byGeneration.put(key, owner);
			}
		}
		return owner;
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
		forget(table, channel);
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
		forget(table, channel);
	}

	/** Drops what this instance kept of a channel's generations (its owner changed here). */
	private void forget(String table, String channel) {
		String prefix = id(table, channel) + "@";
		synchronized (this.byGeneration) {
			this.byGeneration.keySet().removeIf((key) -> key.startsWith(prefix));
		}
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
