package io.github.paimonspring.write.parity;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.StreamTableCommit;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.types.RowKind;

/**
 * The oracle: Paimon's own writer ({@code table.newWrite(commitUser)}, prepared with
 * {@code prepareCommit(true, identifier)}, committed by a stream commit under the identifier) fed row
 * by row from a {@link ColumnarRow} over the same converted batch, with the batch's row kinds.
 */
final class PaimonSide implements ParitySide {

	private final FileStoreTable table;

	private final String commitUser;

	private final IOManager ioManager;

	private final ArrowBatchConverter converter;

	private final StreamTableCommit commit;

	private TableWriteImpl<?> write;

	PaimonSide(FileStoreTable table, String commitUser, Path spill) {
		this.table = table;
		this.commitUser = commitUser;
		this.ioManager = IOManager.create(spill.toString());
		this.converter = new ArrowBatchConverter(table.name(), table.rowType());
		this.commit = table.newStreamWriteBuilder().withCommitUser(commitUser).newCommit();
		this.write = newWrite();
	}

	private TableWriteImpl<?> newWrite() {
		TableWriteImpl<?> write = this.table.newWrite(this.commitUser);
		write.withIOManager(this.ioManager);
		return write;
	}

	@Override
	public void write(VectorSchemaRoot batch) throws Exception {
		VectorizedColumnBatch columns = this.converter.convert(batch, null);
		byte[] kinds = this.converter.rowKinds(batch);
		ColumnarRow row = new ColumnarRow(columns);
		for (int i = 0; i < batch.getRowCount(); i++) {
			row.setRowId(i);
			row.setRowKind((kinds != null) ? RowKind.fromByteValue(kinds[i]) : RowKind.INSERT);
			this.write.write(row);
		}
	}

	@Override
	public Prepared prepare(long identifier) throws Exception {
		List<CommitMessage> messages = this.write.prepareCommit(true, identifier);
		return new Prepared(List.copyOf(messages), messages);
	}

	@Override
	public void commit(List<Prepared> rounds, long identifier) {
		List<CommitMessage> messages = new ArrayList<>();
		rounds.forEach((round) -> messages.addAll(round.messages()));
		this.commit.commit(identifier, messages);
	}

	@Override
	public void restart() throws Exception {
		this.write.close();
		this.write = newWrite();
	}

	@Override
	public void close() throws Exception {
		try {
			this.write.close();
			this.commit.close();
		}
		finally {
			this.ioManager.close();
		}
	}

}
