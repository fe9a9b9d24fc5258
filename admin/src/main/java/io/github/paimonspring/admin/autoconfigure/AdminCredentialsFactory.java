package io.github.paimonspring.admin.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.admin.access.AdminCredential;
import io.github.paimonspring.admin.access.AdminCredentials;
import org.jspecify.annotations.Nullable;

/**
 * The bearer credentials of {@code paimon.admin.token}, {@code paimon.admin.credentials.<name>.*} and
 * {@code paimon.admin.credentials-file}.
 */
final class AdminCredentialsFactory {

	private AdminCredentialsFactory() {
	}

	/**
	 * The credentials the properties configure.
	 * @param admin the properties
	 * @return the credentials, the file read once
	 * @throws AdminTokenMissingException if none of the three is set
	 * @throws io.github.paimonspring.admin.access.AdminCredentialsException if a value or the file is not valid
	 */
	static AdminCredentials create(PaimonAdminProperties admin) {
		String token = admin.getToken();
		boolean hasToken = token != null && !token.isBlank();
		if (!hasToken && admin.getCredentials().isEmpty() && admin.getCredentialsFile() == null) {
			throw new AdminTokenMissingException();
		}
		List<AdminCredential> configured = new ArrayList<>();
		if (token != null && hasToken) {
			configured.add(AdminCredential.token(token));
		}
		for (Map.Entry<String, PaimonAdminProperties.Credential> entry : admin.getCredentials().entrySet()) {
			configured.add(credential(entry.getKey(), entry.getValue()));
		}
		AdminCredentialsFile file = (admin.getCredentialsFile() != null)
				? new AdminCredentialsFile(admin.getCredentialsFile()) : null;
		return new AdminCredentials(configured, file, admin.getCredentialsRefreshInterval());
	}

	/**
	 * A credential from its properties.
	 * @param name the name
	 * @param credential the bound properties, or {@code null} for a name without any
	 * @return the credential
	 * @throws io.github.paimonspring.admin.access.AdminCredentialsException naming the property that is not valid
	 */
	static AdminCredential credential(String name, PaimonAdminProperties.@Nullable Credential credential) {
		PaimonAdminProperties.Credential properties = (credential != null) ? credential
				: new PaimonAdminProperties.Credential();
		return AdminCredential.of(name, properties.getTokenHashes(), properties.getScopes(), properties.getTables());
	}

}
