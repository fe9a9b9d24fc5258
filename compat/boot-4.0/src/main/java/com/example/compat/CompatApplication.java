package com.example.compat;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * An application on Spring Boot 4.0.7 with the Paimon Spring Boot Starter: the table {@code events} of
 * {@code application.yml}, written by {@code CompatApplicationTests}.
 */
@SpringBootApplication
public class CompatApplication {

	public static void main(String[] args) {
		SpringApplication.run(CompatApplication.class, args);
	}

}
