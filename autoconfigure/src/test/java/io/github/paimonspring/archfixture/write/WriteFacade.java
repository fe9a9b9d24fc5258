package io.github.paimonspring.archfixture.write;

/**
 * A class of a package's public API (not an exception or record) that an engine below it must not use.
 */
public class WriteFacade {

}
