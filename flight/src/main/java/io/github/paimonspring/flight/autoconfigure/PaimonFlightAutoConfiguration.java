package io.github.paimonspring.flight.autoconfigure;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.Collections;
import java.util.Locale;

import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.access.AdminAccessDeniedException;
import io.github.paimonspring.admin.access.AdminAudit;
import io.github.paimonspring.admin.access.AdminCredentials;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.autoconfigure.PaimonAdminAutoConfiguration;
import io.github.paimonspring.admin.autoconfigure.PaimonAdminMetricsAutoConfiguration;
import io.github.paimonspring.admin.autoconfigure.PaimonAdminProperties;
import io.github.paimonspring.admin.body.ArrowBodyReader;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.flight.FlightAuthenticator;
import io.github.paimonspring.flight.FlightMetrics;
import io.github.paimonspring.flight.PaimonFlightServer;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ResourceLoader;

/**
 * Auto-configuration of the Arrow Flight SQL endpoint: active with {@code paimon.flight.enabled=true} next to the
 * admin API ({@code paimon.admin.enabled=true}), whose credentials and scopes ({@code paimon.admin.auth}), audit
 * trail, limits and staged transactions it uses. With {@code paimon.admin.auth=spring-security} the bearer token
 * is a JWT the application's {@code JwtDecoder} checks (see {@link PaimonFlightJwtConfiguration}).
 *
 * @since 0.1.0
 */
@AutoConfiguration(after = { PaimonAdminAutoConfiguration.class, PaimonAdminMetricsAutoConfiguration.class,
		PaimonFlightJwtConfiguration.class })
@ConditionalOnBooleanProperty("paimon.flight.enabled")
@EnableConfigurationProperties(PaimonFlightProperties.class)
public final class PaimonFlightAutoConfiguration {

	/** The name of the principal of calls when {@code paimon.admin.auth=none}. */
	static final String ANONYMOUS = "anonymous";

	@Bean
	@ConditionalOnMissingBean
	PaimonFlightServer paimonFlightServer(PaimonFlightProperties flight, PaimonOperations writer,
			ObjectProvider<AdminTransactions> transactions, ObjectProvider<ArrowBodyReader> uploads,
			ObjectProvider<AdminSettings> settings, ObjectProvider<AdminAudit> audit,
			ObjectProvider<AdminMetrics> metrics, ObjectProvider<FlightMetrics> flightMetrics,
			ObjectProvider<FlightAuthenticator> authenticator, ObjectProvider<SslBundles> sslBundles) {
		AdminTransactions staged = transactions.getIfAvailable();
		if (staged == null) {
			throw new IllegalStateException("paimon.flight.enabled=true needs the admin API: set "
					+ "paimon.admin.enabled=true (the Flight SQL endpoint uses its credentials, scopes, audit trail, "
					+ "limits and transactions) and add paimon-spring-boot-admin with a servlet web server");
		}
		PaimonFlightServer.Builder builder = PaimonFlightServer
			.builder(writer, staged, uploads.getObject(), settings.getObject(), audit.getObject())
			.authenticator(authenticator.getObject())
			.metrics(metrics.getIfAvailable(() -> AdminMetrics.NONE))
			.flightMetrics(flightMetrics.getIfAvailable(() -> FlightMetrics.NONE))
			.listen(flight.getAddress(), flight.getPort())
			.names(flight.getCatalogName(), flight.getDefaultDatabase())
			.shutdownTimeout(flight.getShutdownTimeout())
			.readTimeout(flight.getReadTimeout());
		String bundle = flight.getSsl().getBundle();
		if (bundle != null && !bundle.isBlank()) {
			SslBundle ssl = sslBundles.getObject().getBundle(bundle);
			Pem pem = pem(bundle, ssl);
			builder.tls(pem.certificateChain().getBytes(StandardCharsets.US_ASCII),
					pem.privateKey().getBytes(StandardCharsets.US_ASCII));
		}
		return builder.build();
	}

	/**
	 * Who a call's bearer token names: the admin API's credentials ({@code paimon.admin.auth=bearer}), everybody
	 * with every scope ({@code none}); {@code spring-security} is {@link PaimonFlightJwtConfiguration}'s.
	 */
	@Bean
	@ConditionalOnMissingBean
	FlightAuthenticator paimonFlightAuthenticator(PaimonAdminProperties admin,
			ObjectProvider<AdminCredentials> credentials, ResourceLoader resourceLoader) {
		PaimonAdminProperties.Auth auth = admin.resolvedAuth(resourceLoader.getClassLoader());
		if (auth == PaimonAdminProperties.Auth.SPRING_SECURITY) {
			throw new IllegalStateException("paimon.flight.enabled=true with paimon.admin.auth=spring-security needs "
					+ "a JwtDecoder bean (spring-boot-starter-security-oauth2-resource-server with "
					+ "spring.security.oauth2.resourceserver.jwt.*) to check the bearer tokens of Flight calls");
		}
		return authenticator(auth, credentials);
	}

	static FlightAuthenticator authenticator(PaimonAdminProperties.Auth auth,
			ObjectProvider<AdminCredentials> credentials) {
		if (auth == PaimonAdminProperties.Auth.NONE) {
			AdminPrincipal anonymous = AdminPrincipal.unrestricted(ANONYMOUS);
			return (header) -> anonymous;
		}
		AdminCredentials checked = credentials.getObject();
		return (header) -> {
			AdminPrincipal principal = checked.authenticate(FlightAuthenticator.bearerToken(header));
			if (principal == null) {
				throw AdminAccessDeniedException.unauthenticated();
			}
			return principal;
		};
	}

	/**
	 * The PEM key and certificate chain of an SSL bundle, which Flight's server takes.
	 * @param certificateChain the certificates
	 * @param privateKey the key, PKCS#8
	 */
	record Pem(String certificateChain, String privateKey) {
	}

	static Pem pem(String name, SslBundle bundle) {
		KeyStore store = bundle.getStores().getKeyStore();
		if (store == null) {
			throw new IllegalStateException("SSL bundle '" + name + "' (paimon.flight.ssl.bundle) has no key store");
		}
		try {
			String alias = bundle.getKey().getAlias();
			if (alias == null) {
				alias = Collections.list(store.aliases()).stream().filter((candidate) -> isKey(store, candidate))
					.findFirst()
					.orElseThrow(() -> new IllegalStateException(
							"SSL bundle '" + name + "' (paimon.flight.ssl.bundle) holds no private key"));
			}
			String password = bundle.getKey().getPassword();
			if (password == null) {
				password = bundle.getStores().getKeyStorePassword();
			}
			Key key = store.getKey(alias, (password != null) ? password.toCharArray() : new char[0]);
			Certificate[] chain = store.getCertificateChain(alias);
			if (!(key instanceof PrivateKey) || chain == null || chain.length == 0) {
				throw new IllegalStateException("SSL bundle '" + name + "' (paimon.flight.ssl.bundle) has no private "
						+ "key with a certificate chain under alias '" + alias + "'");
			}
			StringBuilder certificates = new StringBuilder();
			for (Certificate certificate : chain) {
				certificates.append(pem("CERTIFICATE", certificate.getEncoded()));
			}
			return new Pem(certificates.toString(), pem("PRIVATE KEY", key.getEncoded()));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Cannot read the key of SSL bundle '" + name
					+ "' (paimon.flight.ssl.bundle): " + ex.getMessage(), ex);
		}
	}

	private static boolean isKey(KeyStore store, String alias) {
		try {
			return store.isKeyEntry(alias);
		}
		catch (GeneralSecurityException ex) {
			return false;
		}
	}

	private static String pem(String type, byte @Nullable [] der) {
		if (der == null) {
			throw new IllegalStateException("A " + type.toLowerCase(Locale.ROOT) + " has no encoding");
		}
		return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] { '\n' }).encodeToString(der)
				+ "\n-----END " + type + "-----\n";
	}

}
