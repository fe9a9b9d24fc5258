package io.github.paimonspring.autoconfigure;

import java.util.Map;

/**
 * Callback to adjust the Paimon catalog options before the auto-configured catalog is created, for
 * example to add credentials from a secret store. Customizers run in {@code @Order} order.
 */
@FunctionalInterface
public interface PaimonCatalogCustomizer {

	/**
	 * Adjusts the options.
	 * @param options the mutable catalog options, including {@code warehouse} and {@code metastore}
	 */
	void customize(Map<String, String> options);

}
