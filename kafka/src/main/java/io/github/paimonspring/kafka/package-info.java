/**
 * Kafka pipelines: topics consumed into Paimon tables exactly once without Kafka transactions. Every
 * assigned topic partition writes through its own channel ({@code <topic>-<partition>}) with the record
 * offset as the offset token; Kafka's committed offsets follow Paimon's commits. Active when spring-kafka
 * is on the class path and a {@code paimon.kafka.pipelines.<name>} is declared. This package holds what
 * applications see (the running pipelines, the listener, dead letters, the exceptions and the
 * {@code paimon.kafka.*} properties); {@code kafka.pipeline} runs them over {@code kafka.record}.
 */
@NullMarked
package io.github.paimonspring.kafka;

import org.jspecify.annotations.NullMarked;
