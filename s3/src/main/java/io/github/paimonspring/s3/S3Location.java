package io.github.paimonspring.s3;

import java.net.URI;

import org.apache.paimon.fs.Path;

/**
 * A bucket and a key: where a Paimon {@link Path} ({@code s3://bucket/key}) lives in S3. A directory is the key
 * prefix {@code key/}; the bucket's root has the empty key.
 */
record S3Location(String scheme, String bucket, String key) {

	static S3Location of(Path path) {
		URI uri = path.toUri();
		String bucket = uri.getAuthority();
		if (bucket == null || bucket.isEmpty()) {
			throw new IllegalArgumentException("The S3 path '" + path + "' names no bucket (expected "
					+ "s3://bucket/key)");
		}
		String key = (uri.getPath() == null) ? "" : uri.getPath();
		while (key.startsWith("/")) {
			key = key.substring(1);
		}
		while (key.endsWith("/")) {
			key = key.substring(0, key.length() - 1);
		}
		String scheme = (uri.getScheme() == null) ? "s3" : uri.getScheme();
		return new S3Location(scheme, bucket, key);
	}

	/** The prefix of everything below this location as a directory ({@code key/}, or empty at the root). */
	String prefix() {
		return this.key.isEmpty() ? "" : this.key + "/";
	}

	boolean isRoot() {
		return this.key.isEmpty();
	}

	/** The Paimon path of a key in the same bucket. */
	Path path(String key) {
		String trimmed = key.endsWith("/") ? key.substring(0, key.length() - 1) : key;
		return new Path(this.scheme + "://" + this.bucket + "/" + trimmed);
	}

	/** This location with another key. */
	S3Location withKey(String key) {
		return new S3Location(this.scheme, this.bucket, key);
	}

	@Override
	public String toString() {
		return this.scheme + "://" + this.bucket + "/" + this.key;
	}

}
