package io.github.paimonspring.test.autoconfigure;

import java.util.List;

import io.github.paimonspring.test.autoconfigure.AutoConfigureTestWarehouse.Replace;
import org.jspecify.annotations.Nullable;

import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Applies {@link AutoConfigureTestWarehouse @AutoConfigureTestWarehouse}, found on the test class, a
 * meta-annotation such as {@link PaimonTest @PaimonTest}, a superclass or an enclosing class; the
 * annotation closest to the test wins.
 */
class TestWarehouseContextCustomizerFactory implements ContextCustomizerFactory {

	@Override
	public @Nullable ContextCustomizer createContextCustomizer(Class<?> testClass,
			List<ContextConfigurationAttributes> configAttributes) {
		AutoConfigureTestWarehouse annotation = TestContextAnnotationUtils.findMergedAnnotation(testClass,
				AutoConfigureTestWarehouse.class);
		if (annotation == null || annotation.replace() == Replace.NONE) {
			return null;
		}
		return new TestWarehouseContextCustomizer(annotation.replace());
	}

}
