/**
 * What the group commits record in snapshot properties and how it is read back: the updates of
 * channels, the gzip checkpoint of every channel's state ({@code ChannelStates}), and the index of
 * idempotency keys and channel states over the retained snapshots ({@code SnapshotIndex}).
 * <p>
 * Internal: no type of this package is API (see {@code docs/architecture.md}); it may change in any release.
 */
@NullMarked
package io.github.paimonspring.ingest.snapshot;

import org.jspecify.annotations.NullMarked;
