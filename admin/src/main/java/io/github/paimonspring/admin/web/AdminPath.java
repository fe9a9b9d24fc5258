package io.github.paimonspring.admin.web;

import org.jspecify.annotations.Nullable;

/**
 * Decides whether a request path belongs to the admin API: the base path itself or anything below
 * it, compared on the path as sent (before percent-decoding), with path parameters
 * ({@code ;name=value}) and repeated slashes ignored so that {@code /paimon;x=1/tables} and
 * {@code //paimon/tables} are still admin paths.
 *
 * @param base the normalized base path including any servlet context path, such as {@code /paimon}
 */
public record AdminPath(String base) {

	/**
	 * Returns whether the path is the base path or below it.
	 * @param path the request URI as sent, without query string; {@code null} never matches
	 * @return whether it is an admin path
	 */
	public boolean matches(@Nullable String path) {
		if (path == null || path.isEmpty()) {
			return false;
		}
		String plain = (path.indexOf(';') >= 0) ? path.replaceAll(";[^/]*", "") : path;
		plain = plain.contains("//") ? plain.replaceAll("/{2,}", "/") : plain;
		return plain.equals(this.base) || plain.startsWith(this.base + "/");
	}

}
