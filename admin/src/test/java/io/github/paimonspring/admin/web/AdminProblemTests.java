package io.github.paimonspring.admin.web;

import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The problem+json rendering: members, escaping, generic problems and redaction of locations.
 */
class AdminProblemTests {

	@Test
	void rendersTheRfc9457MembersAndExtensions() {
		String json = AdminProblem.of(422, "schema-mismatch", "Arrow data does not match the table", "column 'id'",
				"/paimon/tables/default/t/uploads")
			.with("table", "default.t")
			.with("row", 3L)
			.with("missing", null)
			.toJson();
		Map<String, Object> problem = JsonPath.read(json, "$");
		assertThat(problem).containsEntry("type", "urn:paimon-spring:problem:schema-mismatch")
			.containsEntry("title", "Arrow data does not match the table")
			.containsEntry("status", 422)
			.containsEntry("detail", "column 'id'")
			.containsEntry("instance", "/paimon/tables/default/t/uploads")
			.containsEntry("table", "default.t")
			.containsEntry("row", 3)
			.doesNotContainKey("missing");
	}

	@Test
	void escapesEverythingJsonNeeds() {
		String detail = "quote \" backslash \\ newline \n tab \t nul \u0000 separator \u2028 unicode é";
		String json = AdminProblem.of(400, "x", "T \"q\"", detail, null).toJson();
		assertThat((String) JsonPath.read(json, "$.detail")).isEqualTo(detail);
		assertThat((String) JsonPath.read(json, "$.title")).isEqualTo("T \"q\"");
		assertThat(json).doesNotContain("instance");
	}

	@Test
	void instanceIsOnlyAPrintableRequestPath() {
		assertThat(AdminProblem.forStatus(400, "/paimon/a%2Fb").toJson()).contains("\"instance\":\"/paimon/a%2Fb\"");
		assertThat(AdminProblem.forStatus(400, "/paimon/a\u0001b").toJson()).doesNotContain("instance");
		assertThat(AdminProblem.forStatus(400, "/paimon/" + "a".repeat(5000)).toJson()).doesNotContain("instance");
	}

	@Test
	void genericProblemsHaveASentenceTitleAndASlug() {
		Map<String, Object> timeout = JsonPath.read(AdminProblem.forStatus(408, "/paimon/x").toJson(), "$");
		assertThat(timeout).containsEntry("type", "urn:paimon-spring:problem:request-timeout")
			.containsEntry("title", "Request timeout")
			.containsEntry("status", 408);
		assertThat((String) timeout.get("detail")).isNotBlank();
		assertThat(AdminProblem.forStatus(505, null).getType())
			.isEqualTo("urn:paimon-spring:problem:http-version-not-supported");
		assertThat(AdminProblem.forStatus(599, null).toJson()).contains("\"title\":\"HTTP 599\"");
	}

	@Test
	void redactsLocationsPathsAndStackFrames() {
		String redacted = AdminProblem.redact("Cannot read file:/tmp/warehouse/db.db/t/snapshot/snapshot-5 in "
				+ "s3://bucket/warehouse/x, /var/lib/paimon/wh/db.db, C:\\data\\wh\\t and jdbc:postgresql://db:5432/cat"
				+ "\n\tat org.apache.paimon.Snapshot.fromPath(Snapshot.java:42)");
		assertThat(redacted).doesNotContain("/tmp", "bucket", "/var", "data", "db:5432", "Snapshot.java")
			.contains("Cannot read <location> in <location>, <path>, <path> and jdbc:<location>");
		// media types, property lists and table names are no paths
		String kept = "Content-Type must be application/vnd.apache.arrow.stream, got text/plain; "
				+ "see paimon.admin.max-request-size / max-transaction-size for table 'db.t'";
		assertThat(AdminProblem.redact(kept)).isEqualTo(kept);
		assertThat(AdminProblem.redact(null)).isNotBlank();
		assertThat(AdminProblem.redact("x".repeat(5000))).hasSizeLessThan(2100);
	}

	@Test
	void writesStatusMediaTypeAndBodyKeepingHeaders() throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		response.setHeader("Allow", "GET");
		AdminProblem.forStatus(405, "/paimon/tables").writeTo(response);
		assertThat(response.getStatus()).isEqualTo(405);
		assertThat(response.getContentType()).startsWith("application/problem+json");
		assertThat(response.getHeader("Allow")).isEqualTo("GET");
		assertThat((Integer) JsonPath.read(response.getContentAsString(), "$.status")).isEqualTo(405);
	}

}
