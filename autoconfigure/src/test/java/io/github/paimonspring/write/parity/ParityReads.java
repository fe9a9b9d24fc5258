package io.github.paimonspring.write.parity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryArray;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.predicate.Predicate;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.stats.SimpleStats;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * What the parity properties compare, as sorted text: rows read back with Paimon's reader (with their
 * row kinds, optionally with a pushed-down filter), the {@code $audit_log} system table, and the
 * metadata of data files (everything Paimon records except the file's name, size and creation time),
 * each prefixed by its partition and bucket so that lists compare as multisets per bucket.
 */
final class ParityReads {

	private ParityReads() {
	}

	/** The new data files of prepared messages. */
	static List<String> newFiles(FileStoreTable table, List<CommitMessage> messages) {
		List<String> files = new ArrayList<>();
		for (CommitMessage message : messages) {
			for (DataFileMeta file : ((CommitMessageImpl) message).newFilesIncrement().newFiles()) {
				files.add(describe(table, message.partition(), message.bucket(), file));
			}
		}
		return files.stream().sorted().toList();
	}

	/** The data files of the table's latest snapshot. */
	static List<String> liveFiles(FileStoreTable table) {
		List<String> files = new ArrayList<>();
		for (Split split : table.newScan().plan().splits()) {
			DataSplit data = (DataSplit) split;
			for (DataFileMeta file : data.dataFiles()) {
				files.add(describe(table, data.partition(), data.bucket(), file));
			}
		}
		return files.stream().sorted().toList();
	}

	/** Every row (with a filter pushed down: those Paimon's reader returns) as text, sorted. */
	static List<String> rows(Table table, @Nullable Predicate filter) {
		ReadBuilder read = table.newReadBuilder();
		if (filter != null) {
			read = read.withFilter(filter);
		}
		RowType type = read.readType();
		List<String> rows = new ArrayList<>();
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
			reader.forEachRemaining((row) -> rows.add(row.getRowKind().shortString() + render(row, type)));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return rows.stream().sorted().toList();
	}

	/** The rows of the table's {@code $audit_log} system table, sorted. */
	static List<String> auditLog(Catalog catalog, String table) {
		try {
			return rows(catalog.getTable(Identifier.fromString(table + "$audit_log")), null);
		}
		catch (Catalog.TableNotExistException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static String describe(FileStoreTable table, BinaryRow partition, int bucket, DataFileMeta file) {
		RowType keys = table.schema().logicalTrimmedPrimaryKeysType();
		RowType values = table.rowType();
		if (file.valueStatsCols() != null) {
			values = values.project(file.valueStatsCols());
		}
		return render(partition, table.schema().logicalPartitionType()) + "/bucket-" + bucket + ": rows "
				+ file.rowCount() + ", deletes " + file.deleteRowCount().orElse(null) + ", keys "
				+ render(file.minKey(), keys) + ".." + render(file.maxKey(), keys) + ", key stats "
				+ render(file.keyStats(), keys) + ", value stats " + render(file.valueStats(), values) + ", sequence "
				+ file.minSequenceNumber() + ".." + file.maxSequenceNumber() + ", level " + file.level() + ", source "
				+ file.fileSource().orElse(null) + ", schema " + file.schemaId() + ", stats columns "
				+ file.valueStatsCols() + ", extra files " + file.extraFiles() + ", format " + file.fileFormat();
	}

	private static String render(SimpleStats stats, RowType type) {
		BinaryArray nulls = stats.nullCounts();
		List<@Nullable Long> nullCounts = new ArrayList<>();
		for (int i = 0; i < nulls.size(); i++) {
			nullCounts.add(nulls.isNullAt(i) ? null : nulls.getLong(i));
		}
		return "{min " + render(stats.minValues(), type) + ", max " + render(stats.maxValues(), type) + ", nulls "
				+ nullCounts + "}";
	}

	/** A row rendered field by field according to its type (as many fields as both have). */
	static String render(InternalRow row, RowType type) {
		List<DataField> fields = type.getFields();
		int arity = Math.min(row.getFieldCount(), fields.size());
		StringBuilder text = new StringBuilder("(");
		for (int i = 0; i < arity; i++) {
			Object value = InternalRow.createFieldGetter(fields.get(i).type(), i).getFieldOrNull(row);
			text.append((i > 0) ? ", " : "")
				.append((value instanceof byte[] bytes) ? Arrays.toString(bytes) : String.valueOf(value));
		}
		if (row.getFieldCount() != fields.size()) {
			text.append(" | ").append(row.getFieldCount()).append(" fields");
		}
		return text.append(')').toString();
	}

}
