package io.github.paimonspring.test;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The application the tests of this module start: a {@code people} table ({@code application.yml}),
 * {@link PeopleWriter} and a component {@code @PaimonTest} leaves out.
 */
@SpringBootApplication
public class TestApplication {

}
