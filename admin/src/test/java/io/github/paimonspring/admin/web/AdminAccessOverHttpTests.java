package io.github.paimonspring.admin.web;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.paimonspring.admin.access.AdminAudit;
import io.github.paimonspring.admin.access.AdminScope;
import io.github.paimonspring.support.TestWarehouse;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The admin API's scopes on a real server with several bearer credentials: what an {@code ingest} credential
 * for {@code shop.*} may and may not do, others' transactions and channels, overwrite, lists narrowed to
 * readable tables, refusals before the body is read, and the audit event of every state-changing request.
 */
class AdminAccessOverHttpTests {

	@TempDir
	static Path warehouse;

	static ConfigurableApplicationContext context;

	static TestWarehouse tables;

	static int port;

	static final ListAppender<ILoggingEvent> audit = new ListAppender<>();

	@BeforeAll
	static void start() {
		tables = new TestWarehouse(warehouse);
		for (String table : List.of("shop.visits", "shop.returns", "finance.ledger")) {
			tables.create(table, Schema.newBuilder().column("id", DataTypes.INT())
				.column("name", DataTypes.STRING()).build());
		}
		context = new SpringApplicationBuilder(App.class).properties("server.port=0", "spring.main.banner-mode=off",
				"paimon.catalog.warehouse=" + warehouse, "paimon.admin.enabled=true",
				"management.endpoints.web.exposure.include=*")
			.properties(AccessMatrix.credentials())
			.run();
		port = ((WebServerApplicationContext) context).getWebServer().getPort();
		// after the start: Boot's logging system resets the loggers while it starts
		Logger logger = (Logger) LoggerFactory.getLogger(AdminAudit.LOGGER);
		audit.start();
		logger.addAppender(audit);
	}

	@AfterAll
	static void stop() throws Exception {
		((Logger) LoggerFactory.getLogger(AdminAudit.LOGGER)).detachAppender(audit);
		if (context != null) {
			context.close();
		}
		tables.close();
	}

	@BeforeEach
	void clearAudit() {
		audit.list.clear();
	}

	AccessMatrix matrix() {
		return new AccessMatrix(URI.create("http://127.0.0.1:" + port + "/paimon"), tables, audit);
	}

	@Test
	void anIngestCredentialForShopUploadsThereAndNothingElse() throws Exception {
		AccessMatrix matrix = matrix();
		matrix.ingestUploadsButMayNotTruncateOrWriteElsewhere(AccessMatrix.token("gateway"),
				AccessMatrix.token("ops"), "gateway");
	}

	@Test
	void othersTransactionsNeedAdmin() throws Exception {
		matrix().othersTransactionsNeedAdmin(AccessMatrix.token("gateway"), AccessMatrix.token("partner"),
				AccessMatrix.token("ops"), "gateway", "partner", "ops");
	}

	@Test
	void overwriteNeedsAdmin() throws Exception {
		matrix().overwriteNeedsAdmin(AccessMatrix.token("gateway"), AccessMatrix.token("ops"), "gateway", "ops");
	}

	@Test
	void othersChannelsNeedAdmin() throws Exception {
		matrix().othersChannelsNeedAdmin(AccessMatrix.token("gateway"), AccessMatrix.token("partner"),
				AccessMatrix.token("ops"));
	}

	@Test
	void aRefusalComesBeforeTheBodyIsRead() throws Exception {
		// headers announce 64 MB and only a few bytes follow: the 403 must come without waiting for the rest
		try (Socket socket = new Socket("127.0.0.1", port)) {
			socket.setSoTimeout(30_000);
			OutputStream out = socket.getOutputStream();
			out.write(("POST /paimon/tables/finance/ledger/uploads HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
					+ AccessMatrix.token("gateway") + "\r\nContent-Type: " + PaimonAdminController.ARROW_STREAM
					+ "\r\nContent-Length: 67108864\r\n\r\nabcd").getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			ByteArrayOutputStream head = new ByteArrayOutputStream();
			while (!head.toString(StandardCharsets.US_ASCII).contains("\r\n\r\n")) {
				int b = in.read();
				assertThat(b).as("the server answered before the body arrived").isNotNegative();
				head.write(b);
			}
			assertThat(head.toString(StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 403");
		}
		assertThat(tables.snapshotCount("finance.ledger")).isZero();
	}

	@Test
	void listsShowOnlyReadableTablesAndMaintenanceNeedsMaintain() throws Exception {
		AccessMatrix matrix = matrix();
		HttpResponse<String> list = matrix.get(AccessMatrix.token("auditor"), "/tables");
		assertThat(list.statusCode()).isEqualTo(200);
		assertThat(list.body()).contains("shop.visits").doesNotContain("finance.ledger");
		assertThat(matrix.get(AccessMatrix.token("ops"), "/tables").body()).contains("shop.visits", "finance.ledger");
		matrix.assertForbidden(matrix.get(AccessMatrix.token("auditor"), "/tables/finance/ledger"), "read",
				"finance.ledger");
		matrix.assertForbidden(matrix.post(AccessMatrix.token("gateway"), "/tables/shop/visits/compact", "{}"),
				"maintain", "shop.visits");
		assertThat(matrix.post(AccessMatrix.token("janitor"), "/tables/shop/visits/compact", "{}").statusCode())
			.isEqualTo(200);
		matrix.assertForbidden(matrix.post(AccessMatrix.token("janitor"), "/tables/shop/visits/truncate", "{}"),
				"admin", "shop.visits");
		matrix.assertAudited("janitor", "compact", "shop.visits", "succeeded");
		matrix.assertAudited("janitor", "truncate", "shop.visits", "denied");
		MeterRegistry registry = context.getBean(MeterRegistry.class);
		assertThat(registry.get("paimon.admin.requests").tags("principal", "janitor", "operation", "truncate",
				"outcome", "denied").counter().count()).isEqualTo(1);
	}

	@Test
	void theScopesIncludeEachOther() {
		assertThat(AdminScope.ADMIN.includes(AdminScope.INGEST)).isTrue();
		assertThat(AdminScope.INGEST.includes(AdminScope.READ)).isTrue();
		assertThat(AdminScope.MAINTAIN.includes(AdminScope.READ)).isTrue();
		assertThat(AdminScope.INGEST.includes(AdminScope.MAINTAIN)).isFalse();
		assertThat(AdminScope.READ.includes(AdminScope.INGEST)).isFalse();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class App {

	}

}
