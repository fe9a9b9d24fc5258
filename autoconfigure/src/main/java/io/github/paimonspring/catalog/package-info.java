/**
 * Paimon catalog access: table definitions, type parsing, table lookup and provisioning of
 * tables declared in configuration.
 */
@NullMarked
package io.github.paimonspring.catalog;

import org.jspecify.annotations.NullMarked;
