package io.github.paimonspring.s3;

import org.apache.paimon.fs.FileStatus;
import org.apache.paimon.fs.Path;

/** A file (an object) or a directory (a key prefix) in S3. */
record S3FileStatus(Path path, long length, boolean directory, long modificationTime) implements FileStatus {

	static S3FileStatus file(Path path, long length, long modificationTime) {
		return new S3FileStatus(path, length, false, modificationTime);
	}

	static S3FileStatus directory(Path path) {
		return new S3FileStatus(path, 0, true, 0);
	}

	@Override
	public long getLen() {
		return this.length;
	}

	@Override
	public boolean isDir() {
		return this.directory;
	}

	@Override
	public Path getPath() {
		return this.path;
	}

	@Override
	public long getModificationTime() {
		return this.modificationTime;
	}

}
