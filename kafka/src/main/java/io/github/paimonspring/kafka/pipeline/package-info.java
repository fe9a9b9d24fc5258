/**
 * The running pipelines: one consumer loop per pipeline that follows rebalances and commits Kafka
 * offsets after Paimon's commits ({@code PipelineConsumer}), one channel per assigned partition with
 * ordered, pipelined appends ({@code PartitionChannel}, {@code PendingAppend}), and the runner the
 * auto-configuration starts and stops ({@code KafkaPipelineRunner}).
 */
@NullMarked
package io.github.paimonspring.kafka.pipeline;

import org.jspecify.annotations.NullMarked;
