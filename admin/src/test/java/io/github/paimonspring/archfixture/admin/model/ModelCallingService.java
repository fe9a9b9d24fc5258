package io.github.paimonspring.archfixture.admin.model;

import io.github.paimonspring.archfixture.admin.ServletAwareService;

/**
 * A model class that calls up into an admin service, against the order inside admin: the architecture
 * tests must reject it.
 */
public class ModelCallingService {

	/**
	 * Returns the service.
	 * @return a new service
	 */
	public ServletAwareService service() {
		return new ServletAwareService();
	}

}
