package io.github.paimonspring.flight;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * TLS through a Spring Boot SSL bundle ({@code paimon.flight.ssl.bundle}): a key store made by the JDK's
 * {@code keytool}, a client that trusts its certificate ingests over {@code grpc+tls}, a plain client gets nothing.
 */
class FlightTlsTests {

	@TempDir
	Path dir;

	@Test
	void theEndpointServesTheBundlesCertificate() throws Exception {
		Path keystore = this.dir.resolve("flight.p12");
		Path certificate = this.dir.resolve("flight.pem");
		String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
		run(keytool, "-genkeypair", "-alias", "flight", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
				"-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12",
				"-keystore", keystore.toString(), "-storepass", "secret123", "-keypass", "secret123");
		run(keytool, "-exportcert", "-rfc", "-alias", "flight", "-keystore", keystore.toString(), "-storepass",
				"secret123", "-file", certificate.toString());
		Path warehouse = this.dir.resolve("warehouse");
		try (TestWarehouse tables = new TestWarehouse(warehouse)) {
			tables.create("shop.events", org.apache.paimon.schema.Schema.newBuilder().column("id", DataTypes.INT())
				.column("name", DataTypes.STRING()).build());
		}
		List<String> properties = new ArrayList<>(List.of("server.port=0", "spring.main.banner-mode=off",
				"paimon.catalog.warehouse=" + warehouse, "paimon.admin.enabled=true", "paimon.admin.auth=bearer",
				"paimon.flight.enabled=true", "paimon.flight.port=0", "paimon.flight.address=127.0.0.1",
				"paimon.flight.ssl.bundle=flight", "spring.ssl.bundle.jks.flight.keystore.location=file:" + keystore,
				"spring.ssl.bundle.jks.flight.keystore.password=secret123",
				"spring.ssl.bundle.jks.flight.keystore.type=PKCS12"));
		FlightEndpointTests.credential(properties, "gateway", "ingest", "shop.*");
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(FlightEndpointTests.App.class)
			.properties(properties.toArray(String[]::new))
			.run(); RootAllocator allocator = new RootAllocator()) {
			FlightEndpointTests.allocator = allocator;
			PaimonFlightServer server = context.getBean(PaimonFlightServer.class);
			assertThat(server.isTls()).isTrue();
			try (FlightSqlClient tls = new FlightSqlClient(FlightClient
				.builder(allocator, Location.forGrpcTls("localhost", server.getPort()))
				.trustedCertificates(new ByteArrayInputStream(Files.readAllBytes(certificate)))
				.build()); VectorSchemaRoot rows = FlightEndpointTests.batch(1, 2)) {
				assertThat(tls.executeIngest(rows, FlightEndpointTests.append("shop", "events"),
						FlightEndpointTests.as("gateway"))).isEqualTo(2);
			}
			try (FlightSqlClient plain = new FlightSqlClient(FlightClient
				.builder(allocator, Location.forGrpcInsecure("127.0.0.1", server.getPort()))
				.build()); VectorSchemaRoot rows = FlightEndpointTests.batch(3, 1)) {
				assertThatThrownBy(() -> plain.executeIngest(rows, FlightEndpointTests.append("shop", "events"),
						FlightEndpointTests.as("gateway")))
					.isInstanceOf(FlightRuntimeException.class);
			}
		}
		try (TestWarehouse tables = new TestWarehouse(warehouse)) {
			assertThat(tables.idNames("shop.events")).containsExactly("1:n1", "2:n2");
		}
	}

	private static void run(String... command) throws Exception {
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).as(new String(process.getInputStream().readAllBytes())).isZero();
	}

}
