/**
 * Schema evolution on write: the changes a batch needs against the table's row type, allowed by the
 * table's policy and applied through the catalog, with the {@code write.SchemaChangeListener} told.
 */
@NullMarked
package io.github.paimonspring.write.schema;

import org.jspecify.annotations.NullMarked;
