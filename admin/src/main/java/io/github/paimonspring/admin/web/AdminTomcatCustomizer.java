package io.github.paimonspring.admin.web;

import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * Installs the {@link AdminErrorReportValve} on the embedded Tomcat's host, after Spring Boot's own
 * customizer has added its error report valve (which it replaces).
 */
public class AdminTomcatCustomizer implements WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory>, Ordered {

	private final String basePath;

	/**
	 * Creates the customizer.
	 * @param basePath the normalized admin base path, such as {@code /paimon}
	 */
	public AdminTomcatCustomizer(String basePath) {
		this.basePath = basePath;
	}

	@Override
	public void customize(ConfigurableTomcatWebServerFactory factory) {
		factory.addContextCustomizers(
				(context) -> new AdminErrorReportValve(context.getPath()
						+ this.basePath).installOn(context.getParent()));
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
