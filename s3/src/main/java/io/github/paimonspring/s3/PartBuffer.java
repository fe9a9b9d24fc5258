package io.github.paimonspring.s3;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;

import software.amazon.awssdk.core.sync.RequestBody;

/**
 * The bytes of one part (or of a whole small file) before they are sent: grows as it is written, up to the part
 * size, and is sent without a copy (a retried request reads it again from the start).
 */
final class PartBuffer extends ByteArrayOutputStream {

	PartBuffer(int initialSize) {
		super(initialSize);
	}

	RequestBody body() {
		byte[] bytes = this.buf;
		int length = this.count;
		return RequestBody.fromContentProvider(() -> new ByteArrayInputStream(bytes, 0, length), length,
				"application/octet-stream");
	}

}
