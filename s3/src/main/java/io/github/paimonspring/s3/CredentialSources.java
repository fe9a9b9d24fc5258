package io.github.paimonspring.s3;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Names, for people, the source that the SDK's default credentials chain resolved: the SDK reports it as the
 * short feature codes of the AWS SDKs' shared user-agent format ({@code g} for environment variables, …).
 */
final class CredentialSources {

	private static final Map<String, String> SOURCES = Map.ofEntries(
			Map.entry("e", "credentials given in code"),
			Map.entry("f", "the JVM system properties aws.accessKeyId/aws.secretAccessKey"),
			Map.entry("g", "the environment variables AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY"),
			Map.entry("h", "a web identity token (AWS_WEB_IDENTITY_TOKEN_FILE, EKS IRSA)"),
			Map.entry("i", "an assumed role (STS)"),
			Map.entry("k", "a web identity token (AWS_WEB_IDENTITY_TOKEN_FILE, EKS IRSA)"),
			Map.entry("n", "an AWS profile (AWS_PROFILE, or default, in the shared credentials file)"),
			Map.entry("o", "an AWS profile with a source profile"),
			Map.entry("p", "an AWS profile with a named credentials source"),
			Map.entry("q", "an AWS profile with a web identity token"),
			Map.entry("r", "an SSO profile (aws sso login)"),
			Map.entry("s", "SSO (aws sso login)"),
			Map.entry("t", "a legacy SSO profile"),
			Map.entry("u", "legacy SSO"),
			Map.entry("v", "an AWS profile's credential process"),
			Map.entry("w", "a credential process"),
			Map.entry("z", "container credentials (ECS task role, EKS Pod Identity)"),
			Map.entry("0", "the EC2 instance profile (instance metadata)"),
			Map.entry("AC", "an AWS profile's console login"),
			Map.entry("AD", "a console login"));

	private CredentialSources() {
	}

	/**
	 * Describes the codes the SDK gave ({@code g}, or several separated by commas).
	 * @param codes the codes
	 * @return the description, the codes themselves where they are not known
	 */
	static String describe(String codes) {
		List<String> names = new ArrayList<>();
		for (String code : codes.split(",", -1)) {
			String trimmed = code.trim();
			if (!trimmed.isEmpty()) {
				String name = SOURCES.get(trimmed);
				names.add((name != null) ? name : trimmed);
			}
		}
		return String.join(" via ", names);
	}

}
