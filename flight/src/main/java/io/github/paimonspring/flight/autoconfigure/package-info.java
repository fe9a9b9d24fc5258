/**
 * Auto-configuration of the Flight SQL endpoint ({@code paimon.flight.*}).
 */
@NullMarked
package io.github.paimonspring.flight.autoconfigure;

import org.jspecify.annotations.NullMarked;
