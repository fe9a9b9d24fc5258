package io.github.paimonspring.admin.autoconfigure;

import java.util.Locale;

import io.github.paimonspring.admin.autoconfigure.PaimonAdminProperties.Auth;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition of {@link ConditionalOnAdminAuth}: binds {@code paimon.admin.auth} as the properties do and
 * resolves its default with the context's class loader.
 */
final class OnAdminAuthCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Auth required = metadata.getAnnotations().get(ConditionalOnAdminAuth.class).getEnum("value", Auth.class);
		@Nullable Auth configured = Binder.get(context.getEnvironment())
			.bind("paimon.admin.auth", Auth.class)
			.orElse(null);
		Auth resolved = Auth.resolve(configured, context.getClassLoader());
		ConditionMessage.Builder message = ConditionMessage.forCondition(ConditionalOnAdminAuth.class, id(required));
		String why = "paimon.admin.auth is " + id(resolved)
				+ ((configured != null) ? "" : " (not set: Spring Security is "
						+ ((resolved == Auth.SPRING_SECURITY) ? "" : "not ") + "on the class path)");
		return (resolved == required) ? ConditionOutcome.match(message.because(why))
				: ConditionOutcome.noMatch(message.because(why));
	}

	private static String id(Auth auth) {
		return auth.name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

}
