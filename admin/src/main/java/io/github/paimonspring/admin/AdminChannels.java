package io.github.paimonspring.admin;

import java.io.InputStream;
import java.util.concurrent.CompletableFuture;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.admin.body.ArrowBodyReader;
import io.github.paimonspring.admin.body.GroupedBodies;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.core.IngestChannel;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.ingest.ChannelState;
import io.github.paimonspring.ingest.IngestBusyException;
import org.jspecify.annotations.Nullable;

/**
 * Channels with offset tokens over HTTP: open (a new generation, the offset token to resume after),
 * append Arrow IPC bodies with their offset token through the group commit, read a channel's
 * committed state, and close it. Appends are read whole before they join a group, within
 * {@code paimon.admin.max-batch-memory}.
 */
public class AdminChannels {

	private final PaimonOperations operations;

	private final AdminTables tables;

	private final AdminSettings settings;

	private final GroupedBodies grouped;

	/**
	 * Creates the service.
	 * @param operations the operations to write through
	 * @param tables the name check
	 * @param reader the reader of request bodies
	 * @param settings limits
	 * @param metrics where to record what is written, or {@code null}
	 */
	public AdminChannels(PaimonOperations operations, AdminTables tables, ArrowBodyReader reader,
			AdminSettings settings,
			@Nullable AdminMetrics metrics) {
		this.operations = operations;
		this.tables = tables;
		this.settings = settings;
		this.grouped = new GroupedBodies(reader, settings, (metrics != null) ? metrics : AdminMetrics.NONE);
	}

	/**
	 * Opens a channel: fences older generations and returns the new one with the committed offset token.
	 * @param database the database
	 * @param table the table
	 * @param channel the channel name
	 * @return the state after opening
	 */
	public AdminModel.ChannelResponse open(String database, String table, String channel) {
		String identifier = this.tables.identifier(database, table);
		try {
			IngestChannel opened = this.operations.openChannel(WriteRequest.into(identifier), channel);
			// the committed state right after the opening; its generation is the handle's unless the channel
			// was opened (or closed) again meanwhile, which fences this one
			ChannelState state = opened.state().orElse(null);
			return new AdminModel.ChannelResponse(opened.table(), channel, opened.generation(),
					(state != null) ? state.offsetToken() : null,
					(state != null) ? state.snapshotId() : opened.generation());
		}
		catch (IngestBusyException ex) {
			throw AdminException.busy(identifier, ex);
		}
	}

	/**
	 * Returns a channel's committed state.
	 * @param database the database
	 * @param table the table
	 * @param channel the channel name
	 * @return the state
	 */
	public AdminModel.ChannelResponse state(String database, String table, String channel) {
		String identifier = this.tables.identifier(database, table);
		return this.operations.channels(identifier).state(channel).map(AdminChannels::response)
			.orElseThrow(() -> new AdminException(AdminException.Kind.NOT_FOUND, "Unknown channel", identifier,
					"Channel '" + channel + "' of table '" + identifier + "' was never opened"));
	}

	/**
	 * Closes a channel: waits for its appends in flight and forgets its generation and offset token.
	 * @param database the database
	 * @param table the table
	 * @param channel the channel name
	 * @return the state the channel had
	 */
	public AdminModel.ChannelResponse close(String database, String table, String channel) {
		String identifier = this.tables.identifier(database, table);
		try {
			return this.operations.channels(identifier).close(channel).map(AdminChannels::response)
				.orElseThrow(() -> new AdminException(AdminException.Kind.NOT_FOUND, "Unknown channel", identifier,
						"Channel '" + channel + "' of table '" + identifier
								+ "' is not open (never opened, or closed)"));
		}
		catch (IngestBusyException ex) {
			throw AdminException.busy(identifier, ex);
		}
	}

	/**
	 * Appends one Arrow IPC body to a channel.
	 * @param database the database
	 * @param table the table
	 * @param channel the channel name
	 * @param generation the generation the producer got when it opened the channel
	 * @param after the offset token the body follows (empty for a channel without one); required
	 * @param offsetToken the offset token of the body's last row
	 * @param body the request body
	 * @param contentLength the declared length, or -1
	 * @return the outcome, when the group commit is done ({@code committed = false} for a duplicate)
	 */
	public CompletableFuture<AdminModel.CommitResponse> append(String database, String table, String channel,
			long generation, @Nullable String after, String offsetToken, InputStream body, long contentLength) {
		String identifier = this.tables.identifier(database, table);
		if (after == null) {
			throw new PaimonArgumentException(identifier, "The query parameter 'after' is required: the offset token "
					+ "this append follows — the one opening the channel returned, or the previous append's "
					+ "offsetToken; empty (after=) for a channel that has none");
		}
		ArrowBodyReader.checkDeclaredLength(identifier, contentLength, this.settings.maxRequestBytes());
		return this.grouped.submit(identifier, "channel " + channel, body,
				(batches) -> this.operations.channels(identifier)
					.channel(channel, generation)
					.append(after, offsetToken, batches));
	}

	private static AdminModel.ChannelResponse response(ChannelState state) {
		return new AdminModel.ChannelResponse(state.table(), state.channel(), state.generation(), state.offsetToken(),
				state.snapshotId());
	}

}
