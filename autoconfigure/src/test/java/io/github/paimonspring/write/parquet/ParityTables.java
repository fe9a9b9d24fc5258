package io.github.paimonspring.write.parquet;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.TestWarehouse;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.StreamTableCommit;
import org.apache.paimon.table.sink.StreamTableWrite;
import org.apache.paimon.table.sink.StreamWriteBuilder;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.RowKind;
import org.apache.paimon.types.RowType;
import org.springframework.util.FileSystemUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Differential checks of a table the starter wrote against a twin Paimon's own writer wrote from the
 * same Arrow batches: rows, row kinds ({@code $audit_log}) and the data files' metadata, read back with
 * Paimon's reader. Paimon's writer is fed each batch through Paimon's columnar row view of the
 * starter's conversion, with the batch's row kinds, round by round through a stream write that may
 * spill to local disk (an {@code IOManager}, as the starter's lanes and Paimon's Flink sink give it).
 */
final class ParityTables {

	private ParityTables() {
	}

	/**
	 * Writes rounds with Paimon's own writer: each round's batches, then {@code prepareCommit} and a commit.
	 * @param table Paimon's twin table
	 * @param rounds per round, the batches (a round without batches prepares nothing)
	 */
	static void writeWithPaimon(FileStoreTable table, List<List<VectorSchemaRoot>> rounds) throws Exception {
		StreamWriteBuilder builder = table.newStreamWriteBuilder();
		ArrowBatchConverter converter = new ArrowBatchConverter(table.name(), table.rowType());
		Path spill = Files.createTempDirectory("paimon-spill");
		try (IOManager ioManager = IOManager.create(spill.toString());
				StreamTableWrite write = (StreamTableWrite) builder.newWrite().withIOManager(ioManager);
				StreamTableCommit commit = builder.newCommit()) {
			long identifier = 0;
			for (List<VectorSchemaRoot> round : rounds) {
				for (VectorSchemaRoot root : round) {
					writeRows(write, converter, root);
				}
				identifier++;
				commit.commit(identifier, write.prepareCommit(true, identifier));
			}
		}
		finally {
			FileSystemUtils.deleteRecursively(spill);
		}
	}

	/**
	 * Writes the rounds through the starter's public API into {@code ours} (a write, prepare and commit
	 * per round, one writer for all) and with Paimon's writer into {@code paimon}, then closes the batches.
	 * @param writer the starter's writer (its settings decide the path, columnar by default)
	 * @param warehouse the warehouse
	 * @param ours the starter's table
	 * @param paimon Paimon's twin table
	 * @param rounds per round, the batches; closed here
	 */
	static void writeBoth(PaimonWriter writer, TestWarehouse warehouse, String ours, String paimon,
			List<List<VectorSchemaRoot>> rounds) throws Exception {
		try {
			ArrowWriteBuilder builder = writer.newWriteBuilder(ours);
			try (ArrowTableWrite write = builder.newWrite(); ArrowTableCommit commit = builder.newCommit()) {
				for (List<VectorSchemaRoot> round : rounds) {
					round.forEach(write::write);
					commit.commit(write.prepareCommit());
				}
			}
			writeWithPaimon(warehouse.table(paimon), rounds);
		}
		finally {
			rounds.forEach((round) -> round.forEach(VectorSchemaRoot::close));
		}
	}

	/** Writes one batch row by row into Paimon's writer. */
	static void writeRows(StreamTableWrite write, ArrowBatchConverter converter, VectorSchemaRoot root)
			throws Exception {
		VectorizedColumnBatch batch = converter.convert(root, null);
		byte[] kinds = converter.rowKinds(root);
		ColumnarRow row = new ColumnarRow(batch);
		for (int i = 0; i < root.getRowCount(); i++) {
			row.setRowId(i);
			row.setRowKind((kinds != null) ? RowKind.fromByteValue(kinds[i]) : RowKind.INSERT);
			write.write(row);
		}
	}

	/** Commits messages prepared by Paimon's writer in one commit. */
	static void commitWithPaimon(FileStoreTable table, long identifier, List<CommitMessage> messages) throws Exception {
		try (StreamTableCommit commit = table.newStreamWriteBuilder().newCommit()) {
			commit.commit(identifier, messages);
		}
	}

	/**
	 * Asserts that both tables hold the same rows with the same row kinds and data files with the same
	 * metadata (file names aside).
	 * @param warehouse the warehouse
	 * @param ours the table the starter wrote
	 * @param paimon the table Paimon's writer wrote
	 */
	static void assertSameTables(TestWarehouse warehouse, String ours, String paimon) {
		assertThat(rows(warehouse, ours + "$audit_log")).as("rows and row kinds of %s", ours)
			.containsExactlyInAnyOrderElementsOf(rows(warehouse, paimon + "$audit_log"));
		assertThat(rows(warehouse, ours)).containsExactlyInAnyOrderElementsOf(rows(warehouse, paimon));
		assertThat(files(warehouse.table(ours))).as("data files of %s", ours)
			.isEqualTo(files(warehouse.table(paimon)));

	}

	/** Every row of a table (or system table) as text, read with Paimon's reader. */
	static List<String> rows(TestWarehouse warehouse, String name) {
		try {
			Table table = warehouse.catalog().getTable(Identifier.fromString(name));
			RowType type = table.rowType();
			List<InternalRow.FieldGetter> getters = new ArrayList<>();
			for (int i = 0; i < type.getFieldCount(); i++) {
				getters.add(InternalRow.createFieldGetter(type.getTypeAt(i), i));
			}
			Function<InternalRow, String> text = (row) -> {
				StringBuilder builder = new StringBuilder(row.getRowKind().shortString()).append('(');
				for (InternalRow.FieldGetter getter : getters) {
					Object value = getter.getFieldOrNull(row);
					builder.append((value instanceof byte[] bytes) ? Arrays.toString(bytes) : value).append(',');
				}
				return builder.append(')').toString();
			};
			ReadBuilder read = table.newReadBuilder();
			List<String> rows = new ArrayList<>();
			try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
				reader.forEachRemaining((row) -> rows.add(text.apply(row)));
			}
			return rows;
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * The metadata of a table's live data files by partition and bucket, each file as the facts Paimon's
	 * writer decides: rows, deletes, key range, statistics, sequence range, level, source, schema,
	 * whether it is in an external path, its size (compactions choose by size).
	 */
	static Map<String, List<String>> files(FileStoreTable table) {
		Map<String, List<String>> files = new TreeMap<>();
		for (Split split : table.newSnapshotReader().read().splits()) {
			DataSplit data = (DataSplit) split;
			List<DataFileMeta> metas = new ArrayList<>(data.dataFiles());
			metas.sort(Comparator.comparingInt(DataFileMeta::level).thenComparingLong(DataFileMeta::minSequenceNumber));
			List<String> described = files.computeIfAbsent(data.partition() + "/" + data.bucket(),
					(k) -> new ArrayList<>());
			for (DataFileMeta meta : metas) {
				described.add(describe(meta));
			}
		}
		return files;
	}

	static String describe(DataFileMeta meta) {
		return "size=" + meta.fileSize() + " rows=" + meta.rowCount() + " deletes=" + meta.deleteRowCount()
				+ " keys=" + meta.minKey() + ".."
				+ meta.maxKey() + " keyStats=" + meta.keyStats() + " valueStats=" + meta.valueStats() + " statsCols="
				+ meta.valueStatsCols() + " seq=" + meta.minSequenceNumber() + ".." + meta.maxSequenceNumber()
						+ " level="
				+ meta.level() + " source=" + meta.fileSource() + " schema=" + meta.schemaId() + " format="
				+ meta.fileFormat() + " external=" + (meta.externalPath().isPresent()) + " prefix="
				+ meta.fileName().substring(0, meta.fileName().indexOf('-') + 1) + " suffix="
				+ meta.fileName().substring(meta.fileName().indexOf('.'));
	}

}
