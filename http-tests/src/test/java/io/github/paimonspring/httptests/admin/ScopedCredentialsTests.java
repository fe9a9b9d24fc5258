package io.github.paimonspring.httptests.admin;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.admin.web.AccessMatrix;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 34, acceptance 1 against the packaged app: scoped bearer credentials ({@code paimon.admin.credentials.*}
 * as hashes) — an {@code ingest} credential for {@code shop.*} uploads into {@code shop.visits}, is refused
 * truncate and any write into {@code finance.ledger} (403, nothing written, no snapshot), cannot change another
 * credential's transaction or channel; and each state-changing request leaves its audit line in the app's log.
 */
class ScopedCredentialsTests {

	@TempDir
	static Path warehouseDir;

	static Warehouse warehouse;

	static SampleAppProcess app;

	static AccessMatrix matrix;

	@BeforeAll
	static void start() throws Exception {
		warehouse = new Warehouse(warehouseDir);
		for (String table : List.of("shop.visits", "shop.returns", "finance.ledger")) {
			warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT())
				.column("name", DataTypes.STRING()).build());
		}
		List<String> args = new ArrayList<>(List.of("--paimon.admin.enabled=true"));
		for (String credential : AccessMatrix.credentials()) {
			args.add("--" + credential);
		}
		app = SampleAppProcess.start(warehouseDir, AdminSupport.JVM, args.toArray(String[]::new));
		matrix = new AccessMatrix(app.uri("/paimon"), warehouse, null);
	}

	@AfterAll
	static void stop() throws Exception {
		if (app != null) {
			app.close();
		}
		if (warehouse != null) {
			warehouse.close();
		}
	}

	@Test
	void anIngestCredentialForShopUploadsThereAndIsRefusedTruncateAndOtherTables() throws Exception {
		matrix.ingestUploadsButMayNotTruncateOrWriteElsewhere(AccessMatrix.token("gateway"),
				AccessMatrix.token("ops"), "gateway");
		String log = app.output();
		assertThat(log).contains("principal=gateway operation=upload outcome=succeeded status=200 table=shop.visits")
			.contains("principal=gateway operation=truncate outcome=denied status=403 table=shop.visits")
			.contains("principal=gateway operation=upload outcome=denied status=403 table=finance.ledger")
			.contains("principal=ops operation=truncate outcome=succeeded status=200 table=shop.visits snapshot=")
			.doesNotContain(AccessMatrix.token("gateway"));
	}

	@Test
	void anotherCredentialsTransactionOrChannelNeedsAdmin() throws Exception {
		matrix.othersTransactionsNeedAdmin(AccessMatrix.token("gateway"), AccessMatrix.token("partner"),
				AccessMatrix.token("ops"), "gateway", "partner", "ops");
		matrix.othersChannelsNeedAdmin(AccessMatrix.token("gateway"), AccessMatrix.token("partner"),
				AccessMatrix.token("ops"));
		String log = app.output();
		assertThat(log).containsPattern("principal=partner operation=abort-transaction outcome=denied status=403 "
				+ "table=shop.visits transaction=[0-9a-f-]{36}")
			.containsPattern("principal=ops operation=abort-transaction outcome=succeeded status=200 "
					+ "table=shop.visits transaction=[0-9a-f-]{36}")
			.contains("principal=partner operation=open-channel outcome=denied status=403 table=shop.visits channel=");
	}

	@Test
	void theActuatorAndOpenApiDocumentsFollowTheScopes() throws Exception {
		assertThat(get("gateway", "/actuator/paimon").statusCode()).isEqualTo(403);
		assertThat(get("ops", "/actuator/paimon").statusCode()).isEqualTo(200);
		assertThat(get("gateway", "/v3/api-docs/paimon-admin").statusCode()).isEqualTo(200);
		assertThat(matrix.get("wrong-token", "/tables").statusCode()).isEqualTo(401);
	}

	private static HttpResponse<String> get(String principal, String path) throws Exception {
		return HttpClient.newHttpClient().send(HttpRequest.newBuilder(app.uri(path))
			.header("Authorization", "Bearer " + AccessMatrix.token(principal))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

}
