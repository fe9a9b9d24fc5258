package io.github.paimonspring.ingest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.ingest.channel.Channels;
import io.github.paimonspring.ingest.group.GroupCommits;
import io.github.paimonspring.ingest.group.TableIngest;
import io.github.paimonspring.ingest.group.ValidatedBatch;
import io.github.paimonspring.ingest.snapshot.SnapshotIndex;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.family.WriteTarget;
import io.github.paimonspring.write.lane.RowKindRules;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.data.columnar.DecimalColumnVector;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The group commit of every table: validates each request on its own, then adds its rows to the
 * table's current group (see {@link TableIngest}, {@link GroupCommits}). An idempotency key is claimed before it is
 * looked
 * up, so that one key is written by one request at a time; a request whose key is already committed
 * is answered with the snapshot that committed it, found in the table's {@link SnapshotIndex}. Postpone
 * ({@code bucket = -2}) tables are written straight into real buckets. Thread-safe.
 * <p>
 * Applications write through {@code PaimonOperations} ({@code ingest}, channels); they create an
 * {@code Ingester} only to give a {@code PaimonWriter} one with their own settings, and read its settings and
 * failing tables. The operations on resolved tables are the core's, through the internal
 * {@link GroupCommitService}.
 *
 * @since 0.1.0
 */
public final class Ingester implements AutoCloseable {

	/** Longest idempotency key accepted; keys are stored in snapshot properties. */
	public static final int MAX_KEY_LENGTH = 256;

	private static final Logger logger = LoggerFactory.getLogger(Ingester.class);

	private final IngestSettings settings;

	private final GroupCommits groups;

	private final HeldKeys keys;

	private final ExecutorService warmUps;

	private final Channels channels;

	private volatile boolean closed;

	/**
	 * Creates the service.
	 * @param settings the group commit settings
	 * @param claims the claims on idempotency keys
	 * @param listener receives what the group commits do
	 * @param postponeDefaultBuckets bucket count of new partitions of postpone tables, or 0 for each
	 * table's {@code postpone.default-bucket-num}
	 */
	public Ingester(IngestSettings settings, KeyClaims claims, IngestListener listener, int postponeDefaultBuckets) {
		this.settings = settings;
		this.groups = new GroupCommits(settings, claims, listener, postponeDefaultBuckets);
		this.channels = new Channels(claims, settings);
		this.keys = new HeldKeys(claims, settings.claimWait());
		this.warmUps = Executors.newSingleThreadExecutor((task) -> {
			Thread thread = new Thread(task, "paimon-index-warm-up");
			thread.setDaemon(true);
			return thread;
		});
	}

	/**
	 * Returns the settings.
	 * @return the group commit settings
	 */
	public IngestSettings settings() {
		return this.settings;
	}

	/**
	 * Returns the tables whose last group commits failed, with the number of consecutive failures.
	 * @return table identifier to failures; empty when every table's last commit succeeded
	 */
	public Map<String, Integer> failingTables() {
		return this.groups.failingTables();
	}

	/**
	 * Validates a request's batches and adds them to the table's current group; the future completes
	 * when the group is committed (or failed). The caller keeps ownership of the batches and may release
	 * them when this method returns.
	 * @param target the table
	 * @param batches the batches (without dictionary-encoded columns)
	 * @param key the idempotency key, or {@code null}
	 * @return the outcome: committed with the group's snapshot and this request's rows, or not committed
	 * with the snapshot that committed the key before
	 * @throws ArrowDataException if a batch does not match the table (nothing was written)
	 * @throws IngestBusyException if the table buffers too much, or another instance holds the key
	 */
	CompletableFuture<CommitResult> submit(WriteTarget target, List<VectorSchemaRoot> batches,
			@Nullable String key) {
		checkOpen(target);
		if (key == null) {
			return onCurrent(target, (ingest) -> {
				return ingest.submit(validate(target, ingest, batches), null);
			});
		}
		HeldKey held = holdKey(target, key);
		try {
			return submit(target, batches, held);
		}
		finally {
			held.close();
		}
	}

	/**
	 * Claims an idempotency key before the request's batches exist (while its body is still being read):
	 * a second request with the same key waits for this one — on this instance, and (bounded) on every
	 * instance that shares the claims — and then gets its outcome. Submit the batches with
	 * {@link #submit(WriteTarget, List, HeldKey)}, and close the key in any case.
	 * @param target the table
	 * @param key the idempotency key
	 * @return the held key
	 * @throws IngestBusyException if another instance holds the key for longer than the wait
	 */
	HeldKey holdKey(WriteTarget target, String key) {
		checkOpen(target);
		if (key.isEmpty() || key.length() > MAX_KEY_LENGTH || key.chars().anyMatch(Character::isISOControl)) {
			throw new PaimonArgumentException(target.name(), "idempotency key must be 1 to " + MAX_KEY_LENGTH
					+ " characters without control characters, got " + key.length() + " character(s)");
		}
		return this.keys.hold(target.name(), target.location(), key);
	}

	/**
	 * Writes a request's batches under a key it holds (see {@link #submit(WriteTarget, List, String)});
	 * a key that a retained snapshot committed already writes nothing.
	 * @param target the table
	 * @param batches the batches; the caller keeps ownership
	 * @param held the key, held by {@link #holdKey}; released when the commit is done
	 * @return the outcome
	 */
	@SuppressWarnings("FutureReturnValueIgnored") // whenComplete only settles the key; the caller gets the outcome
	CompletableFuture<CommitResult> submit(WriteTarget target, List<VectorSchemaRoot> batches, HeldKey held) {
		CompletableFuture<CommitResult> outcome;
		try {
			checkOpen(target);
			held.submitted();
			Long committed = index(target).snapshotOf(held.key());
			outcome = (committed != null) ? CompletableFuture.completedFuture(new CommitResult(0, false, committed))
					: onCurrent(target, (ingest) -> {
						return ingest.submit(validate(target, ingest, batches), held.key());
					});
		}
		catch (RuntimeException ex) {
			held.settle(null, ex);
			throw ex;
		}
		outcome.whenComplete(held::settle);
		return outcome;
	}

	/**
	 * Reads every top-level decimal, the one kind of value whose overflow is only found when it is read:
	 * found here, it fails the request alone instead of the shared writer of its group.
	 */
	private static void readDecimals(RowType rowType, VectorizedColumnBatch columns, int rows) {
		for (int c = 0; c < rowType.getFieldCount(); c++) {
			if (rowType.getTypeAt(c) instanceof DecimalType decimal
					&& columns.columns[c] instanceof DecimalColumnVector values) {
				for (int r = 0; r < rows; r++) {
					if (!values.isNullAt(r)) {
						values.getDecimal(r, decimal.getPrecision(), decimal.getScale());
					}
				}
			}
		}
	}

	/**
	 * Opens a channel of a table: waits for its appends in flight (on any instance sharing the claims)
	 * to be committed or failed, records a new generation that fences every older one, and returns the
	 * channel's committed state — the new generation and the offset token to resume after.
	 * @param target the table
	 * @param channel the channel name (letters, digits, {@code .}, {@code _}, {@code -}; at most 128)
	 * @return the state after opening
	 * @throws IngestBusyException if the channel is being opened elsewhere or its appends do not finish
	 */
	ChannelState openChannel(WriteTarget target, String channel) {
		checkOpen(target);
		return onCurrent(target, (ingest) -> this.channels.open(target.name(), ingest, index(target), channel));
	}

	/**
	 * Closes a channel of a table: waits for its appends in flight, then records that it is gone; a
	 * later opening starts without an offset token.
	 * @param target the table
	 * @param channel the channel name
	 * @param generation the generation that must hold the channel, or -1 to close it whatever holds it
	 * @return the state the channel had, or {@code null} when it was not open (nothing is committed)
	 * @throws ChannelFencedException if another generation than the given one holds the channel
	 */
	@Nullable ChannelState closeChannel(WriteTarget target, String channel, long generation) {
		checkOpen(target);
		return onCurrent(target,
				(ingest) -> this.channels.close(target.name(), ingest, index(target), channel, generation));
	}

	/**
	 * Appends validated batches to a channel through the table's group commit; the commit that makes
	 * the rows visible records the channel's offset token with them.
	 * @param target the table
	 * @param channel the channel name
	 * @param generation the generation the producer got when it opened the channel
	 * @param after the offset token the batches follow: the channel's committed token when it was opened,
	 * or the previous append's; {@code null} or empty when the channel has none
	 * @param offsetToken the offset token of the last row of the batches (a decimal integer, greater than
	 * {@code after})
	 * @param batches the batches; the caller keeps ownership
	 * @return the outcome of the group commit, or at once ({@code committed = false}) for a duplicate
	 * that is committed
	 * @throws ChannelFencedException if the generation is not the channel's current one
	 * @throws ChannelOrderException if {@code after} is beyond the channel's tail (retry it later)
	 * @throws ChannelOverlapException if the append overlaps what the channel has
	 */
	CompletableFuture<CommitResult> appendToChannel(WriteTarget target, String channel, long generation,
			@Nullable String after, String offsetToken, List<VectorSchemaRoot> batches) {
		checkOpen(target);
		return onCurrent(target, (ingest) -> {
			return this.channels.append(target.name(), ingest, index(target), channel, generation, after, offsetToken,
					validate(target, ingest, batches));
		});
	}

	/**
	 * Starts reading a table's index of idempotency keys and channel states in the background (all its
	 * retained snapshots), so that the first keyed request or channel opening after a start does not
	 * wait for a long history. Lookups that arrive meanwhile wait for it; they would read it anyway.
	 * @param target the table
	 * @return done when the index was read (or its reading failed: the first request reads it then)
	 */
	CompletableFuture<Void> warmUp(WriteTarget target) {
		checkOpen(target);
		SnapshotIndex index = index(target);
		return CompletableFuture.runAsync(() -> {
			long started = System.nanoTime();
			try {
				index.catchUp();
				logger.debug("Index of table '{}' read in {} ms ({} keys)", target.name(),
						TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), index.size());
			}
			catch (RuntimeException ex) {
				logger.warn("Reading the index of table '{}' ahead failed (the first request reads it): {}",
						target.name(), ex.getMessage());
			}
		}, this.warmUps);
	}

	/**
	 * Returns the committed state of a channel.
	 * @param target the table
	 * @param channel the channel name
	 * @return the state, or {@code null} when the channel was never opened or was closed
	 */
	@Nullable ChannelState channelState(WriteTarget target, String channel) {
		Channels.checkName(target.name(), channel);
		return index(target).channel(channel);
	}

	private <T extends @Nullable Object> T onCurrent(WriteTarget target, Function<TableIngest<?>, T> call) {
		return this.groups.onCurrent(target, call);
	}

	private SnapshotIndex index(WriteTarget target) {
		return this.groups.index(target);
	}

	private void checkOpen(WriteTarget target) {
		if (this.closed) {
			throw new IngestShutDownException(target.name());
		}
	}

	/**
	 * Validates batches against the schema the group commit writes (which may be newer than the target's): the
	 * one validation of each batch, whose column vectors the group's writer then writes.
	 */
	private static List<ValidatedBatch> validate(WriteTarget target, TableIngest<?> ingest,
			List<VectorSchemaRoot> batches) {
		RowType rowType = ingest.rowType();
		ArrowBatchConverter converter = new ArrowBatchConverter(target.name(), rowType, target.rowKindColumn());
		RowKindRules rules = RowKindRules.of(target.name(), target.table(), target.rowKindColumn());
		List<ValidatedBatch> validated = new ArrayList<>(batches.size());
		for (VectorSchemaRoot batch : batches) {
			VectorizedColumnBatch columns = converter.convert(batch, null);
			readDecimals(rowType, columns, batch.getRowCount());
			byte[] kinds = converter.rowKinds(batch);
			if (kinds != null) {
				rules.check(kinds); // refused alone, before it joins a group
			}
			validated.add(new ValidatedBatch(batch, columns));
		}
		return validated;
	}

	/**
	 * Commits what every table has waiting, then stops; later requests are refused as retryable.
	 * Idempotent.
	 */
	@Override
	public synchronized void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		this.warmUps.shutdownNow();
		this.groups.close();
	}

}
