/**
 * The write families behind {@link io.github.paimonspring.write.ArrowWriteBuilder}: the one write model
 * (builder → write → commit messages → commit) as generic base classes that hold commit users,
 * identifiers, provenance checks, merge and serialization once, the standard family on top of them, and
 * {@link io.github.paimonspring.write.family.WriteTarget}, the table a family writes. Not API:
 * applications use the interfaces of {@code io.github.paimonspring.write}; the postpone fixed-bucket
 * family ({@code io.github.paimonspring.postpone}) extends the base classes. The base classes run on the
 * engines in {@code write.lane} and {@code write.commit}, and use {@code write} only for its interfaces,
 * records and exceptions.
 * <p>
 * Internal: no type of this package is API (see {@code docs/architecture.md}); it may change in any release.
 */
@NullMarked
package io.github.paimonspring.write.family;

import org.jspecify.annotations.NullMarked;
