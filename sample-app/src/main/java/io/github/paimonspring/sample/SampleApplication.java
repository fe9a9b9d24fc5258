package io.github.paimonspring.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small order service that writes into Paimon through the starter's {@code PaimonOperations}.
 */
@SpringBootApplication
public class SampleApplication {

	/**
	 * Starts the service.
	 * @param args command line arguments
	 */
	public static void main(String[] args) {
		SpringApplication.run(SampleApplication.class, args);
	}

}
