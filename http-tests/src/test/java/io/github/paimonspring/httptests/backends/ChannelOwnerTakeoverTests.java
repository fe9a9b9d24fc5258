package io.github.paimonspring.httptests.backends;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.admin.web.AccessMatrix;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.PipelinedChannel;
import io.github.paimonspring.httptests.ClusterTests;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.support.TestPostgres;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A channel's owner survives a takeover (issue 48): two packaged instances on the JDBC catalog (PostgreSQL) with
 * scoped credentials; {@code gateway} opens a channel on A and appends, A is killed ({@code kill -9}), gateway
 * reopens the channel on B and keeps appending there, while {@code partner} — the same scope on the same tables —
 * is refused opening and appending to gateway's channel on B (403, nothing written). Instances keep an append's
 * owner per channel generation (no store read per append), so this is what the kept owners must not break.
 */
@Tag(TestPostgres.TAG)
@Tag(ClusterTests.TAG)
class ChannelOwnerTakeoverTests {

	@TempDir
	Path dir;

	private SharedCatalog catalog;

	@AfterEach
	void close() throws Exception {
		if (this.catalog != null) {
			this.catalog.close();
		}
	}

	@Test
	void theOwnerSurvivesAKillAndATakeoverAndAnotherCredentialIsRefused() throws Exception {
		this.catalog = SharedCatalog.onLocalDisk(this.dir);
		this.catalog.warehouse.create("shop.visits", Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).build());
		List<String> args = new ArrayList<>(List.of("--paimon.ingest.commit-interval=50ms"));
		for (String credential : AccessMatrix.credentials()) {
			args.add("--" + credential);
		}
		SampleAppProcess a = this.catalog.start(args.toArray(String[]::new));
		SampleAppProcess b = this.catalog.start(args.toArray(String[]::new));
		PipelinedChannel gateway = new PipelinedChannel(gatewayOn(a), "shop/visits", "c", 10, 4);
		long from = gateway.open();
		PipelinedChannel.Result onA = gateway.stream(from, 20, (acknowledged) -> {
		});
		assertThat(onA.acknowledged()).as(onA.stoppedBy()).hasSize(20);
		a.kill();
		gateway.switchTo(gatewayOn(b));
		long reopened = reopen(gateway);
		assertThat(reopened).as("the committed token after the takeover").isEqualTo(onA.highestAcknowledged());
		PipelinedChannel.Result onB = gateway.stream(reopened, 20, (acknowledged) -> {
		});
		assertThat(onB.acknowledged()).as("gateway keeps appending on B: " + onB.stoppedBy()).hasSize(20);
		long rows = this.catalog.warehouse.idNames("shop.visits").size();

		AdminClient partner = new AdminClient(b, AccessMatrix.token("partner"));
		PipelinedChannel.Result refused = gateway.boundTo(partner).stream(onB.highestAcknowledged(), 1,
				(acknowledged) -> {
				});
		assertThat(refused.acknowledged()).as("partner's append to gateway's channel").isEmpty();
		assertThat(refused.stoppedBy()).startsWith("403").contains("'partner'").contains("opened by 'gateway'");
		HttpResponse<String> open = partner.send(partner.request("/paimon/tables/shop/visits/channels/c")
			.PUT(HttpRequest.BodyPublishers.noBody()).build());
		assertThat(open.statusCode()).as(open.body()).isEqualTo(403);
		assertThat(this.catalog.warehouse.idNames("shop.visits")).as("nothing of partner's written")
			.hasSize((int) rows)
			.containsExactlyInAnyOrderElementsOf(PipelinedChannel.rowsUpTo(onB.highestAcknowledged()));
		PipelinedChannel.Result again = gateway.stream(onB.highestAcknowledged(), 5, (acknowledged) -> {
		});
		assertThat(again.acknowledged()).as("gateway's generation is still current: " + again.stoppedBy()).hasSize(5);
	}

	private static AdminClient gatewayOn(SampleAppProcess app) {
		return new AdminClient(app, AccessMatrix.token("gateway"));
	}

	/** Reopens the channel, retrying the 503 answered while the killed instance's claim is handed over. */
	private static long reopen(PipelinedChannel channel) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		while (true) {
			try {
				return channel.open();
			}
			catch (AssertionError ex) {
				assertThat(System.nanoTime()).as(ex.getMessage()).isLessThan(deadline);
				Thread.sleep(50);
			}
		}
	}

}
