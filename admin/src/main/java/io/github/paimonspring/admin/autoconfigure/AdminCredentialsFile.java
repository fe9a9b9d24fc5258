package io.github.paimonspring.admin.autoconfigure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.github.paimonspring.admin.access.AdminCredential;
import io.github.paimonspring.admin.access.AdminCredentials;
import io.github.paimonspring.admin.access.AdminCredentialsException;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.PropertiesPropertySourceLoader;
import org.springframework.boot.env.PropertySourceLoader;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;

/**
 * The credentials file ({@code paimon.admin.credentials-file}): {@code paimon.admin.credentials.<name>.*}
 * entries in a {@code .properties} or {@code .yml}/{@code .yaml} file, loaded by Boot's property source loaders
 * and bound by its {@link Binder}, as the application's own configuration would be. Each {@link #load()} reads the
 * file whole and compares it with the previous content, so a change is seen whatever the file system's time
 * resolution and however the file was replaced (renamed over, or a Kubernetes secret's symbolic link swapped).
 */
final class AdminCredentialsFile implements AdminCredentials.Source {

	/** The most a credentials file may hold. */
	static final int MAX_SIZE = 1 << 20;

	private static final String PREFIX = "paimon.admin.credentials";

	private final Path path;

	private final PropertySourceLoader loader;

	/** The content of the previous load, or {@code null} before the first and after a failed read. */
	private byte @Nullable [] previous;

	AdminCredentialsFile(Path path) {
		this.path = path;
		String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
		if (name.endsWith(".properties")) {
			this.loader = new PropertiesPropertySourceLoader();
		}
		else if (name.endsWith(".yml") || name.endsWith(".yaml")) {
			this.loader = new YamlPropertySourceLoader();
		}
		else {
			throw new AdminCredentialsException("paimon.admin.credentials-file " + path + " must end with "
					+ ".properties, .yml or .yaml (its format follows the extension)");
		}
	}

	@Override
	public synchronized @Nullable List<AdminCredential> load() {
		byte[] content;
		try {
			if (Files.size(this.path) > MAX_SIZE) {
				this.previous = null;
				throw new AdminCredentialsException("it is larger than " + (MAX_SIZE >> 10) + " KB");
			}
			content = Files.readAllBytes(this.path);
		}
		catch (NoSuchFileException ex) {
			this.previous = null;
			throw new AdminCredentialsException("it does not exist", ex);
		}
		catch (IOException ex) {
			this.previous = null;
			throw new AdminCredentialsException("it cannot be read: " + ex, ex);
		}
		if (this.previous != null && Arrays.equals(this.previous, content)) {
			return null;
		}
		// remembered before parsing: a file that stays malformed is reported once, not at every check
		this.previous = content;
		return parse(content);
	}

	private List<AdminCredential> parse(byte[] content) {
		List<PropertySource<?>> sources;
		try {
			sources = this.loader.load(this.path.getFileName().toString(), new ByteArrayResource(content,
					this.path.toString()));
		}
		catch (IOException | RuntimeException ex) {
			throw new AdminCredentialsException("it is not a valid " + (this.loader instanceof YamlPropertySourceLoader
					? "YAML" : "properties") + " file: " + ex.getMessage(), ex);
		}
		Map<String, PaimonAdminProperties.Credential> bound;
		try {
			bound = new Binder(ConfigurationPropertySources.from(sources))
				.bind(PREFIX, Bindable.mapOf(String.class, PaimonAdminProperties.Credential.class),
						new NoUnboundElementsBindHandler(BindHandler.DEFAULT))
				.orElse(Map.of());
		}
		catch (BindException ex) {
			throw new AdminCredentialsException("its " + PREFIX + " entries cannot be bound: "
					+ rootMessage(ex), ex);
		}
		List<AdminCredential> credentials = new ArrayList<>();
		bound.forEach((name, credential) -> credentials.add(AdminCredentialsFactory.credential(name, credential)));
		return credentials;
	}

	private static String rootMessage(Throwable ex) {
		StringBuilder message = new StringBuilder(String.valueOf(ex.getMessage()));
		for (Throwable cause = ex.getCause(); cause != null; cause = cause.getCause()) {
			message.append(": ").append(cause.getMessage());
		}
		return message.toString();
	}

	@Override
	public String toString() {
		return "paimon.admin.credentials-file " + this.path;
	}

}
