package io.github.paimonspring.write.parity;

import java.util.List;

import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.write.CommitMessages;
import io.github.paimonspring.write.TableCommit;
import io.github.paimonspring.write.TableWrite;
import io.github.paimonspring.write.WriteBuilder;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The starter's public write API on a table: {@link WriteBuilder#newWrite()}, {@link TableWrite#write},
 * {@link TableWrite#prepareCommit()}, {@link CommitMessages#merge} and
 * {@link TableCommit#commitWithIdentifier}, with column-by-column writes allowed (the default) or
 * switched off ({@code paimon.write.columnar=false}).
 */
final class StarterSide implements ParitySide {

	private final WriteBuilder builder;

	private final TableCommit commit;

	private TableWrite write;

	StarterSide(PaimonWriter writer, String table, String commitUser) {
		this.builder = writer.newWriteBuilder(table, commitUser);
		this.commit = this.builder.newCommit();
		this.write = this.builder.newWrite();
	}

	@Override
	public void write(VectorSchemaRoot batch) {
		this.write.write(batch);
	}

	@Override
	public Prepared prepare(long identifier) {
		CommitMessages messages = this.write.prepareCommit();
		return new Prepared(List.copyOf(messages.messages()), messages);
	}

	@Override
	public void commit(List<Prepared> rounds, long identifier) {
		CommitMessages merged = (CommitMessages) rounds.get(0).handle();
		for (Prepared round : rounds.subList(1, rounds.size())) {
			merged.merge((CommitMessages) round.handle());
		}
		this.commit.commitWithIdentifier(merged, identifier);
	}

	@Override
	public void restart() {
		this.write.close();
		this.write = this.builder.newWrite();
	}

	@Override
	public void close() {
		try {
			this.write.close();
		}
		finally {
			this.commit.close();
		}
	}

}
