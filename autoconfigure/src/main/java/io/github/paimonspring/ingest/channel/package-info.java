/**
 * Channels with ordered offset tokens: opening with a new generation that fences older ones, closing,
 * and the chain of appends of one channel through the group commit, with duplicates, gaps and breaks
 * ({@code Channels}, {@code ChannelChain}, {@code OffsetToken}).
 * <p>
 * Internal: no type of this package is API (see {@code docs/architecture.md}); it may change in any release.
 */
@NullMarked
package io.github.paimonspring.ingest.channel;

import org.jspecify.annotations.NullMarked;
