package io.github.paimonspring.s3;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.s3.S3Fixtures.RecordedRequests;
import io.github.paimonspring.support.InJvmS3;
import io.github.paimonspring.support.InJvmS3.Fault;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.fs.TwoPhaseOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static io.github.paimonspring.s3.S3Fixtures.PART;
import static io.github.paimonspring.s3.S3Fixtures.bytes;
import static io.github.paimonspring.s3.S3Fixtures.read;
import static io.github.paimonspring.s3.S3Fixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * {@link S3FileIO} when S3 answers server errors (HTTP 500 or 503) for a burst of requests of one operation: a
 * burst shorter than the SDK's retry budget ({@code s3.attempts.maximum}, 5 attempts) is ridden out and the file is
 * written whole; a longer one fails the write with an {@link S3RequestException} that names bucket, key and
 * operation, and leaves neither the object nor a pending multipart upload behind.
 */
@Timeout(60)
class S3FileIOFaultTests {

	private static final String BUCKET = "faults";

	/** The default of s3.attempts.maximum. */
	private static final int ATTEMPTS = 5;

	@TempDir
	static java.nio.file.Path dir;

	private static InJvmS3 s3;

	private static Map<String, String> options;

	private S3Clients clients;

	private RecordedRequests requests;

	private S3FileIO fileIO;

	private Path base;

	@BeforeAll
	static void startS3() throws Exception {
		s3 = new InJvmS3(dir.resolve("s3"), BUCKET);
		options = S3Fixtures.options(s3);
	}

	@AfterAll
	static void stopS3() throws Exception {
		s3.close();
	}

	/** Clients of each test's own: the SDK's retry quota is not shared between tests. */
	@BeforeEach
	void fileIO(TestInfo test) {
		this.requests = new RecordedRequests();
		this.clients = new S3Clients(List.of(this.requests));
		this.fileIO = S3Fixtures.fileIO(this.clients, options);
		this.base = new Path("s3://" + BUCKET + "/" + test.getTestMethod().orElseThrow().getName());
	}

	@AfterEach
	void noPendingMultipartUploads() {
		s3.clearFaults();
		try {
			assertThat(S3Fixtures.pendingUploads(this.clients.client(S3Settings.of(options)), BUCKET))
				.as("pending multipart uploads")
				.isEmpty();
			assertThat(s3.multipartFiles(BUCKET)).as("parts of multipart uploads on the server's disk").isEmpty();
		}
		finally {
			this.clients.close();
		}
	}

	@Test
	void burstOfFailedPartsShorterThanTheRetryBudgetIsRiddenOut() throws IOException {
		Path file = new Path(this.base, "large.bin");
		byte[] data = bytes(3 * PART + 4321, 11);
		Fault fault = s3.fail("UploadPart", ATTEMPTS - 1, 503);

		write(this.fileIO, file, data);

		assertThat(fault.failed()).isEqualTo(ATTEMPTS - 1);
		assertThat(this.requests.calls("UploadPart")).isEqualTo(4);
		assertThat(this.requests.attempts("UploadPart")).isEqualTo(4 + ATTEMPTS - 1);
		assertThat(Arrays.mismatch(read(this.fileIO, file), data)).isEqualTo(-1);
	}

	@Test
	void burstOfFailedCompletionsAndSmallWritesShorterThanTheRetryBudgetIsRiddenOut() throws IOException {
		Path large = new Path(this.base, "large.bin");
		byte[] data = bytes(PART + 10, 12);
		Fault complete = s3.fail("CompleteMultipartUpload", ATTEMPTS - 1, 500);
		write(this.fileIO, large, data);
		assertThat(complete.failed()).isEqualTo(ATTEMPTS - 1);
		assertThat(Arrays.mismatch(read(this.fileIO, large), data)).isEqualTo(-1);

		Path small = new Path(this.base, "small.txt");
		Fault put = s3.fail("PutObject", ATTEMPTS - 1, 503);
		write(this.fileIO, small, "small".getBytes(StandardCharsets.UTF_8));
		assertThat(put.failed()).isEqualTo(ATTEMPTS - 1);
		assertThat(this.fileIO.readFileUtf8(small)).isEqualTo("small");
	}

	@Test
	void partThatKeepsFailingFailsTheWriteAndAbortsTheUpload() throws IOException {
		Path file = new Path(this.base, "large.bin");
		String key = this.base.getName() + "/large.bin";
		Fault fault = s3.fail("UploadPart", Integer.MAX_VALUE, 503);

		S3RequestException failure = catchThrowableOfType(S3RequestException.class,
				() -> write(this.fileIO, file, bytes(3 * PART + 4321, 13)));

		assertThat(failure).isNotNull();
		assertThat(failure.getOperation()).isEqualTo("UploadPart");
		assertThat(failure.getBucket()).isEqualTo(BUCKET);
		assertThat(failure.getKey()).isEqualTo(key);
		assertThat(failure.getStatusCode()).isEqualTo(503);
		assertThat(failure).hasMessageContaining("UploadPart")
			.hasMessageContaining("s3://" + BUCKET + "/" + key)
			.hasMessageContaining("bucket '" + BUCKET + "'")
			.hasMessageContaining("after " + ATTEMPTS + " attempts")
			.hasMessageContaining("HTTP 503");
		assertThat(fault.failed()).isGreaterThanOrEqualTo(ATTEMPTS);
		fault.close();
		assertThat(this.requests.calls("AbortMultipartUpload")).as("aborted, once").isEqualTo(1);
		assertThat(this.requests.calls("CompleteMultipartUpload")).isZero();
		assertThat(this.fileIO.exists(file)).isFalse();
		assertThat(s3.objects(BUCKET, this.base.getName())).isEmpty();
	}

	@Test
	void completionThatKeepsFailingFailsTheWriteAndAbortsTheUpload() throws IOException {
		Path file = new Path(this.base, "large.bin");
		Fault fault = s3.fail("CompleteMultipartUpload", ATTEMPTS, 500);

		S3RequestException failure = catchThrowableOfType(S3RequestException.class,
				() -> write(this.fileIO, file, bytes(PART + 10, 14)));

		assertThat(failure).isNotNull();
		assertThat(failure.getOperation()).isEqualTo("CompleteMultipartUpload");
		assertThat(failure.getKey()).isEqualTo(this.base.getName() + "/large.bin");
		// as S3 itself, S3Proxy has sent 200 OK before it completes and answers the error in the body
		assertThat(failure.getErrorCode()).isEqualTo("InternalError");
		assertThat(failure).hasMessageContaining("CompleteMultipartUpload")
			.hasMessageContaining("bucket '" + BUCKET + "'")
			.hasMessageContaining("after " + ATTEMPTS + " attempts")
			.hasMessageContaining("InternalError");
		assertThat(fault.failed()).isEqualTo(ATTEMPTS);
		assertThat(this.requests.calls("AbortMultipartUpload")).as("aborted").isEqualTo(1);
		assertThat(this.fileIO.exists(file)).isFalse();
	}

	@Test
	void smallFileWhosePutKeepsFailingFailsCleanly() throws IOException {
		Path file = new Path(this.base, "small.txt");
		String key = this.base.getName() + "/small.txt";
		// exactly the retry budget: every attempt fails
		Fault fault = s3.fail("PutObject", ATTEMPTS, 503);

		PositionOutputStream out = this.fileIO.newOutputStream(file, false);
		out.write("lost".getBytes(StandardCharsets.UTF_8));
		S3RequestException failure = catchThrowableOfType(S3RequestException.class, out::close);

		assertThat(failure).isNotNull();
		assertThat(failure.getOperation()).isEqualTo("PutObject");
		assertThat(failure.getBucket()).isEqualTo(BUCKET);
		assertThat(failure.getKey()).isEqualTo(key);
		assertThat(failure.getStatusCode()).isEqualTo(503);
		assertThat(failure).hasMessageContaining("PutObject")
			.hasMessageContaining("s3://" + BUCKET + "/" + key)
			.hasMessageContaining("after " + ATTEMPTS + " attempts");
		assertThat(fault.failed()).isEqualTo(ATTEMPTS);
		assertThat(fault.remaining()).isZero();
		assertThat(this.fileIO.exists(file)).isFalse();
		out.close();
		assertThat(this.requests.calls("PutObject")).as("closed twice, sent once").isEqualTo(1);

		// the same for the one-request writes of snapshots and hints
		Fault again = s3.fail("PutObject", ATTEMPTS, 503);
		S3RequestException atomic = catchThrowableOfType(S3RequestException.class,
				() -> this.fileIO.tryToWriteAtomic(file, "snapshot"));
		assertThat(atomic).isNotNull();
		assertThat(atomic.getOperation()).isEqualTo("PutObject");
		assertThat(again.failed()).isEqualTo(ATTEMPTS);
		assertThat(this.fileIO.exists(file)).isFalse();
	}

	@Test
	void twoPhaseWriteWhosePartKeepsFailingLeavesNoUpload() throws IOException {
		Path file = new Path(this.base, "two-phase.bin");
		s3.fail("UploadPart", Integer.MAX_VALUE, 503);
		TwoPhaseOutputStream out = this.fileIO.newTwoPhaseOutputStream(file, false);

		S3RequestException failure = catchThrowableOfType(S3RequestException.class, () -> {
			out.write(bytes(PART + 10, 15));
			out.closeForCommit();
		});

		assertThat(failure).isNotNull();
		assertThat(failure.getOperation()).isEqualTo("UploadPart");
		assertThat(this.requests.calls("AbortMultipartUpload")).as("aborted, once").isEqualTo(1);
		out.close();
		assertThat(this.fileIO.exists(file)).isFalse();
	}

	@Test
	void startOfAnUploadThatKeepsFailingFailsTheWrite() throws IOException {
		Path file = new Path(this.base, "large.bin");
		s3.fail("CreateMultipartUpload", ATTEMPTS, 503);

		S3RequestException failure = catchThrowableOfType(S3RequestException.class,
				() -> write(this.fileIO, file, bytes(PART + 10, 16)));

		assertThat(failure).isNotNull();
		assertThat(failure.getOperation()).isEqualTo("CreateMultipartUpload");
		assertThat(this.requests.calls("UploadPart")).isZero();
		assertThat(this.fileIO.exists(file)).isFalse();
	}

}
