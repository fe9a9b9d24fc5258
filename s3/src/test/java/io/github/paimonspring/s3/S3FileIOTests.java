package io.github.paimonspring.s3;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.paimonspring.s3.S3Fixtures.RecordedRequests;
import io.github.paimonspring.support.InJvmS3;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.fs.FileStatus;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.fs.RemoteIterator;
import org.apache.paimon.fs.SeekableInputStream;
import org.apache.paimon.fs.TwoPhaseOutputStream;
import org.apache.paimon.options.Options;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;

import static io.github.paimonspring.s3.S3Fixtures.PART;
import static io.github.paimonspring.s3.S3Fixtures.bytes;
import static io.github.paimonspring.s3.S3Fixtures.read;
import static io.github.paimonspring.s3.S3Fixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIOException;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link S3FileIO} against S3Proxy in this JVM, with 5 MiB parts: reads, writes (one request or multipart),
 * listings, deletes, renames, atomic writes and two-phase writes. After every test no multipart upload is pending
 * in the bucket, as S3 lists them, and no part of one is left on the server's disk.
 */
@Timeout(60)
class S3FileIOTests {

	private static final String BUCKET = "bucket";

	@TempDir
	static java.nio.file.Path dir;

	private static InJvmS3 s3;

	private static S3Clients clients;

	private static RecordedRequests requests;

	private static Map<String, String> options;

	private static S3FileIO fileIO;

	private Path base;

	@BeforeAll
	static void startS3() throws Exception {
		s3 = new InJvmS3(dir.resolve("s3"), BUCKET);
		requests = new RecordedRequests();
		clients = new S3Clients(List.of(requests));
		options = S3Fixtures.options(s3);
		fileIO = S3Fixtures.fileIO(clients, options);
	}

	@AfterAll
	static void stopS3() throws Exception {
		clients.close();
		s3.close();
	}

	@BeforeEach
	void base(TestInfo test) {
		this.base = new Path("s3://" + BUCKET + "/" + test.getTestMethod().orElseThrow().getName());
		requests.clear();
	}

	@AfterEach
	void noPendingMultipartUploads() {
		assertThat(S3Fixtures.pendingUploads(client(), BUCKET)).as("pending multipart uploads").isEmpty();
		assertThat(s3.multipartFiles(BUCKET)).as("parts of multipart uploads on the server's disk").isEmpty();
	}

	private static S3Client client() {
		return clients.client(S3Settings.of(options));
	}

	private Path path(String relative) {
		return new Path(this.base, relative);
	}

	@Test
	void smallFileIsOnePutObject() throws IOException {
		Path file = path("small.bin");
		byte[] data = bytes(1000, 1);
		write(fileIO, file, data);
		assertThat(requests.calls()).containsExactly("HeadObject", "PutObject");
		assertThat(read(fileIO, file)).isEqualTo(data);
		FileStatus status = fileIO.getFileStatus(file);
		assertThat(status.getLen()).isEqualTo(1000);
		assertThat(status.isDir()).isFalse();
		assertThat(status.getPath()).isEqualTo(file);
		assertThat(status.getModificationTime()).isPositive();
	}

	@Test
	void fileOfMoreThanThreePartsIsAMultipartUpload() throws IOException {
		Path file = path("large.bin");
		byte[] data = bytes(3 * PART + 123_457, 2);
		try (PositionOutputStream out = fileIO.newOutputStream(file, true)) {
			// byte by byte, a large array across part boundaries, and small arrays
			for (int i = 0; i < 1000; i++) {
				out.write(data[i]);
			}
			out.write(data, 1000, 2 * PART);
			for (int offset = 1000 + 2 * PART; offset < data.length; offset += 64 * 1024) {
				out.write(data, offset, Math.min(64 * 1024, data.length - offset));
			}
			assertThat(out.getPos()).isEqualTo(data.length);
			assertThat(fileIO.exists(file)).as("visible before close").isFalse();
		}
		assertThat(requests.calls("CreateMultipartUpload")).isEqualTo(1);
		assertThat(requests.calls("UploadPart")).isEqualTo(4);
		assertThat(requests.calls("CompleteMultipartUpload")).isEqualTo(1);
		assertThat(requests.calls("PutObject")).isZero();
		assertThat(fileIO.getFileStatus(file).getLen()).isEqualTo(data.length);
		byte[] back = read(fileIO, file);
		assertThat(back).hasSameSizeAs(data);
		assertThat(Arrays.mismatch(back, data)).as("first differing byte").isEqualTo(-1);
	}

	@Test
	void fileOfExactlyOnePartIsOnePart() throws IOException {
		Path file = path("one-part.bin");
		byte[] data = bytes(PART, 3);
		write(fileIO, file, data);
		assertThat(requests.calls("UploadPart")).isEqualTo(1);
		assertThat(Arrays.mismatch(read(fileIO, file), data)).isEqualTo(-1);
	}

	@Test
	void emptyFile() throws IOException {
		Path file = path("empty");
		write(fileIO, file, new byte[0]);
		assertThat(fileIO.getFileStatus(file).getLen()).isZero();
		try (SeekableInputStream in = fileIO.newInputStream(file)) {
			assertThat(in.read()).isEqualTo(-1);
			assertThat(in.read(new byte[10], 0, 10)).isEqualTo(-1);
		}
	}

	@Test
	void rangedReadsFollowSeeks() throws IOException {
		Path file = path("ranged.bin");
		byte[] data = bytes((3 << 20) + 12_345, 4);
		write(fileIO, file, data);
		requests.clear();
		try (SeekableInputStream in = fileIO.newInputStream(file)) {
			assertThat(readFully(in, 1000)).isEqualTo(Arrays.copyOfRange(data, 0, 1000));
			assertThat(in.getPos()).isEqualTo(1000);
			assertThat(requests.calls("GetObject")).isEqualTo(1);

			// forward, less than s3.readahead.range (1M): skipped over on the open response
			in.seek(101_000);
			assertThat(in.getPos()).isEqualTo(101_000);
			assertThat(readFully(in, 500)).isEqualTo(Arrays.copyOfRange(data, 101_000, 101_500));
			assertThat(requests.calls("GetObject")).isEqualTo(1);

			// forward, more than 1M: a new ranged GET
			in.seek(2_500_000);
			assertThat(readFully(in, 1000)).isEqualTo(Arrays.copyOfRange(data, 2_500_000, 2_501_000));
			assertThat(requests.calls("GetObject")).isEqualTo(2);

			// backward
			in.seek(10);
			assertThat(in.read()).isEqualTo(data[10] & 0xff);
			assertThat(readFully(in, 2000)).isEqualTo(Arrays.copyOfRange(data, 11, 2011));
			assertThat(requests.calls("GetObject")).isEqualTo(3);

			// to the end
			in.seek(data.length - 100);
			assertThat(readFully(in, 100)).isEqualTo(Arrays.copyOfRange(data, data.length - 100, data.length));
			assertThat(in.getPos()).isEqualTo(data.length);
			assertThat(in.read()).isEqualTo(-1);
			assertThat(in.read(new byte[10], 0, 10)).isEqualTo(-1);
		}
	}

	@Test
	void afterASeekTheOpenResponseCannotFollowReadsAreBoundedRanges() throws IOException {
		Path file = path("random.bin");
		byte[] data = bytes((3 << 20) + 777, 5);
		write(fileIO, file, data);
		requests.clear();
		try (SeekableInputStream in = fileIO.newInputStream(file)) {
			assertThat(readFully(in, 1000)).isEqualTo(Arrays.copyOfRange(data, 0, 1000));
			assertThat(requests.calls("GetObject")).as("sequential: to the end").isEqualTo(1);

			// a seek past the read-ahead: from now on each request asks for what the read needs, at least 256K
			in.seek(2_500_000);
			assertThat(readFully(in, 1000)).isEqualTo(Arrays.copyOfRange(data, 2_500_000, 2_501_000));
			assertThat(readFully(in, 100_000)).isEqualTo(Arrays.copyOfRange(data, 2_501_000, 2_601_000));
			assertThat(requests.calls("GetObject")).as("both reads in the first 256K range").isEqualTo(2);

			// reading past the range's end is a new bounded request
			assertThat(readFully(in, 200_000)).isEqualTo(Arrays.copyOfRange(data, 2_601_000, 2_801_000));
			assertThat(requests.calls("GetObject")).isEqualTo(3);

			// backward, one large read: one request of its size
			in.seek(10);
			assertThat(readFully(in, 600_000)).isEqualTo(Arrays.copyOfRange(data, 10, 600_010));
			assertThat(requests.calls("GetObject")).isEqualTo(4);

			// a bounded range ending at the object's end
			in.seek(data.length - 50);
			assertThat(readFully(in, 50)).isEqualTo(Arrays.copyOfRange(data, data.length - 50, data.length));
			assertThat(in.read()).isEqualTo(-1);
		}
	}

	@Test
	void readingAtOrPastTheEndReturnsMinusOne() throws IOException {
		Path file = path("short.txt");
		byte[] data = "0123456789".getBytes(StandardCharsets.UTF_8);
		write(fileIO, file, data);
		try (SeekableInputStream in = fileIO.newInputStream(file)) {
			// the length is not known yet: the GET itself finds the end
			in.seek(25);
			assertThat(in.read()).isEqualTo(-1);
		}
		try (SeekableInputStream in = fileIO.newInputStream(file)) {
			in.seek(10);
			assertThat(in.read(new byte[4], 0, 4)).isEqualTo(-1);
		}
		try (SeekableInputStream in = fileIO.newInputStream(file)) {
			byte[] buffer = new byte[64];
			assertThat(readFully(in, 10)).isEqualTo(data);
			assertThat(in.read(buffer, 0, 64)).isEqualTo(-1);
			in.seek(8);
			assertThat(in.read(buffer, 0, 64)).isEqualTo(2);
			assertThat(in.read(buffer, 0, 64)).isEqualTo(-1);
			assertThatExceptionOfType(EOFException.class).isThrownBy(() -> in.seek(-1));
		}
		assertThatExceptionOfType(FileNotFoundException.class)
			.isThrownBy(() -> read(fileIO, path("missing.txt")));
	}

	@Test
	void statusAndExistenceOfFilesDirectoriesAndMissingPaths() throws IOException {
		Path file = path("dir/sub/file.txt");
		fileIO.overwriteFileUtf8(file, "abc");

		FileStatus status = fileIO.getFileStatus(file);
		assertThat(status.isDir()).isFalse();
		assertThat(status.getLen()).isEqualTo(3);
		assertThat(fileIO.exists(file)).isTrue();

		for (Path directory : List.of(path("dir"), path("dir/sub"), new Path(path("dir") + "/"), this.base)) {
			FileStatus dirStatus = fileIO.getFileStatus(directory);
			assertThat(dirStatus.isDir()).as(directory.toString()).isTrue();
			assertThat(dirStatus.getLen()).isZero();
			assertThat(fileIO.exists(directory)).as(directory.toString()).isTrue();
		}
		assertThat(fileIO.getFileStatus(new Path("s3://" + BUCKET + "/")).isDir()).isTrue();
		assertThat(fileIO.exists(new Path("s3://" + BUCKET))).isTrue();

		// "di" is a prefix of "dir/", but no directory; nor is "dir/sub/file.txt/"
		for (Path missing : List.of(path("missing"), path("di"), path("dir/su"))) {
			assertThat(fileIO.exists(missing)).as(missing.toString()).isFalse();
			assertThatExceptionOfType(FileNotFoundException.class).as(missing.toString())
				.isThrownBy(() -> fileIO.getFileStatus(missing))
				.withMessageContaining(missing.toString());
		}
		assertThatExceptionOfType(S3RequestException.class)
			.isThrownBy(() -> fileIO.exists(new Path("s3://no-such-bucket/x")))
			.withMessageContaining("NoSuchBucket")
			.withMessageContaining("the bucket must exist");
	}

	@Test
	void mkdirsCreatesAnEmptyDirectory() throws IOException {
		Path empty = path("db.db/empty");
		assertThat(fileIO.exists(empty)).isFalse();
		assertThat(fileIO.mkdirs(empty)).isTrue();
		assertThat(fileIO.mkdirs(empty)).as("again").isTrue();

		assertThat(fileIO.exists(empty)).isTrue();
		assertThat(fileIO.getFileStatus(empty).isDir()).isTrue();
		assertThat(fileIO.listStatus(empty)).isEmpty();
		assertThat(fileIO.listDirectories(path("db.db"))).extracting(FileStatus::getPath).containsExactly(empty);
		FileStatus[] parent = fileIO.listStatus(path("db.db"));
		assertThat(parent).hasSize(1);
		assertThat(parent[0].getPath()).isEqualTo(empty);
		assertThat(parent[0].isDir()).isTrue();
		assertThat(fileIO.exists(path("db.db"))).isTrue();

		// a file in it, then the directory stays one
		fileIO.overwriteFileUtf8(new Path(empty, "f"), "x");
		assertThat(fileIO.listStatus(empty)).extracting(FileStatus::getPath).containsExactly(new Path(empty, "f"));

		fileIO.overwriteFileUtf8(path("plain"), "x");
		assertThatExceptionOfType(FileAlreadyExistsException.class).isThrownBy(() -> fileIO.mkdirs(path("plain")));
	}

	@Test
	void listStatusShowsFilesAndSubdirectories() throws IOException {
		fileIO.overwriteFileUtf8(path("t/f1"), "one");
		fileIO.overwriteFileUtf8(path("t/f2"), "three");
		fileIO.overwriteFileUtf8(path("t/sub1/x"), "x");
		fileIO.overwriteFileUtf8(path("t/sub2/deep/y"), "y");
		fileIO.mkdirs(path("t/empty"));
		fileIO.overwriteFileUtf8(path("t2/not-below-t"), "z");

		FileStatus[] statuses = fileIO.listStatus(path("t"));
		Map<String, String> listed = new LinkedHashMap<>();
		for (FileStatus status : statuses) {
			listed.put(status.getPath().getName(), status.isDir() ? "dir" : "file:" + status.getLen());
		}
		assertThat(listed).containsOnly(Map.entry("f1", "file:3"), Map.entry("f2", "file:5"),
				Map.entry("sub1", "dir"), Map.entry("sub2", "dir"), Map.entry("empty", "dir"));
		assertThat(statuses).extracting(FileStatus::getPath)
			.contains(path("t/f1"), path("t/sub2"), path("t/empty"));
		assertThat(fileIO.listDirectories(path("t"))).extracting(FileStatus::getPath)
			.containsExactlyInAnyOrder(path("t/sub1"), path("t/sub2"), path("t/empty"));
		assertThat(fileIO.listStatus(path("t/sub2"))).extracting(FileStatus::getPath)
			.containsExactly(path("t/sub2/deep"));

		// a file lists as itself; a missing path as nothing
		assertThat(fileIO.listStatus(path("t/f1"))).extracting(FileStatus::getPath).containsExactly(path("t/f1"));
		assertThat(fileIO.listStatus(path("t/none"))).isEmpty();

		// the scheme of the path asked is the scheme of the paths answered
		Path s3a = new Path("s3a://" + BUCKET + "/" + this.base.getName() + "/t");
		assertThat(fileIO.listStatus(s3a)).extracting((status) -> status.getPath().toUri().getScheme())
			.containsOnly("s3a");
	}

	@Test
	void listStatusPagesThroughMoreThanAThousandEntries() throws IOException {
		Path many = path("many");
		Set<Path> written = writeTinyFiles(many, 1100);
		requests.clear();

		FileStatus[] statuses = fileIO.listStatus(many);
		assertThat(statuses).hasSize(1100);
		assertThat(Arrays.stream(statuses).map(FileStatus::getPath).collect(Collectors.toSet())).isEqualTo(written);
		assertThat(statuses).allMatch((status) -> !status.isDir() && status.getLen() == 1);
		assertThat(requests.calls("ListObjectsV2")).as("pages").isGreaterThanOrEqualTo(2);

		Set<Path> iterated = new HashSet<>();
		RemoteIterator<FileStatus> files = fileIO.listFilesIterative(many, false);
		while (files.hasNext()) {
			iterated.add(files.next().getPath());
		}
		assertThat(iterated).isEqualTo(written);

		fileIO.delete(many, true);
	}

	@Test
	void listFilesIterativeRecursiveAndNot() throws IOException {
		fileIO.overwriteFileUtf8(path("tree/a"), "a");
		fileIO.overwriteFileUtf8(path("tree/b/c"), "bc");
		fileIO.overwriteFileUtf8(path("tree/b/d/e"), "bde");
		fileIO.mkdirs(path("tree/empty"));
		fileIO.overwriteFileUtf8(path("treetop"), "not below tree");

		assertThat(list(path("tree"), true)).containsOnly(Map.entry(path("tree/a"), 1L),
				Map.entry(path("tree/b/c"), 2L), Map.entry(path("tree/b/d/e"), 3L));
		assertThat(list(path("tree"), false)).containsOnly(Map.entry(path("tree/a"), 1L));
		assertThat(list(path("tree/b"), true)).containsOnly(Map.entry(path("tree/b/c"), 2L),
				Map.entry(path("tree/b/d/e"), 3L));
		assertThat(list(path("tree/empty"), true)).isEmpty();
		assertThat(list(path("tree/none"), true)).isEmpty();
		// a file lists as itself
		assertThat(list(path("tree/a"), true)).containsOnly(Map.entry(path("tree/a"), 1L));
		assertThat(fileIO.listFiles(path("tree"), true)).hasSize(3);
	}

	@Test
	void deleteFilesAndDirectories() throws IOException {
		fileIO.overwriteFileUtf8(path("d/file"), "x");
		fileIO.overwriteFileUtf8(path("d/sub/a"), "a");
		fileIO.overwriteFileUtf8(path("d/sub/b/c"), "c");
		fileIO.overwriteFileUtf8(path("d2/keep"), "keep");
		fileIO.mkdirs(path("d/sub/empty"));

		assertThat(fileIO.delete(path("d/file"), false)).isTrue();
		assertThat(fileIO.exists(path("d/file"))).isFalse();
		assertThat(fileIO.delete(path("d/file"), false)).as("gone").isFalse();

		assertThatIOException().isThrownBy(() -> fileIO.delete(path("d/sub"), false))
			.withMessageContaining(path("d/sub").toString())
			.withMessageContaining("not empty");
		assertThat(fileIO.exists(path("d/sub/a"))).isTrue();
		assertThat(fileIO.exists(path("d/sub/b/c"))).isTrue();

		assertThat(fileIO.delete(path("d/sub/empty"), false)).as("an empty directory").isTrue();
		assertThat(fileIO.exists(path("d/sub/empty"))).isFalse();

		assertThat(fileIO.delete(path("d"), true)).isTrue();
		assertThat(fileIO.exists(path("d"))).isFalse();
		assertThat(fileIO.listStatus(path("d"))).isEmpty();
		assertThat(s3.objects(BUCKET, this.base.getName() + "/d")).isEmpty();
		assertThat(fileIO.exists(path("d2/keep"))).as("a sibling with the same prefix").isTrue();
		assertThat(fileIO.delete(path("d"), true)).isFalse();
	}

	@Test
	void deleteFilesQuietlyBatchesMoreThanAThousandFiles() throws IOException {
		Path many = path("quietly");
		Set<Path> written = writeTinyFiles(many, 1100);
		fileIO.overwriteFileUtf8(path("quietly/kept"), "kept");
		List<Path> files = new ArrayList<>(written);
		files.add(path("quietly/never-written"));
		requests.clear();

		fileIO.deleteFilesQuietly(files);

		assertThat(requests.calls("DeleteObjects")).isEqualTo(2);
		assertThat(requests.calls("DeleteObject")).isZero();
		assertThat(fileIO.listStatus(many)).extracting(FileStatus::getPath).containsExactly(path("quietly/kept"));
		fileIO.deleteFilesQuietly(List.of());
		fileIO.delete(many, true);
	}

	@Test
	void renameFileAndDirectory() throws IOException {
		fileIO.overwriteFileUtf8(path("src.txt"), "content");
		assertThat(fileIO.rename(path("src.txt"), path("dst.txt"))).isTrue();
		assertThat(fileIO.exists(path("src.txt"))).isFalse();
		assertThat(fileIO.readFileUtf8(path("dst.txt"))).isEqualTo("content");

		fileIO.overwriteFileUtf8(path("other.txt"), "other");
		assertThat(fileIO.rename(path("other.txt"), path("dst.txt"))).as("destination exists").isFalse();
		assertThat(fileIO.readFileUtf8(path("other.txt"))).isEqualTo("other");
		assertThat(fileIO.readFileUtf8(path("dst.txt"))).isEqualTo("content");
		assertThat(fileIO.rename(path("missing.txt"), path("new.txt"))).as("no source").isFalse();
		assertThat(fileIO.exists(path("new.txt"))).isFalse();

		byte[] large = bytes(PART + 10, 5);
		fileIO.overwriteFileUtf8(path("dir/a"), "a");
		fileIO.overwriteFileUtf8(path("dir/sub/b"), "b");
		write(fileIO, path("dir/sub/large"), large);
		fileIO.mkdirs(path("dir/empty"));
		assertThat(fileIO.rename(path("dir"), path("moved"))).isTrue();
		assertThat(fileIO.exists(path("dir"))).isFalse();
		assertThat(fileIO.readFileUtf8(path("moved/a"))).isEqualTo("a");
		assertThat(fileIO.readFileUtf8(path("moved/sub/b"))).isEqualTo("b");
		assertThat(Arrays.mismatch(read(fileIO, path("moved/sub/large")), large)).isEqualTo(-1);
		assertThat(fileIO.getFileStatus(path("moved/empty")).isDir()).isTrue();

		fileIO.overwriteFileUtf8(path("dir2/x"), "x");
		assertThat(fileIO.rename(path("dir2"), path("moved"))).as("destination directory exists").isFalse();
		assertThat(fileIO.exists(path("dir2/x"))).isTrue();
		assertThat(fileIO.exists(path("moved/x"))).isFalse();
	}

	@Test
	void tryToWriteAtomicWritesOnlyANewFile() throws IOException {
		Path snapshot = path("snapshot/snapshot-1");
		assertThat(fileIO.tryToWriteAtomic(snapshot, "{\"id\":1}")).isTrue();
		assertThat(fileIO.readFileUtf8(snapshot)).isEqualTo("{\"id\":1}");
		requests.clear();
		assertThat(fileIO.tryToWriteAtomic(snapshot, "{\"id\":2}")).isFalse();
		assertThat(requests.calls("PutObject")).isZero();
		assertThat(fileIO.readFileUtf8(snapshot)).isEqualTo("{\"id\":1}");
	}

	@Test
	void overwriteFileUtf8ReplacesOrCreates() throws IOException {
		Path hint = path("snapshot/LATEST");
		fileIO.overwriteFileUtf8(hint, "1");
		assertThat(fileIO.readFileUtf8(hint)).isEqualTo("1");
		fileIO.overwriteFileUtf8(hint, "20 – ünïcode");
		assertThat(fileIO.readFileUtf8(hint)).isEqualTo("20 – ünïcode");
		assertThat(fileIO.getFileStatus(hint).getLen())
			.isEqualTo("20 – ünïcode".getBytes(StandardCharsets.UTF_8).length);
	}

	@Test
	void newOutputStreamWithoutOverwriteFailsOnAnExistingFile() throws IOException {
		Path file = path("exists.txt");
		fileIO.overwriteFileUtf8(file, "old");
		assertThatExceptionOfType(FileAlreadyExistsException.class)
			.isThrownBy(() -> fileIO.newOutputStream(file, false))
			.withMessageContaining(file.toString());
		assertThatExceptionOfType(FileAlreadyExistsException.class)
			.isThrownBy(() -> fileIO.newTwoPhaseOutputStream(file, false));
		assertThat(fileIO.readFileUtf8(file)).isEqualTo("old");

		try (PositionOutputStream out = fileIO.newOutputStream(file, true)) {
			out.write("new".getBytes(StandardCharsets.UTF_8));
		}
		assertThat(fileIO.readFileUtf8(file)).isEqualTo("new");
	}

	@Test
	void twoPhaseWriteIsVisibleOnlyAfterCommit() throws Exception {
		Path small = path("two-phase/small");
		TwoPhaseOutputStream out = fileIO.newTwoPhaseOutputStream(small, false);
		out.write("hello".getBytes(StandardCharsets.UTF_8));
		assertThat(out.getPos()).isEqualTo(5);
		TwoPhaseOutputStream.Committer committer = out.closeForCommit();
		assertThat(out.closeForCommit()).as("asked again").isSameAs(committer);
		out.close();
		assertThat(committer.targetPath()).isEqualTo(small);
		assertThat(fileIO.exists(small)).isFalse();
		assertThat(S3Fixtures.pendingUploads(client(), BUCKET)).hasSize(1);
		committer.commit(fileIO);
		assertThat(fileIO.readFileUtf8(small)).isEqualTo("hello");

		// several parts, committed by another FileIO after the committer was serialized (another process)
		Path large = path("two-phase/large");
		byte[] data = bytes(2 * PART + 777, 6);
		TwoPhaseOutputStream multi = fileIO.newTwoPhaseOutputStream(large, false);
		multi.write(data);
		TwoPhaseOutputStream.Committer sent = roundTrip(multi.closeForCommit());
		assertThat(fileIO.exists(large)).isFalse();
		S3FileIO other = new S3FileIO(clients);
		other.configure(CatalogContext.create(Options.fromMap(options)));
		sent.commit(other);
		assertThat(fileIO.getFileStatus(large).getLen()).isEqualTo(data.length);
		assertThat(Arrays.mismatch(read(fileIO, large), data)).isEqualTo(-1);

		// nothing written
		Path empty = path("two-phase/empty");
		TwoPhaseOutputStream none = fileIO.newTwoPhaseOutputStream(empty, false);
		none.closeForCommit().commit(fileIO);
		assertThat(fileIO.getFileStatus(empty).getLen()).isZero();
	}

	@Test
	void twoPhaseDiscardLeavesNothing() throws IOException {
		Path file = path("two-phase/discarded");
		TwoPhaseOutputStream out = fileIO.newTwoPhaseOutputStream(file, false);
		out.write(bytes(PART + 1000, 7));
		TwoPhaseOutputStream.Committer committer = out.closeForCommit();
		assertThat(S3Fixtures.pendingUploads(client(), BUCKET)).hasSize(1);
		assertThat(s3.multipartFiles(BUCKET)).isNotEmpty();
		committer.discard(fileIO);
		committer.clean(fileIO);
		assertThat(fileIO.exists(file)).isFalse();
		assertThat(fileIO.listStatus(path("two-phase"))).isEmpty();
		assertThatIOException().as("written after closeForCommit").isThrownBy(() -> out.write(1));
	}

	@Test
	void deserializedFileIOWorksOnItsOwnClients() throws Exception {
		Path file = path("serialized.txt");
		fileIO.overwriteFileUtf8(file, "before");
		S3FileIO copy = roundTrip(fileIO);
		assertThat(copy.readFileUtf8(file)).isEqualTo("before");
		copy.overwriteFileUtf8(file, "after");
		assertThat(fileIO.readFileUtf8(file)).isEqualTo("after");

		S3FileIO unconfigured = new S3FileIO(clients);
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(() -> unconfigured.exists(file))
			.withMessageContaining("not configured");
	}

	@Test
	void unknownS3OptionIsRejectedByName() {
		Map<String, String> wrong = new LinkedHashMap<>(options);
		wrong.put("s3.foo", "bar");
		S3FileIO unconfigured = new S3FileIO(clients);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> unconfigured.configure(CatalogContext.create(Options.fromMap(wrong))))
			.withMessageContaining("s3.foo");

		Map<String, String> small = new LinkedHashMap<>(options);
		small.put("s3.multipart.size", "4M");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new S3FileIO(clients).configure(CatalogContext.create(Options.fromMap(small))))
			.withMessageContaining("s3.multipart.size");
	}

	private static byte[] readFully(SeekableInputStream in, int length) throws IOException {
		byte[] bytes = new byte[length];
		int read = 0;
		while (read < length) {
			int n = in.read(bytes, read, length - read);
			if (n < 0) {
				throw new EOFException("after " + read + " of " + length + " bytes");
			}
			read += n;
		}
		return bytes;
	}

	private static Map<Path, Long> list(Path path, boolean recursive) throws IOException {
		Map<Path, Long> files = new LinkedHashMap<>();
		RemoteIterator<FileStatus> iterator = fileIO.listFilesIterative(path, recursive);
		while (iterator.hasNext()) {
			FileStatus status = iterator.next();
			assertThat(status.isDir()).isFalse();
			files.put(status.getPath(), status.getLen());
		}
		return files;
	}

	/** Stores one-byte objects with the server's store itself (1,100 PutObject requests would take seconds). */
	private static Set<Path> writeTinyFiles(Path directory, int count) {
		Set<Path> paths = new HashSet<>();
		for (int i = 0; i < count; i++) {
			Path file = new Path(directory, String.format("file-%05d", i));
			s3.putObject(BUCKET, file.toUri().getPath().substring(1), new byte[] { 'x' });
			paths.add(file);
		}
		return paths;
	}

	@SuppressWarnings("unchecked")
	private static <T> T roundTrip(T object) throws IOException, ClassNotFoundException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
			out.writeObject(object);
		}
		try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
			return (T) in.readObject();
		}
	}

}
