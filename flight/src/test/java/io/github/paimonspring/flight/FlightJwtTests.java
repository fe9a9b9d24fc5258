package io.github.paimonspring.flight;

import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.FlightCallHeaders;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.HeaderCallOption;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Flight calls authenticated by the application's Spring Security ({@code paimon.admin.auth=spring-security}): the
 * bearer token is a JWT the application's {@code JwtDecoder} checks, its {@code scope} claim gives the grants
 * ({@code paimon:ingest:shop.*}) as for the HTTP API; a token of another key or none is {@code UNAUTHENTICATED}.
 */
class FlightJwtTests {

	@TempDir
	static Path warehouse;

	static KeyPair keys = rsa();

	static ConfigurableApplicationContext context;

	static TestWarehouse tables;

	static RootAllocator allocator;

	static FlightSqlClient sql;

	@BeforeAll
	static void start() {
		tables = new TestWarehouse(warehouse);
		tables.create("shop.events", org.apache.paimon.schema.Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).build());
		context = new SpringApplicationBuilder(App.class).properties("server.port=0", "spring.main.banner-mode=off",
				"paimon.catalog.warehouse=" + warehouse, "paimon.admin.enabled=true",
				"paimon.admin.auth=spring-security", "paimon.flight.enabled=true", "paimon.flight.port=0",
				"paimon.flight.address=127.0.0.1")
			.run();
		allocator = new RootAllocator();
		FlightEndpointTests.allocator = allocator;
		int port = context.getBean(PaimonFlightServer.class).getPort();
		sql = new FlightSqlClient(FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", port)).build());
	}

	@AfterAll
	static void stop() throws Exception {
		if (sql != null) {
			sql.close();
		}
		if (allocator != null) {
			allocator.close();
		}
		if (context != null) {
			context.close();
		}
		tables.close();
	}

	static KeyPair rsa() {
		try {
			KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
			generator.initialize(2048);
			return generator.generateKeyPair();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	static String jwt(KeyPair signer, String subject, String scope) {
		RSAKey key = new RSAKey.Builder((RSAPublicKey) signer.getPublic())
			.privateKey((RSAPrivateKey) signer.getPrivate())
			.build();
		NimbusJwtEncoder encoder = new NimbusJwtEncoder(new ImmutableJWKSet<>(new JWKSet(key)));
		JwtClaimsSet claims = JwtClaimsSet.builder()
			.subject(subject)
			.issuedAt(Instant.now())
			.expiresAt(Instant.now().plusSeconds(600))
			.claims((all) -> all.putAll(Map.of("scope", scope)))
			.build();
		return encoder.encode(JwtEncoderParameters.from(claims)).getTokenValue();
	}

	static CallOption bearer(String token) {
		FlightCallHeaders headers = new FlightCallHeaders();
		headers.insert("authorization", "Bearer " + token);
		return new HeaderCallOption(headers);
	}

	static long ingest(String schema, String table, CallOption... options) {
		try (VectorSchemaRoot root = FlightEndpointTests.batch(1, 2)) {
			return sql.executeIngest(root, FlightEndpointTests.append(schema, table), options);
		}
	}

	@Test
	void aJwtsScopesAreTheGrants() {
		String token = jwt(keys, "etl-job", "paimon:ingest:shop.*");
		assertThat(ingest("shop", "events", bearer(token))).isEqualTo(2);
		assertThat(tables.idNames("shop.events")).contains("1:n1", "2:n2");
		assertThatThrownBy(() -> ingest("finance", "ledger", bearer(token)))
			.isInstanceOfSatisfying(FlightRuntimeException.class, (ex) -> {
				assertThat(ex.status().code()).isEqualTo(FlightStatusCode.UNAUTHORIZED);
				assertThat(ex.getMessage()).contains("Principal 'etl-job'");
			});
	}

	@Test
	void aTokenOfAnotherKeyOrNoneIsUnauthenticated() {
		String forged = jwt(rsa(), "etl-job", "paimon:admin");
		for (CallOption[] options : List.of(new CallOption[] { bearer(forged) }, new CallOption[0])) {
			assertThatThrownBy(() -> ingest("shop", "events", options))
				.isInstanceOfSatisfying(FlightRuntimeException.class,
						(ex) -> assertThat(ex.status().code()).isEqualTo(FlightStatusCode.UNAUTHENTICATED));
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class App {

		@Bean
		JwtDecoder jwtDecoder() {
			return NimbusJwtDecoder.withPublicKey((RSAPublicKey) keys.getPublic()).build();
		}

	}

}
