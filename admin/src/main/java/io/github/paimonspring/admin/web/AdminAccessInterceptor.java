package io.github.paimonspring.admin.web;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.ChannelOwners;
import io.github.paimonspring.admin.access.AdminAccessDeniedException;
import io.github.paimonspring.admin.access.AdminAudit;
import io.github.paimonspring.admin.access.AdminAuditEvent;
import io.github.paimonspring.admin.access.AdminOperation;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.access.AdminScope;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminModel;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.AsyncHandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Checks every admin operation ({@link AdminAccess}) before its handler runs, so before the request body is
 * read: the principal must hold the operation's scope on its table (the path's, or the transaction's);
 * changing another principal's transaction or channel, and {@code overwrite}, need {@code admin}. A refusal is
 * an {@link AdminAccessDeniedException} (403, or 401 without a principal), rendered by
 * {@link AdminExceptionHandler}; it changes nothing. Every state-changing request, refused or not, leaves one
 * {@link AdminAudit audit event} when it is answered.
 * <p>
 * When the starter authenticates nobody ({@code paimon.admin.auth=none}) nothing is checked and the audit
 * events name the application's user.
 */
public class AdminAccessInterceptor implements AsyncHandlerInterceptor {

	/** The values of {@code overwrite} Spring binds as {@code false}. */
	private static final Set<String> NOT_OVERWRITE = Set.of("false", "off", "no", "0");

	private final AdminPrincipals principals;

	private final boolean enforce;

	private final AdminTransactions transactions;

	private final ChannelOwners channels;

	private final AdminAudit audit;

	/**
	 * Creates the interceptor.
	 * @param principals who sent a request
	 * @param enforce whether operations are checked ({@code false}: the application secures the API itself)
	 * @param transactions the transactions, for their tables and owners
	 * @param channels the channels' owners
	 * @param audit the audit trail
	 */
	public AdminAccessInterceptor(AdminPrincipals principals, boolean enforce, AdminTransactions transactions,
			ChannelOwners channels, AdminAudit audit) {
		this.principals = principals;
		this.enforce = enforce;
		this.transactions = transactions;
		this.channels = channels;
		this.audit = audit;
	}

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		if (request.getDispatcherType() == DispatcherType.ASYNC || !(handler instanceof HandlerMethod method)) {
			return true;
		}
		AdminAccess annotation = method.getMethodAnnotation(AdminAccess.class);
		if (annotation == null) {
			return true;
		}
		AdminOperation operation = annotation.value();
		if (operation == AdminOperation.UPLOAD && overwrite(request)) {
			operation = AdminOperation.OVERWRITE;
		}
		Map<String, String> path = pathVariables(request);
		String table = (path.containsKey("database") && path.containsKey("table"))
				? path.get("database") + "." + path.get("table") : null;
		String transaction = path.get("id");
		String channel = path.get("channel");
		AdminPrincipal principal = this.principals.principal(request);
		if (!this.enforce) {
			String user = (principal != null) ? principal.name() : request.getRemoteUser();
			request.setAttribute(AdminRequestAccess.ATTRIBUTE, new AdminRequestAccess(null,
					(user != null) ? user : "anonymous", operation, table, transaction, channel));
			return true;
		}
		if (principal == null) {
			throw AdminAccessDeniedException.unauthenticated();
		}
		String owner = null;
		if (operation.target() == AdminOperation.Target.TRANSACTION && transaction != null) {
			AdminModel.TransactionView view = transaction(transaction);
			table = (view != null) ? view.table() : null;
			owner = (view != null) ? view.owner() : null;
		}
		AdminRequestAccess access = new AdminRequestAccess(principal, principal.name(), operation, table, transaction,
				channel);
		check(access, principal, operation, operation.scope(), table, null);
		if (operation.target() == AdminOperation.Target.CHANNEL && table != null && channel != null) {
			Long generation = (operation == AdminOperation.APPEND_CHANNEL) ? generation(request) : null;
			owner = (generation != null) ? this.channels.owner(table, channel, generation)
					: this.channels.owner(table, channel);
		}
		if (operation.changesState() && owner != null && !owner.equals(principal.name())) {
			check(access, principal, operation, AdminScope.ADMIN, table, owner);
		}
		if (operation == AdminOperation.OPEN_CHANNEL && owner == null && table != null && channel != null) {
			this.channels.claim(table, channel, principal.name());
		}
		request.setAttribute(AdminRequestAccess.ATTRIBUTE, access);
		return true;
	}

	@Override
	public void afterCompletion(HttpServletRequest request, HttpServletResponse response, Object handler,
			@Nullable Exception ex) {
		AdminRequestAccess access = AdminRequestAccess.of(request);
		if (access == null || !access.operation().changesState()) {
			return;
		}
		int status = response.getStatus();
		boolean succeeded = status >= 200 && status < 300 && ex == null;
		if (succeeded && access.operation() == AdminOperation.CLOSE_CHANNEL && access.table() != null
				&& access.channel() != null && access.principal() != null) {
			this.channels.release(access.table(), access.channel());
		}
		this.audit.record(new AdminAuditEvent(access.principalName(), access.operation(), access.table(),
				access.transaction(), access.channel(),
				succeeded ? AdminAuditEvent.SUCCEEDED
						: (status == HttpServletResponse.SC_FORBIDDEN) ? AdminAuditEvent.DENIED
								: AdminAuditEvent.FAILED,
				(ex != null && status < 400) ? 500 : status, access.snapshotId(),
				(status == HttpServletResponse.SC_FORBIDDEN) ? access.refusal() : null));
	}

	private void check(AdminRequestAccess access, AdminPrincipal principal, AdminOperation operation,
			AdminScope scope, @Nullable String table, @Nullable String owner) {
		boolean allowed = (table != null) ? principal.allows(scope, table) : principal.allowsSomeTable(scope);
		if (!allowed) {
			AdminAccessDeniedException denied = denied(principal, operation, scope, table, owner);
			if (operation.changesState()) {
				this.audit.record(new AdminAuditEvent(principal.name(), operation, table, access.transaction(),
						access.channel(), AdminAuditEvent.DENIED, HttpServletResponse.SC_FORBIDDEN, null,
						denied.getMessage()));
			}
			throw denied;
		}
	}

	static AdminAccessDeniedException denied(AdminPrincipal principal, AdminOperation operation, AdminScope scope,
			@Nullable String table, @Nullable String owner) {
		String what = (table != null) ? "scope '" + scope.id() + "' on table '" + table + "'"
				: "scope '" + scope.id() + "' on some table";
		String whose = (owner == null) ? "" : (operation.target() == AdminOperation.Target.CHANNEL)
				? " (the channel was opened by '" + owner + "')" : " (the transaction was opened by '" + owner + "')";
		return new AdminAccessDeniedException(table, "Principal '" + principal.name() + "' may not run '"
				+ operation.id() + "'" + whose + ": it needs " + what, scope, operation);
	}

	private AdminModel.@Nullable TransactionView transaction(String id) {
		try {
			return this.transactions.get(id);
		}
		catch (AdminException ex) {
			// unknown: the handler answers 404 to a principal that may run the operation somewhere
			return null;
		}
	}

	@SuppressWarnings("unchecked")
	private static Map<String, String> pathVariables(HttpServletRequest request) {
		Object variables = request.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE);
		return (variables instanceof Map<?, ?> map) ? (Map<String, String>) map : Map.of();
	}

	/** The {@code generation} an append names in its query string, if it is one decimal number. */
	private static @Nullable Long generation(HttpServletRequest request) {
		String query = request.getQueryString();
		if (query == null) {
			return null;
		}
		List<String> values = UriComponentsBuilder.newInstance().query(query).build().getQueryParams()
			.getOrDefault("generation", List.of());
		if (values.size() != 1 || values.get(0) == null) {
			return null;
		}
		try {
			return Long.parseLong(URLDecoder.decode(values.get(0), StandardCharsets.UTF_8).trim());
		}
		catch (NumberFormatException ex) {
			return null; // the handler refuses it
		}
	}

	/**
	 * {@code overwrite} in the query string with any value Spring would not bind as {@code false} (never the
	 * body: it is not read before the check; a value that binds to nothing is refused later anyway).
	 */
	private static boolean overwrite(HttpServletRequest request) {
		String query = request.getQueryString();
		if (query == null) {
			return false;
		}
		List<String> values = UriComponentsBuilder.newInstance().query(query).build().getQueryParams()
			.getOrDefault("overwrite", List.of());
		for (String value : values) {
			String decoded = (value != null) ? URLDecoder.decode(value, StandardCharsets.UTF_8).trim() : "";
			if (!NOT_OVERWRITE.contains(decoded.toLowerCase(Locale.ROOT))) {
				return true;
			}
		}
		return false;
	}

}
