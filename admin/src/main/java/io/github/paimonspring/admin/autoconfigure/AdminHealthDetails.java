package io.github.paimonspring.admin.autoconfigure;

import java.security.Principal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.access.AdminScope;
import io.github.paimonspring.admin.web.SpringSecurityPrincipals;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.health.actuate.endpoint.AdditionalHealthEndpointPath;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroup;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroupsPostProcessor;
import org.springframework.boot.health.actuate.endpoint.HttpCodeStatusMapper;
import org.springframework.boot.health.actuate.endpoint.StatusAggregator;
import org.springframework.security.core.Authentication;

/**
 * Health details by grants under Spring Security: an authentication that holds Paimon grants (the authorities
 * {@link SpringSecurityPrincipals} reads) sees the health components and their details — which name every table,
 * the instance and the metastore — only if the grants include {@code read} on every table, and otherwise the
 * status alone, as a client without credentials does; Boot's {@code show-details}/{@code show-components} and
 * {@code roles} must allow it as well. An authentication without Paimon grants is the application's to decide:
 * Boot's settings alone apply.
 */
final class AdminHealthDetails implements HealthEndpointGroupsPostProcessor {

	@Override
	public HealthEndpointGroups postProcessHealthEndpointGroups(HealthEndpointGroups groups) {
		Map<String, HealthEndpointGroup> named = new LinkedHashMap<>();
		for (String name : groups.getNames()) {
			HealthEndpointGroup group = groups.get(name);
			if (group != null) {
				named.put(name, new ByGrants(group));
			}
		}
		return HealthEndpointGroups.of(new ByGrants(groups.getPrimary()), named);
	}

	/**
	 * Whether a security context may see health details as far as Paimon grants are concerned.
	 * @param context the request's security context
	 * @return {@code false} for an authentication whose Paimon grants do not include {@code read} on {@code *}
	 */
	static boolean mayReadEveryTable(SecurityContext context) {
		Principal principal = context.getPrincipal();
		if (!(principal instanceof Authentication authentication)) {
			return true;
		}
		List<AdminPrincipal.Grant> grants = SpringSecurityPrincipals.grants(authentication.getAuthorities());
		return grants.isEmpty()
				|| new AdminPrincipal(authentication.getName(), grants).allowsEveryTable(AdminScope.READ);
	}

	/** A group whose components and details also need {@link #mayReadEveryTable}. */
	private record ByGrants(HealthEndpointGroup group) implements HealthEndpointGroup {

		@Override
		public boolean isMember(String name) {
			return this.group.isMember(name);
		}

		@Override
		public boolean showComponents(SecurityContext context) {
			return this.group.showComponents(context) && mayReadEveryTable(context);
		}

		@Override
		public boolean showDetails(SecurityContext context) {
			return this.group.showDetails(context) && mayReadEveryTable(context);
		}

		@Override
		public StatusAggregator getStatusAggregator() {
			return this.group.getStatusAggregator();
		}

		@Override
		public HttpCodeStatusMapper getHttpCodeStatusMapper() {
			return this.group.getHttpCodeStatusMapper();
		}

		@Override
		public @Nullable AdditionalHealthEndpointPath getAdditionalPath() {
			return this.group.getAdditionalPath();
		}

	}

}
