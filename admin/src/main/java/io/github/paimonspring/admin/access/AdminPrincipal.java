package io.github.paimonspring.admin.access;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Who sends an admin request, and what it may do: a name (the credential's, or the authenticated user's) and
 * grants of scopes on table patterns.
 *
 * @param name the name audit events and transaction owners carry; never a secret
 * @param grants the scopes it holds, each on a table pattern
 */
public record AdminPrincipal(String name, List<Grant> grants) {

	/** The name of the principal of the single {@code paimon.admin.token}. */
	public static final String TOKEN_NAME = "paimon-admin";

	/**
	 * Copies the grants.
	 * @param name the name
	 * @param grants the grants
	 */
	public AdminPrincipal {
		grants = List.copyOf(grants);
	}

	/**
	 * A principal with every scope on every table (the single {@code paimon.admin.token}).
	 * @param name the name
	 * @return the principal
	 */
	public static AdminPrincipal unrestricted(String name) {
		return new AdminPrincipal(name, List.of(new Grant(AdminScope.ADMIN, TablePattern.ALL)));
	}

	/**
	 * Whether the principal may run an operation that needs a scope on a table.
	 * @param scope the scope the operation needs
	 * @param table {@code database.table}
	 * @return {@code true} if a grant includes the scope and covers the table
	 */
	public boolean allows(AdminScope scope, String table) {
		return this.grants.stream().anyMatch((grant) -> grant.scope().includes(scope) && grant.tables().matches(table));
	}

	/**
	 * Whether the principal holds a scope on some table (for operations on no table, such as the table list,
	 * whose answers are then narrowed to the tables it may read).
	 * @param scope the scope
	 * @return {@code true} if a grant includes it
	 */
	public boolean allowsSomeTable(AdminScope scope) {
		return this.grants.stream().anyMatch((grant) -> grant.scope().includes(scope));
	}

	/**
	 * Whether the principal holds a scope on every table (for the actuator endpoints, which show all tables).
	 * @param scope the scope
	 * @return {@code true} if a grant includes it on {@code *}
	 */
	public boolean allowsEveryTable(AdminScope scope) {
		return this.grants.stream()
			.anyMatch((grant) -> grant.scope().includes(scope) && grant.tables().equals(TablePattern.ALL));
	}

	@Override
	public String toString() {
		return this.name + " " + this.grants.stream().map(Grant::toString).collect(Collectors.joining(", ", "[", "]"));
	}

	/**
	 * A scope on a table pattern.
	 *
	 * @param scope the scope
	 * @param tables the tables it covers
	 */
	public record Grant(AdminScope scope, TablePattern tables) {

		/**
		 * Parses {@code <scope>} (every table) or {@code <scope>:<table pattern>}, as in authorities and claims.
		 * @param text for example {@code ingest:shop.*}
		 * @return the grant
		 * @throws IllegalArgumentException naming what is wrong
		 */
		public static Grant parse(String text) {
			int colon = text.indexOf(':');
			return (colon < 0) ? new Grant(AdminScope.of(text), TablePattern.ALL)
					: new Grant(AdminScope.of(text.substring(0, colon)), TablePattern.of(text.substring(colon + 1)));
		}

		@Override
		public String toString() {
			return this.scope.id() + ":" + this.tables;
		}

	}

}
