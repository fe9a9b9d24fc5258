package io.github.paimonspring.archfixture.admin;

import jakarta.servlet.http.HttpServletRequest;

/**
 * An admin service that takes a servlet request instead of plain arguments, against the rule that only
 * the web edge knows servlet types: the architecture tests must reject it.
 */
public class ServletAwareService {

	/**
	 * Reads a table name from a request.
	 * @param request the servlet request
	 * @return the table
	 */
	public String table(HttpServletRequest request) {
		return request.getParameter("table");
	}

}
