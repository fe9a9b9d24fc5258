package io.github.paimonspring.httptests.backends;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.support.InJvmS3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * S3 credentials as AWS users give them: no {@code s3.access-key} in the application, the keys from the AWS SDK's
 * default credentials chain — the environment of the packaged sample app's process, or a shared credentials
 * (profile) file — and a start with wrong credentials that fails naming the bucket and where the credentials came
 * from. The instance metadata service is turned off in the child's environment, so that nothing on this machine
 * is asked for credentials but what the test gives.
 */
class S3CredentialsTests {

	@TempDir
	Path dir;

	@Test
	void keysFromTheEnvironmentWriteAndReadBack() throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "lake")) {
			Map<String, String> environment = cleanEnvironment();
			environment.put("AWS_ACCESS_KEY_ID", InJvmS3.ACCESS_KEY);
			environment.put("AWS_SECRET_ACCESS_KEY", InJvmS3.SECRET_KEY);
			try (SampleAppProcess app = SampleAppProcess.start(null, environment, List.of("-Xmx512m"), args(s3))) {
				writeAndReadAnOrder(app);
				assertThat(app.output()).contains("credentials from the AWS SDK's default credentials chain");
			}
			assertThat(s3.objects("lake", "wh/shop.db/orders")).anyMatch((key) -> key.endsWith(".parquet"));
		}
	}

	@Test
	void keysFromAProfileFileWriteAndReadBack() throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "lake")) {
			Path credentials = this.dir.resolve("aws-credentials");
			Files.writeString(credentials, "[lake]\naws_access_key_id = " + InJvmS3.ACCESS_KEY
					+ "\naws_secret_access_key = " + InJvmS3.SECRET_KEY + "\n");
			Map<String, String> environment = cleanEnvironment();
			environment.put("AWS_SHARED_CREDENTIALS_FILE", credentials.toString());
			environment.put("AWS_CONFIG_FILE", this.dir.resolve("no-aws-config").toString());
			environment.put("AWS_PROFILE", "lake");
			try (SampleAppProcess app = SampleAppProcess.start(null, environment, List.of("-Xmx512m"), args(s3))) {
				writeAndReadAnOrder(app);
			}
			assertThat(s3.objects("lake", "wh/shop.db/orders")).anyMatch((key) -> key.endsWith(".parquet"));
		}
	}

	@Test
	void wrongKeysFromTheChainFailTheStartNamingTheBucketAndTheCredentialsSource() throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "lake")) {
			Map<String, String> environment = cleanEnvironment();
			environment.put("AWS_ACCESS_KEY_ID", InJvmS3.ACCESS_KEY);
			environment.put("AWS_SECRET_ACCESS_KEY", "not-the-secret");
			SampleAppProcess.Exit exit = SampleAppProcess.runUntilExit(null, environment, List.of("-Xmx512m"),
					Duration.ofMinutes(2), args(s3));
			assertThat(exit.code()).isNotZero();
			assertThat(exit.output()).contains("Cannot reach the Paimon warehouse 's3://lake/wh'")
				.contains("bucket 'lake'")
				.contains("HTTP 403")
				.contains("credentials from the AWS SDK's default credentials chain")
				.contains("resolved by");
			assertThat(s3.objects("lake", "wh")).as("nothing written").isEmpty();
		}
	}

	@Test
	void wrongStaticKeysFailTheStartNamingThem() throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "lake")) {
			List<String> args = new ArrayList<>(List.of(args(s3)));
			args.add("--paimon.catalog.options.s3.access-key=" + InJvmS3.ACCESS_KEY);
			args.add("--paimon.catalog.options.s3.secret-key=not-the-secret");
			SampleAppProcess.Exit exit = SampleAppProcess.runUntilExit(null, cleanEnvironment(), List.of("-Xmx512m"),
					Duration.ofMinutes(2), args.toArray(new String[0]));
			assertThat(exit.code()).isNotZero();
			assertThat(exit.output()).contains("bucket 'lake'")
				.contains("credentials from the static keys s3.access-key/s3.secret-key (access key paim…)")
				.doesNotContain("not-the-secret");
		}
	}

	/** The warehouse on the in-JVM S3, without keys. */
	private static String[] args(InJvmS3 s3) {
		return new String[] { "--paimon.catalog.warehouse=s3://lake/wh",
				"--paimon.catalog.options.s3.endpoint=" + s3.endpoint(),
				"--paimon.catalog.options.s3.path.style.access=true",
				"--paimon.catalog.options.s3.endpoint.region=us-east-1", "--paimon.maintenance.enabled=false" };
	}

	/** No credentials of this machine's own reach the child; no instance metadata is asked. */
	private static Map<String, String> cleanEnvironment() {
		Map<String, String> environment = new LinkedHashMap<>();
		for (String variable : List.of("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
				"AWS_PROFILE", "AWS_REGION", "AWS_DEFAULT_REGION", "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_ROLE_ARN",
				"AWS_CONTAINER_CREDENTIALS_FULL_URI", "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI")) {
			environment.put(variable, "");
		}
		environment.put("AWS_EC2_METADATA_DISABLED", "true");
		environment.put("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/aws-credentials");
		environment.put("AWS_CONFIG_FILE", "/nonexistent/aws-config");
		return environment;
	}

	private static void writeAndReadAnOrder(SampleAppProcess app) throws Exception {
		HttpClient client = HttpClient.newHttpClient();
		HttpResponse<String> created = client.send(HttpRequest.newBuilder(app.uri("/orders"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("[{\"orderId\": 11, \"customer\": \"ada\", \"amount\": 2.50, "
					+ "\"createdAt\": \"2026-12-06T12:00:00\"}]"))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		HttpResponse<String> listed = client.send(HttpRequest.newBuilder(app.uri("/orders")).GET().build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(listed.body()).contains("\"orderId\":11").contains("\"customer\":\"ada\"");
	}

}
