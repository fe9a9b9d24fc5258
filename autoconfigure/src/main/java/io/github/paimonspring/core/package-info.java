/**
 * The operations applications call: {@link io.github.paimonspring.core.PaimonOperations} and its
 * template {@link io.github.paimonspring.core.PaimonWriter}, over both write families.
 */
@NullMarked
package io.github.paimonspring.core;

import org.jspecify.annotations.NullMarked;
