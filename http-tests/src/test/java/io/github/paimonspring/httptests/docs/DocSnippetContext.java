package io.github.paimonspring.httptests.docs;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.write.ArrowCommitMessages;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.ArrowTableWrite;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.paimon.table.Table;

/**
 * The names a Java snippet of the documentation may use without declaring them: every snippet that
 * is not a compilation unit is compiled in a subclass of this class (see {@link DocSnippetsTests}).
 * They stand for what the surrounding prose introduces: the injected {@link PaimonOperations}, a
 * table bean, Arrow batches, a writer and committer of the write protocol. Add a name here only when
 * a snippet reads better without declaring it.
 */
public abstract class DocSnippetContext {

	/** The injected template (the {@code PaimonWriter} bean). */
	protected PaimonOperations paimon;

	/** The injected template, as the write protocol guide calls it. */
	protected PaimonOperations writer;

	/** The {@code orders} table bean ({@code paimon.tables.orders}). */
	protected Table orders;

	/** Arrow batches the application owns. */
	protected VectorSchemaRoot batch;

	protected VectorSchemaRoot batch1;

	protected VectorSchemaRoot batch2;

	/** An Arrow IPC stream being read. */
	protected ArrowReader arrowReader;

	/** Writers and a committer of one write builder. */
	protected ArrowTableWrite write;

	protected ArrowTableWrite write1;

	protected ArrowTableWrite write2;

	protected ArrowTableCommit commit;

	/** Prepared commit messages. */
	protected ArrowCommitMessages messages;

	/** The commit user the messages were prepared with. */
	protected String sameCommitUser;

	/**
	 * The application's acknowledgement to its producer.
	 * @param snapshotId the snapshot that made the rows durable
	 */
	protected void ack(Long snapshotId) {
	}

}
