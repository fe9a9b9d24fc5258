package io.github.paimonspring.s3;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.FileStatus;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.fs.RemoteIterator;
import org.apache.paimon.fs.SeekableInputStream;
import org.apache.paimon.fs.TwoPhaseOutputStream;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.CopyObjectRequest;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectsRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.HeadBucketRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Error;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Paimon's {@link FileIO} for S3 on the AWS SDK for Java v2, without Hadoop: {@code s3://bucket/key} (and
 * {@code s3a://}) paths, configured by the {@code s3.*} catalog options ({@link S3Settings}).
 * <ul>
 * <li>Reads are ranged GETs that follow seeks ({@link S3InputStream}).</li>
 * <li>A file is one {@code PutObject}, or a multipart upload when it is larger than a part, aborted when the
 * write fails: an object appears whole or not at all.</li>
 * <li>{@link #newTwoPhaseOutputStream} is a multipart upload committed or aborted as a whole, not a rename.</li>
 * <li>{@link #tryToWriteAtomic} (snapshots, schemas) writes the object with one request when it does not exist
 * yet (checked with a {@code HeadObject} first; a catalog's commit lock makes the two one step).</li>
 * <li>Directories are key prefixes; {@link #mkdirs} leaves an empty marker object {@code key/} as Hadoop's S3A
 * does, so that an empty database or table directory exists. Listings are paginated; deletes of many files are
 * batched, 1,000 keys a request.</li>
 * </ul>
 * A request that keeps failing after the SDK's standard retries ends in an {@link S3RequestException} naming the
 * operation, bucket, key and credentials.
 *
 * @since 0.1.0
 */
public final class S3FileIO implements FileIO {

	private static final long serialVersionUID = 1L;

	private static final Logger logger = LoggerFactory.getLogger(S3FileIO.class);

	/** Keys a {@code DeleteObjects} request takes at most. */
	static final int DELETE_BATCH = 1000;

	private transient volatile @Nullable S3Clients clients;

	private @Nullable HashMap<String, String> options;

	private transient volatile @Nullable S3Requests requests;

	/** The clients this FileIO created itself, closed with it. */
	private transient volatile @Nullable S3Clients ownClients;

	/**
	 * A FileIO with clients of its own (created when it is configured), for use outside a Spring application.
	 */
	public S3FileIO() {
		this.clients = null;
	}

	/**
	 * A FileIO on shared clients.
	 * @param clients the clients, closed by their owner
	 */
	public S3FileIO(S3Clients clients) {
		this.clients = clients;
	}

	@Override
	public boolean isObjectStore() {
		return true;
	}

	@Override
	public void configure(CatalogContext context) {
		HashMap<String, String> values = new HashMap<>(context.options().toMap());
		S3Settings settings = S3Settings.of(values);
		this.options = values;
		this.requests = new S3Requests(clients().connection(settings));
		String warehouse = values.get("warehouse");
		if (warehouse != null && (warehouse.startsWith("s3://") || warehouse.startsWith("s3a://"))) {
			clients().registerWarehouse(warehouse, settings);
		}
	}

	private S3Clients clients() {
		S3Clients current = this.clients;
		if (current == null) {
			synchronized (this) {
				current = this.clients;
				if (current == null) {
					current = new S3Clients();
					this.clients = current;
					this.ownClients = current;
				}
			}
		}
		return current;
	}

	/** The request sender for a path; configured from the options after deserialization. */
	S3Requests requests(Path path) {
		S3Requests current = this.requests;
		if (current == null) {
			Map<String, String> values = this.options;
			if (values == null) {
				throw new IllegalStateException("The S3 FileIO for " + path + " was not configured");
			}
			current = new S3Requests(clients().connection(S3Settings.of(values)));
			this.requests = current;
		}
		return current;
	}

	@Override
	public SeekableInputStream newInputStream(Path path) throws IOException {
		S3Location location = S3Location.of(path);
		return new S3InputStream(requests(path), location.bucket(), location.key(), -1);
	}

	@Override
	public PositionOutputStream newOutputStream(Path path, boolean overwrite) throws IOException {
		S3Location location = S3Location.of(path);
		S3Requests sender = requests(path);
		if (!overwrite && headObject(sender, location) != null) {
			throw new FileAlreadyExistsException(path.toString(), null, "the object exists already");
		}
		return new S3OutputStream(sender, partWriter(sender, location), location.bucket(), location.key());
	}

	@Override
	public TwoPhaseOutputStream newTwoPhaseOutputStream(Path path, boolean overwrite) throws IOException {
		S3Location location = S3Location.of(path);
		S3Requests sender = requests(path);
		if (!overwrite && headObject(sender, location) != null) {
			throw new FileAlreadyExistsException(path.toString(), null, "the object exists already");
		}
		return new S3TwoPhaseOutputStream(partWriter(sender, location), path, location.bucket(), location.key());
	}

	private PartWriter partWriter(S3Requests sender, S3Location location) {
		return new PartWriter(sender, clients().uploads(), location.bucket(), location.key());
	}

	@Override
	public FileStatus getFileStatus(Path path) throws IOException {
		S3Location location = S3Location.of(path);
		S3Requests sender = requests(path);
		if (location.isRoot()) {
			headBucket(sender, location);
			return S3FileStatus.directory(path);
		}
		HeadObjectResponse head = headObject(sender, location);
		if (head != null) {
			return S3FileStatus.file(path, length(head), modified(head));
		}
		if (hasChildren(sender, location)) {
			return S3FileStatus.directory(path);
		}
		throw new FileNotFoundException("No such file or directory: " + path);
	}

	@Override
	public boolean exists(Path path) throws IOException {
		S3Location location = S3Location.of(path);
		S3Requests sender = requests(path);
		if (location.isRoot()) {
			try {
				headBucket(sender, location);
				return true;
			}
			catch (S3RequestException ex) {
				if (ex.getStatusCode() == 404) {
					return false;
				}
				throw ex;
			}
		}
		return headObject(sender, location) != null || hasChildren(sender, location);
	}

	@Override
	public FileStatus[] listStatus(Path path) throws IOException {
		S3Location location = S3Location.of(path);
		S3Requests sender = requests(path);
		List<FileStatus> statuses = children(sender, location, true);
		if (statuses.isEmpty() && !location.isRoot()) {
			HeadObjectResponse head = headObject(sender, location);
			if (head != null) {
				statuses.add(S3FileStatus.file(path, length(head), modified(head)));
			}
		}
		return statuses.toArray(new FileStatus[0]);
	}

	@Override
	public FileStatus[] listDirectories(Path path) throws IOException {
		S3Location location = S3Location.of(path);
		return children(requests(path), location, false).toArray(new FileStatus[0]);
	}

	/** The sub-directories, and with {@code files} the files, right below a directory, page after page. */
	private static List<FileStatus> children(S3Requests sender, S3Location location, boolean files)
			throws IOException {
		List<FileStatus> statuses = new ArrayList<>();
		String token = null;
		do {
			ListObjectsV2Response page = list(sender, location, true, token, null);
			if (files) {
				for (S3Object object : page.contents()) {
					if (!object.key().equals(location.prefix())) {
						statuses.add(file(location, object));
					}
				}
			}
			for (CommonPrefix prefix : page.commonPrefixes()) {
				statuses.add(S3FileStatus.directory(location.path(prefix.prefix())));
			}
			token = page.nextContinuationToken();
		}
		while (token != null);
		return statuses;
	}

	@Override
	public RemoteIterator<FileStatus> listFilesIterative(Path path, boolean recursive) throws IOException {
		S3Location location = S3Location.of(path);
		return new FileListing(requests(path), location, recursive);
	}

	@Override
	public boolean delete(Path path, boolean recursive) throws IOException {
		S3Location location = S3Location.of(path);
		S3Requests sender = requests(path);
		if (!location.isRoot() && headObject(sender, location) != null) {
			deleteObject(sender, location);
			return true;
		}
		if (!recursive && list(sender, location, false, null, 2).contents()
			.stream()
			.anyMatch((object) -> !object.key().equals(location.prefix()))) {
			throw new IOException("Cannot delete " + path + ": it is a directory that is not empty, and the "
					+ "delete is not recursive");
		}
		List<String> keys = keysBelow(sender, location);
		if (keys.isEmpty()) {
			return false;
		}
		deleteKeys(sender, location.bucket(), keys, true);
		return true;
	}

	/** Deletes the files with batched {@code DeleteObjects} requests, 1,000 keys each; failures are logged. */
	@Override
	public void deleteFilesQuietly(List<Path> files) {
		Map<String, List<String>> byBucket = new LinkedHashMap<>();
		Map<String, S3Requests> senders = new HashMap<>();
		for (Path file : files) {
			try {
				S3Location location = S3Location.of(file);
				byBucket.computeIfAbsent(location.bucket(), (bucket) -> new ArrayList<>()).add(location.key());
				senders.putIfAbsent(location.bucket(), requests(file));
			}
			catch (RuntimeException ex) {
				logger.warn("Cannot delete {}: {}", file, ex.getMessage());
			}
		}
		byBucket.forEach((bucket, keys) -> {
			try {
				deleteKeys(senders.get(bucket), bucket, keys, false);
			}
			catch (IOException ex) {
				logger.warn("Deleting {} files in bucket {} failed: {}", keys.size(), bucket, ex.getMessage());
			}
		});
	}

	private static void deleteKeys(@Nullable S3Requests sender, String bucket, List<String> keys, boolean strict)
			throws IOException {
		if (sender == null) {
			return;
		}
		for (int from = 0; from < keys.size(); from += DELETE_BATCH) {
			List<ObjectIdentifier> batch = new ArrayList<>();
			for (String key : keys.subList(from, Math.min(keys.size(), from + DELETE_BATCH))) {
				batch.add(ObjectIdentifier.builder().key(key).build());
			}
			String first = batch.get(0).key();
			DeleteObjectsResponse response = sender.send("DeleteObjects", bucket, first,
					(client) -> client.deleteObjects(DeleteObjectsRequest.builder()
						.bucket(bucket)
						.delete(Delete.builder().objects(batch).quiet(true).build())
						.build()));
			if (response.hasErrors() && !response.errors().isEmpty()) {
				S3Error error = response.errors().get(0);
				String message = "S3 DeleteObjects in bucket '" + bucket + "' failed for " + response.errors().size()
						+ " of " + batch.size() + " keys, first " + error.key() + ": " + error.code() + " "
						+ error.message();
				if (strict) {
					throw new S3RequestException("DeleteObjects", bucket, String.valueOf(error.key()), 0,
							error.code(), message, null);
				}
				logger.warn(message);
			}
		}
	}

	@Override
	public boolean mkdirs(Path path) throws IOException {
		S3Location location = S3Location.of(path);
		if (location.isRoot()) {
			return true;
		}
		S3Requests sender = requests(path);
		if (headObject(sender, location) != null) {
			throw new FileAlreadyExistsException(path.toString(), null, "a file exists there, not a directory");
		}
		sender.send("PutObject", location.bucket(), location.prefix(),
				(client) -> client.putObject(
						PutObjectRequest.builder().bucket(location.bucket()).key(location.prefix()).build(),
						RequestBody.empty()));
		return true;
	}

	/**
	 * Renames by copying and deleting (S3 has no rename): a file, or every object below a directory. Returns
	 * {@code false}, changing nothing, when the destination exists or the source does not.
	 */
	@Override
	public boolean rename(Path src, Path dst) throws IOException {
		S3Location from = S3Location.of(src);
		S3Location to = S3Location.of(dst);
		S3Requests sender = requests(src);
		if (exists(dst)) {
			return false;
		}
		HeadObjectResponse head = from.isRoot() ? null : headObject(sender, from);
		if (head != null) {
			copy(sender, from, to);
			deleteObject(sender, from);
			return true;
		}
		List<String> keys = keysBelow(sender, from);
		if (keys.isEmpty()) {
			return false;
		}
		for (String key : keys) {
			copy(sender, from.withKey(key), to.withKey(to.prefix() + key.substring(from.prefix().length())));
		}
		deleteKeys(sender, from.bucket(), keys, true);
		return true;
	}

	/** Every key below a directory (the marker {@code key/} included), one listing page after another. */
	private static List<String> keysBelow(S3Requests sender, S3Location location) throws IOException {
		List<String> keys = new ArrayList<>();
		String token = null;
		do {
			ListObjectsV2Response page = list(sender, location, false, token, null);
			for (S3Object object : page.contents()) {
				keys.add(object.key());
			}
			token = page.nextContinuationToken();
		}
		while (token != null);
		return keys;
	}

	private static void deleteObject(S3Requests sender, S3Location location) throws IOException {
		sender.send("DeleteObject", location.bucket(), location.key(), (client) -> client
			.deleteObject(DeleteObjectRequest.builder().bucket(location.bucket()).key(location.key()).build()));
	}

	private static void copy(S3Requests sender, S3Location from, S3Location to) throws IOException {
		sender.send("CopyObject", from.bucket(), from.key(), (client) -> client.copyObject(CopyObjectRequest.builder()
			.sourceBucket(from.bucket())
			.sourceKey(from.key())
			.destinationBucket(to.bucket())
			.destinationKey(to.key())
			.build()));
	}

	/**
	 * Writes the file with one {@code PutObject} unless it exists: an object appears whole, so no temporary file
	 * and no rename are needed. The check and the write are two requests: two writers can both find the file
	 * missing. Paimon writes snapshots inside the catalog's commit lock when one is configured (a JDBC or Hive
	 * catalog with {@code lock.enabled}, as several writers of one table need on any object store; paimon-s3's
	 * rename has the same gap without one).
	 * @return {@code false} if the file exists (nothing is written)
	 */
	@Override
	public boolean tryToWriteAtomic(Path path, String content) throws IOException {
		S3Location location = S3Location.of(path);
		S3Requests sender = requests(path);
		if (headObject(sender, location) != null) {
			return false;
		}
		putUtf8(sender, location, content);
		return true;
	}

	/** Replaces the file with one {@code PutObject}: readers see the old content or the new, never a mix. */
	@Override
	public void overwriteFileUtf8(Path path, String content) throws IOException {
		putUtf8(requests(path), S3Location.of(path), content);
	}

	private static void putUtf8(S3Requests sender, S3Location location, String content) throws IOException {
		byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
		sender.send("PutObject", location.bucket(), location.key(),
				(client) -> client.putObject(PutObjectRequest.builder()
					.bucket(location.bucket())
					.key(location.key())
					.contentType("application/octet-stream")
					.contentLength((long) bytes.length)
					.build(), RequestBody.fromBytes(bytes)));
	}

	private static @Nullable HeadObjectResponse headObject(S3Requests sender, S3Location location) throws IOException {
		if (location.isRoot()) {
			return null;
		}
		try {
			return sender.send("HeadObject", location.bucket(), location.key(), (client) -> client
				.headObject(HeadObjectRequest.builder().bucket(location.bucket()).key(location.key()).build()));
		}
		catch (FileNotFoundException ex) {
			return null;
		}
	}

	private static void headBucket(S3Requests sender, S3Location location) throws IOException {
		sender.send("HeadBucket", location.bucket(), "",
				(client) -> client.headBucket(HeadBucketRequest.builder().bucket(location.bucket()).build()));
	}

	private static boolean hasChildren(S3Requests sender, S3Location location) throws IOException {
		return !list(sender, location, false, null, 1).contents().isEmpty();
	}

	private static ListObjectsV2Response list(S3Requests sender, S3Location location, boolean delimited,
			@Nullable String token, @Nullable Integer maxKeys) throws IOException {
		ListObjectsV2Request.Builder request = ListObjectsV2Request.builder()
			.bucket(location.bucket())
			.prefix(location.prefix());
		if (delimited) {
			request.delimiter("/");
		}
		if (token != null) {
			request.continuationToken(token);
		}
		if (maxKeys != null) {
			request.maxKeys(maxKeys);
		}
		ListObjectsV2Request built = request.build();
		return sender.send("ListObjectsV2", location.bucket(), location.prefix(),
				(client) -> client.listObjectsV2(built));
	}

	private static S3FileStatus file(S3Location location, S3Object object) {
		long modified = (object.lastModified() != null) ? object.lastModified().toEpochMilli() : 0;
		long size = (object.size() != null) ? object.size() : 0;
		return S3FileStatus.file(location.path(object.key()), size, modified);
	}

	private static long length(HeadObjectResponse head) {
		return (head.contentLength() != null) ? head.contentLength() : 0;
	}

	private static long modified(HeadObjectResponse head) {
		return (head.lastModified() != null) ? head.lastModified().toEpochMilli() : 0;
	}

	private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
		in.defaultReadObject();
		this.clients = null;
		this.ownClients = null;
		this.requests = null;
	}

	/**
	 * Closes the clients this FileIO created itself (without shared clients, or after deserialization); shared
	 * clients are closed by their owner.
	 */
	@Override
	public void close() {
		S3Clients own = this.ownClients;
		if (own != null) {
			this.ownClients = null;
			this.clients = null;
			this.requests = null;
			own.close();
		}
	}

	/** The files below a prefix, one listing page at a time. */
	private static final class FileListing implements RemoteIterator<FileStatus> {

		private final S3Requests sender;

		private final S3Location location;

		private final boolean recursive;

		private final Deque<FileStatus> page = new ArrayDeque<>();

		private @Nullable String token;

		private boolean started;

		private boolean any;

		FileListing(S3Requests sender, S3Location location, boolean recursive) {
			this.sender = sender;
			this.location = location;
			this.recursive = recursive;
		}

		@Override
		public boolean hasNext() throws IOException {
			while (this.page.isEmpty() && (!this.started || this.token != null)) {
				ListObjectsV2Response response = list(this.sender, this.location, !this.recursive, this.token, null);
				this.started = true;
				this.token = response.nextContinuationToken();
				for (S3Object object : response.contents()) {
					if (!object.key().endsWith("/")) {
						this.page.add(file(this.location, object));
					}
				}
				if (this.token == null && this.page.isEmpty() && !this.any && !this.location.isRoot()) {
					// a file itself lists as itself
					HeadObjectResponse head = headObject(this.sender, this.location);
					if (head != null) {
						this.page.add(S3FileStatus.file(this.location.path(this.location.key()), length(head),
								modified(head)));
					}
				}
				this.any |= !this.page.isEmpty();
			}
			return !this.page.isEmpty();
		}

		@Override
		public FileStatus next() throws IOException {
			if (!hasNext()) {
				throw new NoSuchElementException("No more files below " + this.location);
			}
			return this.page.removeFirst();
		}

	}

}
