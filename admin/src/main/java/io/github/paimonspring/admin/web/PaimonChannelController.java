package io.github.paimonspring.admin.web;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;

import io.github.paimonspring.admin.AdminChannels;
import io.github.paimonspring.admin.access.AdminOperation;
import io.github.paimonspring.admin.model.AdminModel;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The channel endpoints of the admin REST API: a named producer of a table opens its channel (a new
 * generation that fences older ones, and the offset token to resume after), appends Arrow IPC bodies
 * with their offset token, reads the channel's committed state, and closes it.
 */
@RestController
@RequestMapping(path = "${paimon.admin.base-path:/paimon}", produces = "application/json")
@Tag(name = "Paimon channels", description = "Exactly-once streams of a producer, resumable after a crash")
@SecurityRequirement(name = PaimonAdminController.SECURITY_SCHEME)
public class PaimonChannelController {

	private static final String PROBLEM = "application/problem+json";

	private final AdminChannels channels;

	/**
	 * Creates the controller.
	 * @param channels the channel service
	 */
	public PaimonChannelController(AdminChannels channels) {
		this.channels = channels;
	}

	/**
	 * Opens a channel.
	 * @param database the database
	 * @param table the table
	 * @param channel the channel name
	 * @return the new generation and the committed offset token
	 */
	@PutMapping("/tables/{database}/{table}/channels/{channel}")
	@AdminAccess(AdminOperation.OPEN_CHANNEL)
	@Operation(summary = "Open a channel", operationId = "openChannel",
			description = "Waits for the channel's appends in flight, records a new generation that fences every older "
					+ "one, and returns it with the offset token of the last committed append: resume after it "
					+ "(the first append names it as 'after').")
	@ApiResponse(responseCode = "200", description = "The channel after opening")
	@ApiResponse(responseCode = "404", description = "Unknown table", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "503", description = "The channel is being opened, or its appends are still in flight",
			content = @Content(mediaType = PROBLEM))
	public AdminModel.ChannelResponse open(@PathVariable String database, @PathVariable String table,
			@PathVariable String channel) {
		return this.channels.open(database, table, channel);
	}

	/**
	 * Returns a channel's committed state.
	 * @param database the database
	 * @param table the table
	 * @param channel the channel name
	 * @return the state
	 */
	@GetMapping("/tables/{database}/{table}/channels/{channel}")
	@AdminAccess(AdminOperation.SHOW_CHANNEL)
	@Operation(summary = "Get a channel's committed state", operationId = "getChannel")
	@ApiResponse(responseCode = "200", description = "Generation and last committed offset token")
	@ApiResponse(responseCode = "404", description = "Unknown table or channel",
			content = @Content(mediaType = PROBLEM))
	public AdminModel.ChannelResponse state(@PathVariable String database, @PathVariable String table,
			@PathVariable String channel) {
		return this.channels.state(database, table, channel);
	}

	/**
	 * Closes a channel.
	 * @param database the database
	 * @param table the table
	 * @param channel the channel name
	 * @return the state the channel had
	 */
	@DeleteMapping("/tables/{database}/{table}/channels/{channel}")
	@AdminAccess(AdminOperation.CLOSE_CHANNEL)
	@Operation(summary = "Close a channel", operationId = "closeChannel",
			description = "Waits for the channel's appends in flight, then records that the channel is gone: its "
					+ "generation and offset token are forgotten and appends of its generations are refused. A later "
					+ "opening starts a new channel without an offset token. A closed channel costs the table nothing.")
	@ApiResponse(responseCode = "200", description = "The state the channel had")
	@ApiResponse(responseCode = "404", description = "Unknown table, or the channel is not open (a retried close)",
			content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "503", description = "The channel is being opened, or its appends are still in flight",
			content = @Content(mediaType = PROBLEM))
	public AdminModel.ChannelResponse close(@PathVariable String database, @PathVariable String table,
			@PathVariable String channel) {
		return this.channels.close(database, table, channel);
	}

	/**
	 * Appends an Arrow IPC body to a channel.
	 * @param database the database
	 * @param table the table
	 * @param channel the channel name
	 * @param generation the generation from opening the channel
	 * @param after the offset token the body follows
	 * @param offsetToken the offset token of the body's last row
	 * @param request the request, whose body is the Arrow IPC stream
	 * @return the commit outcome, after the group commit that records the offset token
	 * @throws IOException if the body cannot be read
	 */
	@PostMapping("/tables/{database}/{table}/channels/{channel}/rows")
	@AdminAccess(AdminOperation.APPEND_CHANNEL)
	@Operation(summary = "Append rows to a channel", operationId = "appendToChannel",
			requestBody = @RequestBody(required = true, description = "An Arrow IPC stream",
					content = @Content(mediaType = PaimonAdminController.ARROW_STREAM,
							schema = @Schema(type = "string", format = "binary"))))
	@ApiResponse(responseCode = "200", description = "Committed with the offset token; committed=false for a duplicate "
			+ "(its offsetToken is at or below the channel's tail and that part is committed): nothing was written")
	@ApiResponse(responseCode = "400", description =
			"Malformed Arrow stream or argument: 'after' missing, a token that is "
			+ "not a decimal integer, or offsetToken not greater than after", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "409", description = "problem type urn:paimon-spring:problem:channel-out-of-order "
			+ "(retryable: 'after' is beyond the channel's tail, named in 'tail'; send its predecessor first), "
			+ "channel-overlap (final: after below the tail, offsetToken beyond it), or state-conflict (final: the "
			+ "generation is not current, the channel was opened again)", content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "422", description = "Schema mismatch or null in NOT NULL",
			content = @Content(mediaType = PROBLEM))
	@ApiResponse(responseCode = "503", description =
			"The group commit failed (nothing visible), or the channel is busy",
			content = @Content(mediaType = PROBLEM))
	public CompletableFuture<AdminModel.CommitResponse> append(@PathVariable String database,
			@PathVariable String table,
			@PathVariable String channel, @RequestParam long generation,
			@Parameter(required = true, allowEmptyValue = true,
					description = "The offset token this append follows: the one opening the "
					+ "channel returned, or the previous append's offsetToken; empty (after=) for a channel "
					+ "without one")
			@RequestParam(required = false) String after,
			@Parameter(description = "Offset token of the body's last row: a decimal integer from 0 to "
					+ "9223372036854775807, greater than after") @RequestParam String offsetToken,
			HttpServletRequest request) throws IOException {
		PaimonAdminController.requireArrow(request);
		return this.channels.append(database, table, channel, generation, after, offsetToken, ServletBody.of(request),
				request.getContentLengthLong());
	}

}
