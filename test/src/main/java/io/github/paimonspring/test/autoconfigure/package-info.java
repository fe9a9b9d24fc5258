/**
 * The {@link io.github.paimonspring.test.autoconfigure.PaimonTest @PaimonTest} slice and the
 * temporary warehouse of
 * {@link io.github.paimonspring.test.autoconfigure.AutoConfigureTestWarehouse @AutoConfigureTestWarehouse}.
 */
@NullMarked
package io.github.paimonspring.test.autoconfigure;

import org.jspecify.annotations.NullMarked;
