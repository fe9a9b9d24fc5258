/**
 * The HTTP edge of the admin REST API, the only package that knows servlet, Spring MVC, spring-web
 * and Tomcat types: the controllers, which turn requests into plain arguments of the services,
 * errors rendered as {@code application/problem+json} ({@code AdminExceptionHandler},
 * {@code AdminProblem}, the error-page filter, the Tomcat error valve), bearer-token authentication
 * and the JSON body limit.
 */
@NullMarked
package io.github.paimonspring.admin.web;

import org.jspecify.annotations.NullMarked;
