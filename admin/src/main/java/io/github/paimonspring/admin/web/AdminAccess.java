package io.github.paimonspring.admin.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.github.paimonspring.admin.access.AdminOperation;

/**
 * Marks an admin controller method with the operation it runs, whose scope {@link AdminAccessInterceptor}
 * checks before the method (and before the request body is read).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface AdminAccess {

	/**
	 * The operation.
	 * @return the operation
	 */
	AdminOperation value();

}
