package io.github.paimonspring.admin.console;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * An application that signs its users in with a form and keeps CSRF protection, the token in a cookie: the
 * user {@code writer} (ingest and read on {@code shop.*}), {@code reader} (read on every table) and {@code plain}
 * (no Paimon grant), each with the password {@code <name>-pw}.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class FormLoginApplication {

	/**
	 * The application's chain.
	 * @param http the builder
	 * @return the chain
	 * @throws Exception if it cannot be built
	 */
	@Bean
	SecurityFilterChain applicationChain(HttpSecurity http) throws Exception {
		http.authorizeHttpRequests((requests) -> requests.anyRequest().authenticated())
			.formLogin(Customizer.withDefaults())
			.csrf((csrf) -> csrf.spa());
		return http.build();
	}

	@Bean
	InMemoryUserDetailsManager users() {
		return new InMemoryUserDetailsManager(
				User.withUsername("writer").password("{noop}writer-pw")
					.authorities("PAIMON_INGEST:shop.*", "PAIMON_READ:shop.*").build(),
				User.withUsername("reader").password("{noop}reader-pw").authorities("PAIMON_READ").build(),
				User.withUsername("plain").password("{noop}plain-pw").roles("USER").build());
	}

}
