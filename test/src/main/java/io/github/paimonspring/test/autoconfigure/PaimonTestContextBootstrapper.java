package io.github.paimonspring.test.autoconfigure;

import org.springframework.boot.test.autoconfigure.TestSliceTestContextBootstrapper;
import org.springframework.test.context.TestContextBootstrapper;

/**
 * {@link TestContextBootstrapper} of {@link PaimonTest @PaimonTest}: adds its {@code properties}.
 */
class PaimonTestContextBootstrapper extends TestSliceTestContextBootstrapper<PaimonTest> {

}
