package io.github.paimonspring.flight;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

import io.github.paimonspring.admin.access.AdminAccessDeniedException;
import io.github.paimonspring.admin.access.AdminPrincipal;
import org.apache.arrow.flight.CallHeaders;
import org.apache.arrow.flight.CallInfo;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightProducer;
import org.apache.arrow.flight.FlightServerMiddleware;
import org.apache.arrow.flight.RequestContext;
import org.jspecify.annotations.Nullable;

/**
 * The principal of one Flight call, authenticated from its headers when the call starts, before any data of
 * the call is read; a call without valid credentials ends there with {@code UNAUTHENTICATED}. It also carries
 * the call's {@code idempotency-key} header.
 */
final class FlightCallPrincipal implements FlightServerMiddleware {

	/** The key under which the producer finds it. */
	static final Key<FlightCallPrincipal> KEY = Key.of("paimon-principal");

	/** The header that makes an ingest exactly once per key (as the HTTP API's {@code Idempotency-Key}). */
	static final String IDEMPOTENCY_KEY = "idempotency-key";

	/**
	 * The cookie that carries a call's {@code authorization} header to the calls of its connection that a client
	 * sends without it: the ADBC Java driver (0.20) sends its call headers on every call but a prepared
	 * statement's, and keeps cookies with {@code adbc.flight.sql.rpc.with_cookie_middleware=true}.
	 */
	static final String COOKIE = "paimon-flight-authorization";

	private final AdminPrincipal principal;

	private final @Nullable String idempotencyKey;

	private final @Nullable String cookie;

	private FlightCallPrincipal(AdminPrincipal principal, @Nullable String idempotencyKey, @Nullable String cookie) {
		this.principal = principal;
		this.idempotencyKey = idempotencyKey;
		this.cookie = cookie;
	}

	static AdminPrincipal of(FlightProducer.CallContext context) {
		FlightCallPrincipal call = context.getMiddleware(KEY);
		if (call == null) {
			throw CallStatus.UNAUTHENTICATED.withDescription("The call is not authenticated").toRuntimeException();
		}
		return call.principal;
	}

	static @Nullable String idempotencyKey(FlightProducer.CallContext context) {
		FlightCallPrincipal call = context.getMiddleware(KEY);
		return (call != null) ? call.idempotencyKey : null;
	}

	@Override
	public void onBeforeSendingHeaders(CallHeaders outgoingHeaders) {
		if (this.cookie != null) {
			outgoingHeaders.insert("set-cookie", COOKIE + "=" + this.cookie);
		}
	}

	@Override
	public void onCallCompleted(CallStatus status) {
	}

	@Override
	public void onCallErrored(Throwable err) {
	}

	/** Authenticates every call with a {@link FlightAuthenticator}. */
	static final class Factory implements FlightServerMiddleware.Factory<FlightCallPrincipal> {

		private final FlightAuthenticator authenticator;

		Factory(FlightAuthenticator authenticator) {
			this.authenticator = authenticator;
		}

		@Override
		public FlightCallPrincipal onCallStarted(CallInfo info, CallHeaders incomingHeaders, RequestContext context) {
			String authorization = incomingHeaders.get(FlightAuthenticator.HEADER);
			String cookie = null;
			if (authorization != null) {
				String value = URLEncoder.encode(authorization, StandardCharsets.UTF_8);
				cookie = value.equals(cookie(incomingHeaders)) ? null : value;
			}
			else {
				String value = cookie(incomingHeaders);
				authorization = (value != null) ? URLDecoder.decode(value, StandardCharsets.UTF_8) : null;
			}
			AdminPrincipal principal;
			try {
				principal = this.authenticator.authenticate(authorization);
			}
			catch (AdminAccessDeniedException ex) {
				throw CallStatus.UNAUTHENTICATED
					.withDescription("Unauthorized: " + ex.getMessage() + "; send the header 'authorization: Bearer "
							+ "<token>' (ADBC: adbc.flight.sql.rpc.call_header.authorization)")
					.toRuntimeException();
			}
			return new FlightCallPrincipal(principal, incomingHeaders.get(IDEMPOTENCY_KEY), cookie);
		}

		private static @Nullable String cookie(CallHeaders headers) {
			Iterable<String> values = headers.getAll("cookie");
			if (values == null) {
				return null;
			}
			for (String header : values) {
				for (String pair : header.split(";", -1)) {
					String trimmed = pair.trim();
					if (trimmed.startsWith(COOKIE + "=")) {
						return trimmed.substring(COOKIE.length() + 1);
					}
				}
			}
			return null;
		}

	}

}
