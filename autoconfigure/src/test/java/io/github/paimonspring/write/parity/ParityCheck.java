package io.github.paimonspring.write.parity;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.paimon.catalog.Identifier;

/**
 * Runs cases on three tables each (Paimon's writer, the starter with its default column-by-column
 * path, the starter with {@code paimon.write.columnar=false}) in one warehouse and returns how the
 * starter's tables differ from Paimon's. Each case's tables are dropped afterwards, and the Arrow
 * memory of its batches must be released (a leak is a difference); closing the check closes the
 * allocator (which fails on a leak) and the warehouse.
 */
final class ParityCheck implements AutoCloseable {

	private final Path dir;

	private final TestWarehouse warehouse;

	private final BufferAllocator allocator = new RootAllocator();

	private final PaimonWriter columnar;

	private final PaimonWriter rows;

	private int cases;

	/**
	 * Opens a warehouse in a directory.
	 * @param dir an empty directory the caller deletes
	 */
	ParityCheck(Path dir) {
		this.dir = dir;
		this.warehouse = new TestWarehouse(dir.resolve("warehouse"));
		this.columnar = PaimonWriter.builder(new PaimonTables(this.warehouse.catalog(), Map.of()))
			.spillDirectory(dir.resolve("spill"))
			.build();
		this.rows = PaimonWriter.builder(new PaimonTables(this.warehouse.catalog(), Map.of()))
			.spillDirectory(dir.resolve("spill-rows"))
			.columnarWrites(false)
			.build();
	}

	/**
	 * Returns the differences of the starter's tables from Paimon's, one line each, or an empty list.
	 * @param parityCase the case
	 * @param byRow whether to check {@code paimon.write.columnar=false} too
	 * @return the differences
	 */
	List<String> differences(ParityCase parityCase, boolean byRow) throws Exception {
		int n = ++this.cases;
		List<String> differences = new ArrayList<>();
		String paimonTable = "default.paimon_" + n;
		ParityOutcome paimon = ParityRun.run(this.warehouse, paimonTable,
				new PaimonSide(ParityRun.create(this.warehouse, paimonTable, parityCase), ParityRun.COMMIT_USER,
						this.dir.resolve("paimon-spill")),
				parityCase, this.allocator);
		String columnarTable = "default.columnar_" + n;
		ParityRun.create(this.warehouse, columnarTable, parityCase);
		ParityOutcome ours = ParityRun.run(this.warehouse, columnarTable,
				new StarterSide(this.columnar, columnarTable, ParityRun.COMMIT_USER), parityCase, this.allocator);
		paimon.differences(ours).forEach((difference) -> differences.add("columnar: " + difference));
		if (byRow) {
			String rowTable = "default.rows_" + n;
			ParityRun.create(this.warehouse, rowTable, parityCase);
			ParityOutcome byRows = ParityRun.run(this.warehouse, rowTable,
					new StarterSide(this.rows, rowTable, ParityRun.COMMIT_USER), parityCase, this.allocator);
			paimon.differences(byRows).forEach((difference) -> differences.add("columnar=false: " + difference));
		}
		if (this.allocator.getAllocatedMemory() != 0) {
			differences.add("Arrow memory leaked: " + this.allocator.getAllocatedMemory() + " bytes");
		}
		for (String table : List.of(paimonTable, columnarTable, "default.rows_" + n)) {
			this.warehouse.catalog().dropTable(Identifier.fromString(table), true);
		}
		return differences;
	}

	@Override
	public void close() throws Exception {
		try (TestWarehouse warehouse = this.warehouse; BufferAllocator allocator = this.allocator) {
			this.columnar.close();
			this.rows.close();
		}
	}

}
