package io.github.paimonspring.admin.web;

import java.net.ConnectException;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;

import com.jayway.jsonpath.JsonPath;
import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.PaimonCommitException;
import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.PaimonWriteException;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.arrow.ArrowFormatException;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.ingest.IngestShutDownException;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpMethod;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.mock.http.MockHttpInputMessage;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.context.request.async.AsyncRequestTimeoutException;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which status and problem type each failure gets, that 5xx details carry no message, and that only
 * admin paths are answered.
 */
class AdminExceptionHandlerTests {

	private final AdminExceptionHandler handler = new AdminExceptionHandler("/paimon");

	@Test
	void mapsEveryKindOfFailureToItsStatusAndType() {
		Map<Exception, String> expected = new LinkedHashMap<>();
		expected.put(new HttpMessageNotReadableException("JSON parse error", new MockHttpInputMessage(new byte[0])),
				"400 malformed-request");
		expected.put(new MissingServletRequestParameterException("overwrite", "boolean"), "400 malformed-request");
		expected.put(new ArrowFormatException("db.t", "not an Arrow stream", null), "400 malformed-arrow");
		expected.put(new PaimonArgumentException("db.t", "identifier must be positive"), "400 invalid-argument");
		expected.put(new NoResourceFoundException(HttpMethod.GET, "/paimon/nope", "paimon/nope"), "404 no-endpoint");
		expected.put(new TableNotFoundException("db.t", "Unknown table 'db.t'"), "404 unknown-table");
		expected.put(new HttpRequestMethodNotSupportedException("DELETE", Set.of("GET")), "405 method-not-allowed");
		expected.put(new HttpMediaTypeNotAcceptableException(List.of(MediaType.APPLICATION_JSON)),
				"406 not-acceptable");
		expected.put(new PaimonCommitException("db.t", "conflict", null), "409 commit-conflict");
		expected.put(new AdminException(AdminException.Kind.PAYLOAD_TOO_LARGE, "Payload too large", "db.t",
				"too large"),
				"413 payload-too-large");
		expected.put(new InvalidMediaTypeException(";;;", "'mimeType' must not be empty"),
				"415 unsupported-media-type");
		expected.put(new HttpMediaTypeNotSupportedException("text/plain not supported"), "415 unsupported-media-type");
		expected.put(new ArrowDataException("db.t", "id", "INT", "Int64", 2, "mismatch"), "422 schema-mismatch");
		expected.put(new AdminException(AdminException.Kind.TOO_MANY_TRANSACTIONS, "Too many open transactions", "db.t",
				"max"),
				"429 too-many-open-transactions");
		expected.put(new PaimonWriteException("db.t", "Writing file:/tmp/wh/db.db/t/bucket-0/data-1.orc failed", null),
				"500 write-failed");
		expected.put(new IllegalStateException("boom at /tmp/secret/path"), "500 internal-error");
		expected.put(new AsyncRequestTimeoutException(), "503 service-unavailable");
		expected.forEach((ex, outcome) -> {
			AdminProblem problem = AdminExceptionHandler.problem(ex, "POST", "/paimon/x");
			assertThat(problem.getStatus() + " " + problem.getType().substring(AdminProblem.TYPE_PREFIX.length()))
				.as(ex.getClass().getSimpleName())
				.isEqualTo(outcome);
			if (problem.getStatus() >= 500) {
				assertThat(problem.getDetail()).as("5xx detail").doesNotContain("tmp", "boom", "orc");
			}
		});
	}

	@Test
	void schemaErrorsCarryColumnTypesRowAndTable() {
		String json = AdminExceptionHandler
			.problem(new ArrowDataException("db.t", "id", "INT", "Int64", 2, "mismatch"), "POST", "/paimon/x")
			.toJson();
		Map<String, Object> problem = JsonPath.read(json, "$");
		assertThat(problem).containsEntry("column", "id")
			.containsEntry("expectedType", "INT")
			.containsEntry("actualType", "Int64")
			.containsEntry("row", 2)
			.containsEntry("table", "db.t");
	}

	@Test
	void missingBodyDoesNotShowTheHandlerSignature() {
		AdminProblem problem = AdminExceptionHandler.problem(new HttpMessageNotReadableException(
				"Required request body is missing: public Foo io.github.Controller.commit(Bar)",
				new MockHttpInputMessage(new byte[0])), "POST", "/paimon/x");
		assertThat(problem.getStatus()).isEqualTo(400);
		assertThat(problem.getDetail()).doesNotContain("public", "io.github");
	}

	@Test
	void answersAdminPathsWithProblemJsonAndAllow() throws Exception {
		MockHttpServletRequest request = new MockHttpServletRequest("DELETE", "/paimon/tables");
		MockHttpServletResponse response = new MockHttpServletResponse();
		ModelAndView handled = this.handler.resolveException(request, response, null,
				new HttpRequestMethodNotSupportedException("DELETE", Set.of("GET")));
		assertThat(handled).isNotNull();
		assertThat(handled.isEmpty()).isTrue();
		assertThat(response.getStatus()).isEqualTo(405);
		assertThat(response.getHeader("Allow")).isEqualTo("GET");
		assertThat(response.getContentType()).startsWith("application/problem+json");
		assertThat((String) JsonPath.read(response.getContentAsString(), "$.instance")).isEqualTo("/paimon/tables");
	}

	@Test
	void aFailedGroupCommitOfAnAsynchronousUploadIsRetryable() throws Exception {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/paimon/tables/db/t/uploads");
		MockHttpServletResponse response = new MockHttpServletResponse();
		// an asynchronous result arrives wrapped, as CompletableFuture hands it over
		Exception failure = new CompletionException(
				AdminException.groupFailed("db.t",
						"The group commit of 3 request(s) to table 'db.t' failed: conflict"));
		assertThat(this.handler.resolveException(request, response, null, failure)).isNotNull();
		assertThat(response.getStatus()).isEqualTo(503);
		assertThat(response.getHeader("Retry-After")).isEqualTo("1");
		assertThat(response.getContentAsString()).contains("\"title\":\"Group commit failed\"")
			.contains("The group commit of 3 request(s)");
	}

	@Test
	void aRequestAfterTheIngestServiceStoppedIsUnavailableNotAConflict() throws Exception {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/paimon/tables/db/t/uploads");
		MockHttpServletResponse response = new MockHttpServletResponse();
		this.handler.resolveException(request, response, null, new IngestShutDownException("db.t"));
		assertThat(response.getStatus()).isEqualTo(503);
		assertThat(response.getHeader("Retry-After")).isEqualTo("1");
		assertThat(response.getContentAsString()).contains("\"title\":\"Instance shutting down\"")
			.contains("urn:paimon-spring:problem:unavailable")
			.contains("shutting down and no longer writes table 'db.t'")
			.contains("nothing was written");
	}

	@Test
	void anUnavailableCatalogOrStorageIsRetryableAndDoesNotShowItsAddress() throws Exception {
		Exception lostDatabase = new PaimonUnavailableException("db.t",
				"Commit to table 'db.t' failed: Connection to 10.0.0.7:5432 refused",
				new SQLException("Connection to 10.0.0.7:5432 refused", "08001"));
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/paimon/tables/db/t/uploads");
		MockHttpServletResponse response = new MockHttpServletResponse();
		this.handler.resolveException(request, response, null, lostDatabase);
		assertThat(response.getStatus()).isEqualTo(503);
		assertThat(response.getHeader("Retry-After")).isEqualTo("1");
		assertThat(response.getContentAsString()).contains("retry later").doesNotContain("10.0.0.7");
		// what makes a commit failure "retry later" rather than a conflict
		assertThat(PaimonUnavailableException.isUnavailable(
				new RuntimeException("wrapped", new ConnectException("refused")))).isTrue();
		assertThat(PaimonUnavailableException.isUnavailable(new RuntimeException(
				"Commit failed after 1234 millis with 10 retries, there maybe exist commit conflicts between multiple "
						+ "jobs.")))
			.isTrue();
		assertThat(PaimonUnavailableException.isUnavailable(
				new RuntimeException("Acquire lock failed with time: PT30S"))).isTrue();
		assertThat(PaimonUnavailableException.isUnavailable(new IllegalStateException(
				"File deletion conflicts detected! Give up committing."))).isFalse();
	}

	@Test
	void leavesOtherPathsToTheApplication() {
		for (String path : List.of("/orders", "/paimonx/tables", "/api/paimon/tables")) {
			MockHttpServletResponse response = new MockHttpServletResponse();
			assertThat(this.handler.resolveException(new MockHttpServletRequest("GET", path), response, null,
					new IllegalStateException("x")))
				.as(path)
				.isNull();
			assertThat(response.getContentAsByteArray()).isEmpty();
		}
	}

	@Test
	void respectsTheContextPathAndPathParameters() {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", "/app/paimon;v=1/nope");
		request.setContextPath("/app");
		MockHttpServletResponse response = new MockHttpServletResponse();
		assertThat(this.handler.resolveException(request, response, null,
				new NoResourceFoundException(HttpMethod.GET, "/paimon/nope", "paimon/nope")))
			.isNotNull();
		assertThat(response.getStatus()).isEqualTo(404);
		assertThat(new AdminPath("/paimon").matches("//paimon/tables")).isTrue();
		assertThat(new AdminPath("/paimon").matches("/paimon")).isTrue();
		assertThat(new AdminPath("/paimon").matches(null)).isFalse();
	}

	@Test
	void aCommittedResponseIsLeftToTheContainer() {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/paimon/transactions/x/batches");
		MockHttpServletResponse response = new MockHttpServletResponse();
		response.setStatus(408);
		response.setCommitted(true);
		assertThat(this.handler.resolveException(request, response, null,
				new ArrowFormatException("db.t", "read timed out", null)))
			.isNotNull();
		assertThat(response.getStatus()).isEqualTo(408);
		assertThat(response.getContentAsByteArray()).isEmpty();
	}

}
