package io.github.paimonspring.test.autoconfigure;

import java.util.Set;

import io.github.paimonspring.autoconfigure.PaimonCatalogCustomizer;

import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.boot.test.context.filter.annotation.StandardAnnotationCustomizableTypeExcludeFilter;

/**
 * {@link TypeExcludeFilter} of {@link PaimonTest @PaimonTest}: component scanning keeps the
 * components the test names and {@link PaimonCatalogCustomizer} beans.
 */
public final class PaimonTypeExcludeFilter extends StandardAnnotationCustomizableTypeExcludeFilter<PaimonTest> {

	private static final Set<Class<?>> KNOWN_INCLUDES = Set.of(PaimonCatalogCustomizer.class);

	private final Set<Class<?>> components;

	PaimonTypeExcludeFilter(Class<?> testClass) {
		super(testClass);
		this.components = Set.of(getAnnotation().getValue("components", Class[].class).orElse(new Class<?>[0]));
	}

	@Override
	protected Set<Class<?>> getKnownIncludes() {
		return KNOWN_INCLUDES;
	}

	@Override
	protected Set<Class<?>> getComponentIncludes() {
		return this.components;
	}

}
