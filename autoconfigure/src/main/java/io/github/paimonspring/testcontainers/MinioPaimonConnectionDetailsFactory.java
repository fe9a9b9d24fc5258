package io.github.paimonspring.testcontainers;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.paimonspring.autoconfigure.PaimonConnectionDetails;
import org.testcontainers.containers.MinIOContainer;

import org.springframework.boot.testcontainers.service.connection.ContainerConnectionDetailsFactory;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionSource;

/**
 * Creates {@link PaimonConnectionDetails} for a {@code @ServiceConnection} MinIO container: an S3
 * warehouse {@code s3://paimon/warehouse} (the bucket is created in the container) with the
 * container's endpoint and credentials, path-style access. Needs {@code paimon-s3} on the classpath.
 */
public class MinioPaimonConnectionDetailsFactory
		extends ContainerConnectionDetailsFactory<MinIOContainer, PaimonConnectionDetails> {

	/** The bucket the warehouse lives in. */
	public static final String BUCKET = "paimon";

	/**
	 * Creates the factory.
	 */
	public MinioPaimonConnectionDetailsFactory() {
		super(ANY_CONNECTION_NAME, "org.apache.paimon.catalog.Catalog");
	}

	@Override
	protected PaimonConnectionDetails getContainerConnectionDetails(ContainerConnectionSource<MinIOContainer> source) {
		return new MinioDetails(source);
	}

	static final class MinioDetails extends ContainerConnectionDetails<MinIOContainer>
			implements PaimonConnectionDetails {

		private volatile boolean bucketCreated;

		MinioDetails(ContainerConnectionSource<MinIOContainer> source) {
			super(source);
		}

		@Override
		public String getWarehouse() {
			createBucket();
			return "s3://" + BUCKET + "/warehouse";
		}

		@Override
		public Map<String, String> getCatalogOptions() {
			MinIOContainer container = getContainer();
			Map<String, String> options = new LinkedHashMap<>();
			options.put("s3.endpoint", container.getS3URL());
			options.put("s3.access-key", container.getUserName());
			options.put("s3.secret-key", container.getPassword());
			options.put("s3.path.style.access", "true");
			options.put("s3.endpoint.region", "us-east-1");
			return options;
		}

		/** MinIO serves every top-level directory of its data directory as a bucket. */
		private void createBucket() {
			if (this.bucketCreated) {
				return;
			}
			try {
				getContainer().execInContainer("mkdir", "-p", "/data/" + BUCKET);
				this.bucketCreated = true;
			}
			catch (IOException ex) {
				throw new IllegalStateException("Cannot create bucket '" + BUCKET + "' in the MinIO container", ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Interrupted while creating the MinIO bucket", ex);
			}
		}

	}

}
