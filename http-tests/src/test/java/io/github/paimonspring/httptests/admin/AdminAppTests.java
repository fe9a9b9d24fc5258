package io.github.paimonspring.httptests.admin;

import java.nio.file.Path;
import java.util.List;

import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixture of the admin API tests that share one packaged app per test class: a temporary
 * warehouse (opened before the subclass's {@code @BeforeAll} creates its tables), the app started by
 * {@link #startApp}, a client with the token, and both closed after the class.
 */
abstract class AdminAppTests {

	@TempDir
	static Path warehouseDir;

	static Warehouse warehouse;

	static SampleAppProcess app;

	static AdminClient client;

	@BeforeAll
	static void openWarehouse() {
		warehouse = new Warehouse(warehouseDir);
	}

	/** Starts the app on the warehouse with the admin API on, the token and further arguments. */
	static void startApp(String token, String... args) throws Exception {
		startApp(AdminSupport.JVM, token, args);
	}

	/** Starts the app with its own JVM options. */
	static void startApp(List<String> jvm, String token, String... args) throws Exception {
		app = SampleAppProcess.start(warehouseDir, jvm, AdminSupport.adminArgs(token, args).toArray(String[]::new));
		client = new AdminClient(app, token);
	}

	@AfterAll
	static void closeApp() throws Exception {
		if (app != null) {
			app.close();
			app = null;
		}
		if (warehouse != null) {
			warehouse.close();
			warehouse = null;
		}
	}

}
