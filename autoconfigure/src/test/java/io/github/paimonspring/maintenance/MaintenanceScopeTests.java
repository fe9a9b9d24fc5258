package io.github.paimonspring.maintenance;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.cluster.WarehouseStateStore;
import org.apache.paimon.fs.local.LocalFileIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Which tables the scheduled maintenance maintains: declared ones with their policies, written ones with
 * their identifier's policy or the default, exclusion patterns over both.
 */
class MaintenanceScopeTests {

	private static final MaintenancePolicy DEFAULTS = new MaintenancePolicy(true, 8);

	@TempDir
	Path dir;

	@Test
	void declaredTablesFirstThenWrittenOnesWithTheirOverrideOrTheDefault() {
		WrittenTables written = new WrittenTables(new WarehouseStateStore(LocalFileIO.create(), this.dir.toString()),
				"i1");
		MaintenanceScope scope = new MaintenanceScope(Map.of("shop.orders", new MaintenancePolicy(true, 4)),
				Map.of("raw.tuned", new MaintenancePolicy(true, 2)), DEFAULTS, List.of(), written);
		assertThat(scope.tables()).containsOnlyKeys("shop.orders");
		written.writing("raw.tuned");
		written.writing("raw.plain");
		written.writing("shop.orders");
		assertThat(scope.tables()).as("before the round: this instance's writes").containsExactly(
				Map.entry("shop.orders", new MaintenancePolicy(true, 4)), Map.entry("raw.plain", DEFAULTS),
				Map.entry("raw.tuned", new MaintenancePolicy(true, 2)));
		assertThat(scope.refresh()).isEqualTo(scope.tables());
		assertThat(scope.forget("shop.orders")).as("a declared table stays").isFalse();
		assertThat(scope.forget("raw.plain")).isTrue();
		assertThat(scope.refresh()).containsOnlyKeys("shop.orders", "raw.tuned");
		written.close();
	}

	@Test
	void exclusionsWinOverDeclaredAndWrittenTables() {
		WrittenTables written = new WrittenTables(new WarehouseStateStore(LocalFileIO.create(), this.dir.toString()),
				"i1");
		MaintenanceScope scope = new MaintenanceScope(
				Map.of("analytics.daily", DEFAULTS, "shop.orders", DEFAULTS), Map.of(), DEFAULTS,
				List.of("analytics.*", "*.RAW_?"), written);
		for (String table : List.of("analytics.events", "shop.raw_1", "shop.raw_10", "shop.clicks")) {
			written.writing(table);
		}
		assertThat(scope.refresh()).containsOnlyKeys("shop.orders", "shop.raw_10", "shop.clicks");
		assertThat(scope.excluded("Analytics.Daily")).as("ignoring case").isTrue();
		assertThat(scope.excluded("analyticsx.events")).as("the dot is literal").isFalse();
		assertThat(scope.exclude()).containsExactly("analytics.*", "*.RAW_?");
		written.close();
	}

	@Test
	void patternsMatchWholeIdentifiersWithLiteralCharacters() {
		assertThat(MaintenanceScope.pattern("db.t+1").matcher("db.t+1").matches()).isTrue();
		assertThat(MaintenanceScope.pattern("db.t+1").matcher("db.tt1").matches()).isFalse();
		assertThat(MaintenanceScope.pattern("db.t").matcher("db.table").matches()).as("whole identifier").isFalse();
		assertThat(MaintenanceScope.pattern("*.*").matcher("any.thing").matches()).isTrue();
		for (String bad : List.of("", "  ", "analytics", ".events", "analytics.")) {
			assertThatIllegalArgumentException().isThrownBy(() -> MaintenanceScope.pattern(bad))
				.withMessageContaining("'" + bad + "' is no database.table pattern");
		}
	}

	@Test
	void theDeclaredOnlyScopeNeverGrows() {
		MaintenanceScope scope = MaintenanceScope.declaredOnly(Map.of("shop.orders", DEFAULTS));
		assertThat(scope.refresh()).containsOnlyKeys("shop.orders");
		assertThat(scope.forget("shop.x")).isFalse();
		assertThat(scope.excluded("shop.orders")).isFalse();
	}

}
