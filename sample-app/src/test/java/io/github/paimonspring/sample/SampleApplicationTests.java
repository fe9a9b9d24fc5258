package io.github.paimonspring.sample;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.github.paimonspring.test.autoconfigure.AutoConfigureTestWarehouse;
import io.github.paimonspring.test.autoconfigure.TemporaryWarehouse;
import org.apache.paimon.Snapshot.CommitKind;
import org.apache.paimon.table.Table;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static io.github.paimonspring.test.PaimonAssertions.assertThat;
import static io.github.paimonspring.test.PaimonAssertions.row;
import static org.assertj.core.api.Assertions.assertThat;

/** The whole sample over HTTP, on a temporary warehouse instead of its embedded one. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureTestWarehouse
class SampleApplicationTests {

	@LocalServerPort
	int port;

	@Autowired
	@Qualifier("orders")
	Table orders;

	@Autowired
	@Qualifier("events")
	Table events;

	@Autowired
	TemporaryWarehouse warehouse;

	@Test
	void createsDemoTablesAndWritesOrdersOverHttp() throws Exception {
		assertThat(this.orders.primaryKeys()).containsExactly("order_id", "dt");
		assertThat(this.orders.partitionKeys()).containsExactly("dt");
		assertThat(this.events.primaryKeys()).isEmpty();
		HttpClient client = HttpClient.newHttpClient();
		String body = """
				[{"orderId": 1, "customer": "alice", "amount": 10.50, "createdAt": "2026-11-30T10:15:30.123456"},
				 {"orderId": 2, "customer": "bob", "amount": 3.25, "createdAt": "2026-11-29T08:00:00"}]""";
		HttpResponse<String> created = client.send(HttpRequest.newBuilder(URI.create("http://localhost:" + this.port
				+ "/orders"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		assertThat(created.body()).contains("\"rows\":2");
		HttpResponse<String> listed = client.send(
				HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + "/orders")).GET().build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(listed.statusCode()).isEqualTo(200);
		assertThat(listed.body()).contains("\"customer\":\"alice\"")
			.contains("\"amount\":10.50")
			.contains("2026-11-30T10:15:30.123456")
			.contains("\"customer\":\"bob\"");
		assertThat(this.orders).containsExactlyInAnyOrderRows(
				row(1L, "2026-11-30", "alice", new BigDecimal("10.50"), "2026-11-30T10:15:30.123456"),
				row(2L, "2026-11-29", "bob", new BigDecimal("3.25"), "2026-11-29T08:00:00"));
		assertThat(this.orders).latestSnapshot().hasCommitKind(CommitKind.APPEND);
		assertThat(this.warehouse.path().resolve("shop.db/orders/dt=2026-11-30")).isDirectory();
	}

}
