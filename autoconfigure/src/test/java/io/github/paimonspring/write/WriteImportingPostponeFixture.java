package io.github.paimonspring.write;

import io.github.paimonspring.postpone.PostponeFixedBucketWriteBuilder;

/**
 * A {@code write} class that depends on {@code postpone}, against the package order: the
 * architecture test must reject it.
 */
class WriteImportingPostponeFixture {

	PostponeFixedBucketWriteBuilder builder() {
		throw new UnsupportedOperationException("fixture");
	}

}
