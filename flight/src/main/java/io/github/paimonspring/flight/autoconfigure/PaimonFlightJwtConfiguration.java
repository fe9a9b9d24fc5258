package io.github.paimonspring.flight.autoconfigure;

import io.github.paimonspring.admin.access.AdminAccessDeniedException;
import io.github.paimonspring.admin.access.AdminCredentials;
import io.github.paimonspring.admin.autoconfigure.PaimonAdminProperties;
import io.github.paimonspring.admin.web.SpringSecurityPrincipals;
import io.github.paimonspring.flight.FlightAuthenticator;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ResourceLoader;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter;

/**
 * The Flight SQL endpoint's authentication when the application's Spring Security checks JWTs
 * ({@code paimon.admin.auth=spring-security} with a {@code JwtDecoder}): a call's bearer token is decoded by the
 * application's decoder and its authorities become grants as for the HTTP API ({@code PAIMON_<SCOPE>[:<tables>]},
 * {@code SCOPE_paimon:<scope>[:<tables>]}, through the application's {@code JwtAuthenticationConverter} if it has
 * one). A token the decoder refuses is {@code UNAUTHENTICATED}.
 *
 * @since 0.1.0
 */
@AutoConfiguration(afterName = {
		"org.springframework.boot.security.oauth2.server.resource.autoconfigure.OAuth2ResourceServerAutoConfiguration",
		"org.springframework.boot.security.oauth2.server.resource.autoconfigure.servlet."
				+ "OAuth2ResourceServerAutoConfiguration" })
@ConditionalOnBooleanProperty("paimon.flight.enabled")
@ConditionalOnClass({ JwtDecoder.class, JwtAuthenticationConverter.class })
@ConditionalOnBean(JwtDecoder.class)
public final class PaimonFlightJwtConfiguration {

	@Bean
	@ConditionalOnMissingBean
	FlightAuthenticator paimonFlightJwtAuthenticator(JwtDecoder decoder,
			ObjectProvider<JwtAuthenticationConverter> converter, PaimonAdminProperties admin,
			ObjectProvider<AdminCredentials> credentials, ResourceLoader resourceLoader) {
		PaimonAdminProperties.Auth auth = admin.resolvedAuth(resourceLoader.getClassLoader());
		if (auth != PaimonAdminProperties.Auth.SPRING_SECURITY) {
			return PaimonFlightAutoConfiguration.authenticator(auth, credentials);
		}
		JwtAuthenticationConverter authorities = converter.getIfAvailable(JwtAuthenticationConverter::new);
		return (header) -> {
			String token = FlightAuthenticator.bearerToken(header);
			AbstractAuthenticationToken authentication;
			try {
				authentication = authorities.convert(decoder.decode(token));
			}
			catch (JwtException ex) {
				throw AdminAccessDeniedException.unauthenticated();
			}
			if (authentication == null) {
				throw AdminAccessDeniedException.unauthenticated();
			}
			return SpringSecurityPrincipals.principal(authentication);
		};
	}

}
