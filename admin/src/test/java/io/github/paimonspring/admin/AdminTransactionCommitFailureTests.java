package io.github.paimonspring.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.admin.body.ArrowBodyReader;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.admin.web.AdminExceptionHandler;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

/**
 * A staged transaction whose commit is not possible now (here: the instance's commit fence refuses, as when its
 * lease in the shared state ran out) has failed: it is answered 409 with "begin a new transaction", not the 503 that
 * tells a client to send the same request again, which the failed transaction could never take. Nothing is
 * committed, then or on a retry, and the answer does not show what the fence's reason names.
 */
class AdminTransactionCommitFailureTests extends WarehouseTestBase {

	private static final String TABLE = "default.log";

	private final AtomicBoolean refuse = new AtomicBoolean();

	private PaimonWriter fenced;

	private ArrowBodyReader reader;

	private AdminTransactions admin;

	@BeforeEach
	void createService() {
		this.warehouse.simpleLogTable(TABLE);
		this.fenced = PaimonWriter.builder(PaimonTables.builder(this.warehouse.catalog()).fence((table) -> {
			if (this.refuse.get()) {
				throw new PaimonUnavailableException(table, "the lease in jdbc:postgresql://state-host/db ran out",
						null);
			}
		}).build()).spillDirectory(this.dir.resolve("fenced-spill")).build();
		AdminSettings settings = new AdminSettings(1L << 30, 1L << 30, 1L << 20, 8L << 20, 8L << 20, 2, 64, 1000, 16,
				100, Duration.ofHours(1), Duration.ofHours(1), Duration.ofHours(1), 0);
		this.reader = new ArrowBodyReader(settings);
		this.admin = new AdminTransactions(this.fenced, settings, null, new AdminTables(this.fenced), this.reader);
	}

	@AfterEach
	void closeService() throws Exception {
		this.admin.destroy();
		this.reader.destroy();
		this.fenced.close();
	}

	@Test
	void aCommitThatIsNotPossibleNowFailsTheTransactionAndSaysToBeginAgain() throws Exception {
		long snapshots = this.warehouse.snapshotCount(TABLE);
		AdminModel.TransactionView transaction = this.admin.create("default", "log", null, null);
		this.admin.upload(transaction.id(), new ByteArrayInputStream(stream(5)), -1);
		this.refuse.set(true);
		AdminException failed = catchThrowableOfType(AdminException.class,
				() -> this.admin.commit(transaction.id(), null));
		assertThat(AdminExceptionHandler.status(failed.getKind())).isEqualTo(HttpStatus.CONFLICT);
		assertThat(failed.getMessage()).contains("Transaction " + transaction.id() + " could not be committed",
				"table 'default.log'", "nothing of it was committed", "begin a new transaction")
			.doesNotContain("state-host");
		assertThat(this.admin.get(transaction.id()).state()).isEqualTo("FAILED");
		// a retry, even once commits are possible again, commits nothing
		this.refuse.set(false);
		AdminException retried = catchThrowableOfType(AdminException.class,
				() -> this.admin.commit(transaction.id(), null));
		assertThat(AdminExceptionHandler.status(retried.getKind())).isEqualTo(HttpStatus.CONFLICT);
		assertThat(retried.getMessage()).contains("is FAILED");
		assertThat(this.warehouse.snapshotCount(TABLE)).isEqualTo(snapshots);
		assertThat(this.warehouse.idNames(TABLE)).hasSize(3);
	}

	private byte[] stream(int rows) throws Exception {
		Schema schema = new Schema(List.of(Field.nullable("id", new ArrowType.Int(32, true)),
				Field.nullable("name", ArrowType.Utf8.INSTANCE)));
		try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, this.allocator)) {
			for (int i = 0; i < rows; i++) {
				((IntVector) root.getVector("id")).setSafe(i, 100 + i);
				((VarCharVector) root.getVector("name")).setSafe(i, ("n" + i).getBytes(StandardCharsets.UTF_8));
			}
			root.setRowCount(rows);
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
				writer.writeBatch();
			}
			return out.toByteArray();
		}
	}

}
