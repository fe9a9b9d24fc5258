package io.github.paimonspring.archfixture.admin;

import io.github.paimonspring.write.family.WriteTarget;

/**
 * A module's service that takes one of the core's internal types ({@code write.family.WriteTarget}) instead of its
 * API, against the rule that the technology modules use the core's API only: the architecture tests must reject it.
 */
public class InternalReachingService {

	/**
	 * Names the table a write target writes.
	 * @param target the target
	 * @return the table
	 */
	public String table(WriteTarget target) {
		return String.valueOf(target);
	}

}
