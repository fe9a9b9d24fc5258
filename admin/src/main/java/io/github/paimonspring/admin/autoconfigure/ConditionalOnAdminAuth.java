package io.github.paimonspring.admin.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches when the admin API's authentication in force ({@code paimon.admin.auth}, or its default: spring-security
 * with Spring Security on the class path, else bearer) is the given one.
 *
 * @see PaimonAdminProperties#resolvedAuth(ClassLoader)
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
@Documented
@Conditional(OnAdminAuthCondition.class)
@interface ConditionalOnAdminAuth {

	/**
	 * The authentication mode that must be in force.
	 * @return the mode
	 */
	PaimonAdminProperties.Auth value();

}
