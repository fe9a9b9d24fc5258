/**
 * Root package of the Paimon Spring Boot starter: the {@link
 * io.github.paimonspring.PaimonException} base exception shared by all packages.
 */
@NullMarked
package io.github.paimonspring;

import org.jspecify.annotations.NullMarked;
