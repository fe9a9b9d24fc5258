/**
 * The auto-configuration of the admin REST API: its services, controllers, filters and Tomcat
 * customizer, the bearer-token protection of the admin paths (also on the management port), and the
 * admin console's sign-in on Swagger UI. With {@code admin.web}, the only place that knows servlet,
 * Spring MVC and Tomcat types.
 */
@NullMarked
package io.github.paimonspring.admin.autoconfigure;

import org.jspecify.annotations.NullMarked;
