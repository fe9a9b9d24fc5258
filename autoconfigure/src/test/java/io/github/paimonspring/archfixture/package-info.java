/**
 * Test-only classes that break the architecture rules on purpose, so that {@code ArchitectureTests} can
 * prove each guard fails; never part of the main import.
 */
package io.github.paimonspring.archfixture;
