/**
 * What the instances of one service share beyond the tables: a small state store (the JDBC catalog's
 * database, else a directory of the warehouse outside every table) and the registry of live instances
 * with their leases, by which one instance learns that another one has died. API: {@code StateStore} and
 * {@code InstanceRegistry} (beans of the auto-configuration, for technology modules); the rest is internal
 * (the membership, heartbeat, stores, locks and connections the auto-configuration wires).
 */
@NullMarked
package io.github.paimonspring.cluster;

import org.jspecify.annotations.NullMarked;
