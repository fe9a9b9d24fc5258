package io.github.paimonspring.write.parquet;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.github.paimonspring.support.TestWarehouse;
import org.apache.paimon.CoreOptions;
import org.apache.paimon.options.ConfigOption;
import org.apache.paimon.options.ConfigOptions;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.shade.org.apache.parquet.hadoop.ParquetOutputFormat;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The allow-list of the column-by-column writers is complete and decides: every option Paimon declares
 * ({@code CoreOptions}) and every Parquet option its Parquet writer reads is listed with the default Paimon
 * declares, so a Paimon upgrade that adds an option or changes a default fails here (shown with a
 * fixture option); every option the list calls reproduced has a parity case; and a table setting an
 * option off the list, or a value the list does not allow, goes to Paimon's writer with a reason naming
 * the option.
 */
class ColumnarOptionsTests {

	@TempDir
	Path dir;

	@Test
	void everyOptionPaimonsWriterReadsIsListedWithPaimonsDefault() {
		assertThat(audit(CoreOptions.getOptions(), parquetOptions())).isEmpty();
	}

	@Test
	void anOptionAPaimonUpgradeAddsFailsTheAuditAndGoesToPaimonsWriter() {
		List<ConfigOption<?>> upgraded = new ArrayList<>(CoreOptions.getOptions());
		upgraded.add(ConfigOptions.key("future.write-option").booleanType().defaultValue(false));
		assertThat(audit(upgraded, parquetOptions()))
			.containsExactly("not listed: future.write-option | <treatment> | false");
		ColumnarOptions list = new ColumnarOptions(ColumnarOptions.read(), upgraded);
		assertThat(list.routingReason(Map.of("future.write-option", "false")))
			.isEqualTo("option 'future.write-option' is not on the column-by-column writers' list (ColumnarOptions)");
		assertThat(list.routingReason(Map.of("bucket", "4"))).isNull();
	}

	@Test
	void aDefaultAPaimonUpgradeChangesFailsTheAudit() {
		List<ConfigOption<?>> upgraded = new ArrayList<>();
		for (ConfigOption<?> option : CoreOptions.getOptions()) {
			upgraded.add(option.key().equals("ignore-update-before")
					? ConfigOptions.key("ignore-update-before").booleanType().defaultValue(true) : option);
		}
		assertThat(audit(upgraded, parquetOptions()))
			.containsExactly("default changed: ignore-update-before lists false, Paimon declares true");
	}

	@Test
	void everyReproducedOptionHasAParityCase() {
		Set<String> covered = new HashSet<>(ColumnarOptionParityTests.STRUCTURAL);
		for (ColumnarOptionParityTests.Case parity : ColumnarOptionParityTests.cases()) {
			parity.options().keySet().forEach((key) -> covered.add(key.contains("#") ? key.substring(0,
					key.indexOf('#')) : key));
		}
		Set<String> uncovered = new TreeSet<>();
		for (ColumnarOptions.Treatment treatment : ColumnarOptions.read().values()) {
			if (treatment.kind() == ColumnarOptions.Kind.REPRODUCED
					|| treatment.kind() == ColumnarOptions.Kind.REPRODUCED_IF) {
				uncovered.add(treatment.key());
			}
		}
		uncovered.removeAll(covered);
		assertThat(uncovered).as("reproduced options without a case in ColumnarOptionParityTests").isEmpty();
	}

	@Test
	void tablesSettingOptionsOffTheListGoToPaimonsWriterNamingTheOption() {
		ColumnarOptions list = ColumnarOptions.get();
		assertThat(list.routingReason(Map.of("ignore-update-before", "true"))).isEqualTo(
				"option 'ignore-update-before' = 'true' is reproduced by the column-by-column writers only as false");
		assertThat(list.routingReason(Map.of("file.compression", "NONE"))).contains("'file.compression' = 'NONE'");
		assertThat(list.routingReason(Map.of("file.compression", "gzip"))).contains("'file.compression' = 'gzip'");
		assertThat(list.routingReason(Map.of("partition.timestamp-format.strict", "true")))
			.contains("'partition.timestamp-format.strict'");
		assertThat(list.routingReason(Map.of("sequence.field", "ts")))
			.isEqualTo("option 'sequence.field' = 'ts' is written by Paimon's writer only");
		assertThat(list.routingReason(Map.of("fields.v.default-value", "42"))).contains("'fields.v.default-value'");
		assertThat(list.routingReason(Map.of("fields.v.aggregate-function", "sum"))).contains("'fields.v.aggregate");
		assertThat(list.routingReason(Map.of("file-index.bloom-filter.columns", "id"))).contains("'file-index.bloom");
		assertThat(list.routingReason(Map.of("parquet.writer.max-padding",
				"1"))).contains("'parquet.writer.max-padding'");
		assertThat(list.routingReason(Map.of("parquet.crypto.factory.class", "x"))).contains("not on the");
		assertThat(list.routingReason(Map.of("PARQUET.writer.max-padding",
				"8"))).contains("'PARQUET.writer.max-padding'");
		// Paimon's writer then writes a run per fill and compacts between fills, which ours cannot
		assertThat(list.routingReason(Map.of("write-buffer-spillable", "false"))).contains("only as true");
		assertThat(list.routingReason(Map.of("write-buffer-spill.max-disk-size", "1 gb")))
			.contains("'write-buffer-spill.max-disk-size'");
		// a fallback key is its option's
		assertThat(list.routingReason(Map.of("deduplicate.ignore-delete", "true"))).contains("only as false");
	}

	@Test
	void tablesSettingOnlyListedValuesStayColumnar() {
		ColumnarOptions list = ColumnarOptions.get();
		assertThat(list.routingReason(Map.of("file.compression", "lz4", "ignore-delete", "FALSE", "merge-engine",
				"Deduplicate", "fields.name.stats-mode", "full", "parquet.enable.dictionary#name", "false",
				"snapshot.num-retained.max", "5", "commit.callback.1.param", "x", "owner", "team-a")))
			.isNull();
	}

	@Test
	void columnsWithDefaultValuesGoToPaimonsWriter() {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir)) {
			warehouse.create("default.defaults", Schema.newBuilder().column("id", DataTypes.INT())
				.column("v", DataTypes.INT(), null, "42").build());
			assertThat(ColumnarWrites.unsupportedReason(warehouse.table("default.defaults")))
				.isEqualTo("column 'v' has a default value");
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Compares the list with the options Paimon declares: each must be listed, with the default Paimon
	 * declares; listed keys Paimon no longer declares are reported too.
	 */
	static List<String> audit(List<ConfigOption<?>> coreOptions, Set<String> parquetOptions) {
		Map<String, ColumnarOptions.Treatment> listed = ColumnarOptions.read();
		List<String> problems = new ArrayList<>();
		Set<String> declared = new HashSet<>(parquetOptions);
		for (ConfigOption<?> option : coreOptions) {
			declared.add(option.key());
			String paimonDefault = option.hasDefaultValue() ? String.valueOf(option.defaultValue()) : "<none>";
			ColumnarOptions.Treatment treatment = listed.get(option.key());
			if (treatment == null) {
				problems.add("not listed: " + option.key() + " | <treatment> | " + paimonDefault);
			}
			else if (!treatment.paimonDefault().equals(paimonDefault)) {
				problems.add("default changed: " + option.key() + " lists " + treatment.paimonDefault()
						+ ", Paimon declares " + paimonDefault);
			}
		}
		for (String key : parquetOptions) {
			if (!listed.containsKey(key)) {
				problems.add("not listed: " + key + " | <treatment> | -");
			}
		}
		for (String key : listed.keySet()) {
			if (!declared.contains(key)) {
				problems.add("listed but not declared by Paimon: " + key);
			}
		}
		return problems;
	}

	/** The Parquet options ParquetOutputFormat declares and the zstd level Paimon passes on. */
	static Set<String> parquetOptions() {
		Set<String> keys = new TreeSet<>();
		for (Field field : ParquetOutputFormat.class.getFields()) {
			try {
				if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class
						&& ((String) field.get(null)).startsWith(ColumnarOptions.PARQUET_PREFIX)) {
					keys.add((String) field.get(null));
				}
			}
			catch (IllegalAccessException ex) {
				throw new IllegalStateException(ex);
			}
		}
		keys.add("parquet.compression.codec.zstd.level");
		return keys;
	}

}
