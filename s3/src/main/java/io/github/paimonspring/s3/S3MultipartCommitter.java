package io.github.paimonspring.s3;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.TwoPhaseOutputStream;
import org.apache.paimon.rest.RESTTokenFileIO;
import software.amazon.awssdk.services.s3.model.CompletedPart;

/**
 * Completes or aborts the multipart upload of a two-phase write, through the {@link S3FileIO} it is given:
 * serializable (the upload id and the parts' numbers and ETags), so that another process can commit it.
 */
final class S3MultipartCommitter implements TwoPhaseOutputStream.Committer {

	private static final long serialVersionUID = 1L;

	private final String bucket;

	private final String key;

	private final String uploadId;

	private final ArrayList<String> eTags;

	private final Path target;

	S3MultipartCommitter(String bucket, String key, String uploadId, List<CompletedPart> parts, Path target) {
		this.bucket = bucket;
		this.key = key;
		this.uploadId = uploadId;
		this.eTags = new ArrayList<>(parts.size());
		for (CompletedPart part : parts) {
			this.eTags.add(part.eTag());
		}
		this.target = target;
	}

	@Override
	public void commit(FileIO fileIO) throws IOException {
		List<CompletedPart> parts = new ArrayList<>(this.eTags.size());
		for (int i = 0; i < this.eTags.size(); i++) {
			parts.add(CompletedPart.builder().partNumber(i + 1).eTag(this.eTags.get(i)).build());
		}
		S3MultipartUpload.complete(s3(fileIO).requests(this.target), this.bucket, this.key, this.uploadId, parts);
	}

	@Override
	public void discard(FileIO fileIO) throws IOException {
		S3MultipartUpload.abort(s3(fileIO).requests(this.target), this.bucket, this.key, this.uploadId);
	}

	@Override
	public Path targetPath() {
		return this.target;
	}

	@Override
	public void clean(FileIO fileIO) {
		// nothing else was written
	}

	private S3FileIO s3(FileIO fileIO) throws IOException {
		FileIO unwrapped = (fileIO instanceof RESTTokenFileIO rest) ? rest.fileIO() : fileIO;
		if (unwrapped instanceof S3FileIO s3) {
			return s3;
		}
		throw new IOException("The multipart upload of " + this.target + " is committed through the S3 FileIO, not "
				+ fileIO.getClass().getName());
	}

}
