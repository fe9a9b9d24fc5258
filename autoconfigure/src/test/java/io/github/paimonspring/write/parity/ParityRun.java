package io.github.paimonspring.write.parity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.support.TestWarehouse;
import io.github.paimonspring.write.parity.ParityCase.Filters;
import io.github.paimonspring.write.parity.ParityCase.Round;
import io.github.paimonspring.write.parity.ParityCase.Row;
import io.github.paimonspring.write.parity.ParitySide.Prepared;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.predicate.Predicate;
import org.apache.paimon.predicate.PredicateBuilder;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;

/**
 * Creates a case's table and drives one side through the case's rounds, then reads the outcome. The
 * first failure of a round ends the case for that side: the table keeps what was committed before.
 */
final class ParityRun {

	/** The commit user of every side. */
	static final String COMMIT_USER = "parity";

	private ParityRun() {
	}

	/** Creates the case's table. */
	static FileStoreTable create(TestWarehouse warehouse, String name, ParityCase parityCase) {
		Schema.Builder schema = Schema.newBuilder();
		parityCase.columns().forEach((column) -> schema.column(column.name(), column.type()));
		if (parityCase.hasPrimaryKey()) {
			schema.primaryKey(parityCase.primaryKeys());
		}
		if (parityCase.partitionKey() != null) {
			schema.partitionKeys(parityCase.partitionKey());
		}
		schema.option("bucket", Integer.toString(parityCase.bucket()));
		parityCase.options().forEach(schema::option);
		warehouse.create(name, schema.build());
		return warehouse.table(name);
	}

	/**
	 * Runs the case on a side and reads the table back.
	 * @param warehouse the warehouse of the table
	 * @param table the table's identifier
	 * @param side the side, already open
	 * @param parityCase the case
	 * @param allocator the allocator of the batches
	 * @return the outcome
	 */
	static ParityOutcome run(TestWarehouse warehouse, String table, ParitySide side, ParityCase parityCase,
			BufferAllocator allocator) {
		List<List<String>> roundFiles = new ArrayList<>();
		List<Prepared> waiting = new ArrayList<>();
		String phase = "open";
		String refusal = null;
		String message = null;
		long identifier = 0;
		try (side) {
			for (int r = 0; r < parityCase.rounds().size(); r++) {
				Round round = parityCase.rounds().get(r);
				phase = "round " + (r + 1) + " write/prepare";
				for (List<Row> rows : round.writes()) {
					try (VectorSchemaRoot batch = ParityBatch.of(allocator, parityCase, rows)) {
						side.write(batch);
					}
				}
				Prepared prepared = side.prepare(++identifier);
				roundFiles.add(ParityReads.newFiles(warehouse.table(table), prepared.messages()));
				waiting.add(prepared);
				phase = "round " + (r + 1) + " commit";
				int committed = Math.min(round.commit(), waiting.size());
				if (committed > 0) {
					side.commit(List.copyOf(waiting.subList(0, committed)), identifier - waiting.size() + committed);
					waiting.subList(0, committed).clear();
				}
				if (round.restart() && waiting.isEmpty()) {
					phase = "round " + (r + 1) + " restart";
					side.restart();
				}
			}
			phase = "final commit";
			if (!waiting.isEmpty()) {
				side.commit(List.copyOf(waiting), identifier);
			}
			phase = "close";
		}
		catch (Exception ex) {
			refusal = phase;
			message = describe(ex);
		}
		FileStoreTable written = warehouse.table(table);
		boolean compacts = parityCase.hasPrimaryKey() && !"true".equals(parityCase.options().get("write-only"));
		return new ParityOutcome(refusal, message, roundFiles, ParityReads.rows(written, null),
				ParityReads.auditLog(warehouse.catalog(), table), filtered(written, parityCase.filters()),
				compacts ? null : ParityReads.liveFiles(written));
	}

	/** The failure and its causes, each with the first frames of its stack. */
	private static String describe(Throwable failure) {
		StringBuilder text = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			text.append((cause == failure) ? "" : " caused by ").append(cause);
			StackTraceElement[] stack = cause.getStackTrace();
			for (int i = 0; i < Math.min(4, stack.length); i++) {
				text.append(" at ").append(stack[i]);
			}
		}
		return text.toString();
	}

	private static Map<String, List<String>> filtered(FileStoreTable table, Filters filters) {
		PredicateBuilder builder = new PredicateBuilder(table.rowType());
		int number = builder.indexOf(ParityCase.NUMBER);
		int text = builder.indexOf(ParityCase.TEXT);
		Map<String, Predicate> predicates = new LinkedHashMap<>();
		predicates.put("n = " + filters.number(), builder.equal(number, filters.number()));
		predicates.put("n BETWEEN " + filters.number() + " AND " + (filters.number() + filters.span()),
				builder.between(number, filters.number(), filters.number() + filters.span()));
		predicates.put("s = '" + filters.text() + "'", builder.equal(text, BinaryString.fromString(filters.text())));
		predicates.put("s >= '" + filters.from() + "'", builder.greaterOrEqual(text,
				BinaryString.fromString(filters.from())));
		Map<String, List<String>> rows = new LinkedHashMap<>();
		predicates.forEach((label, predicate) -> rows.put(label, ParityReads.rows(table, predicate)));
		return rows;
	}

}
