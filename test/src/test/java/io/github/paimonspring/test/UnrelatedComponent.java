package io.github.paimonspring.test;

import org.springframework.stereotype.Component;

/** A component of the test application that {@code @PaimonTest} does not start unless named. */
@Component
public class UnrelatedComponent {

}
