package io.github.paimonspring.write.parity;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.springframework.util.FileSystemUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Generated differential tests of the starter's write path against Paimon's own writer: generated
 * tables (append or primary key with fixed buckets, partitioned or not, every flat type fed from
 * every Arrow width and unit), option sets, rows with nulls, edge values and row kinds, and rounds of
 * write, prepare, commit and restart through the public {@code TableWrite}/{@code TableCommit} API.
 * The starter's tables, column by column and with {@code paimon.write.columnar=false}, must refuse
 * where Paimon's writer refuses and otherwise give Paimon's rows, {@code $audit_log} row kinds, file
 * metadata and reads with pushed-down filters ({@link ParityCheck}).
 * <p>
 * The fixed-seed property runs with the build. The long run ({@code mvn -Pparity-long}, tag
 * {@code parity-long}) draws {@code -Dparity.tries} cases (with the inputs of the known divergences
 * unless {@code -Dparity.known=false}), collects every divergent case into
 * {@code target/parity-long-report.txt} and fails at the end if there was one; with
 * {@code -Dparity.collect=false} it fails at the first and shrinks it instead.
 */
class ColumnarParityPropertyTests {

	private static Path dir;

	private static ParityCheck check;

	private static final ParityReport report = new ParityReport();

	@BeforeContainer
	static void openWarehouse() throws Exception {
		dir = Files.createTempDirectory("parity");
		check = new ParityCheck(dir);
	}

	@AfterContainer
	static void closeWarehouse() throws Exception {
		try {
			check.close();
		}
		finally {
			FileSystemUtils.deleteRecursively(dir);
		}
		report.finish(Path.of("target", "parity-long-report.txt"));
	}

	@Property(tries = 60, seed = "31031")
	void writesWhatPaimonsWriterWrites(@ForAll("cases") ParityCase parityCase) throws Exception {
		assertThat(check.differences(parityCase, true)).as("differences from Paimon's writer").isEmpty();
	}

	@Property(seed = "31032")
	@Tag("parity-long")
	void writesWhatPaimonsWriterWritesLongRun(@ForAll("longCases") ParityCase parityCase) throws Exception {
		List<String> differences = check.differences(parityCase, true);
		if (Boolean.parseBoolean(System.getProperty("parity.collect", "true"))) {
			report.add(parityCase, differences);
		}
		else {
			assertThat(differences).as("differences from Paimon's writer").isEmpty();
		}
	}

	@Provide
	Arbitrary<ParityCase> cases() {
		return new ParityCases(30, true).cases();
	}

	@Provide
	Arbitrary<ParityCase> longCases() {
		return new ParityCases(Integer.getInteger("parity.rows", 40),
				Boolean.parseBoolean(System.getProperty("parity.known", "true")))
			.cases();
	}

}
