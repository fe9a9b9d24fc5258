package io.github.paimonspring.write.parity;

import java.util.List;

import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.write.ArrowCommitMessages;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The starter's public write API on a table: {@link ArrowWriteBuilder#newWrite()},
 * {@link ArrowTableWrite#write}, {@link ArrowTableWrite#prepareCommit()}, {@link ArrowCommitMessages#merge}
 * and {@link ArrowTableCommit#commit(long, ArrowCommitMessages)}, with column-by-column writes allowed (the default) or
 * switched off ({@code paimon.write.columnar=false}).
 */
final class StarterSide implements ParitySide {

	private final ArrowWriteBuilder builder;

	private final ArrowTableCommit commit;

	private ArrowTableWrite write;

	StarterSide(PaimonWriter writer, String table, String commitUser) {
		this.builder = writer.newWriteBuilder(table).withCommitUser(commitUser);
		this.commit = this.builder.newCommit();
		this.write = this.builder.newWrite();
	}

	@Override
	public void write(VectorSchemaRoot batch) {
		this.write.write(batch);
	}

	@Override
	public Prepared prepare(long identifier) {
		ArrowCommitMessages messages = this.write.prepareCommit();
		return new Prepared(List.copyOf(messages.messages()), messages);
	}

	@Override
	public void commit(List<Prepared> rounds, long identifier) {
		ArrowCommitMessages merged = (ArrowCommitMessages) rounds.get(0).handle();
		for (Prepared round : rounds.subList(1, rounds.size())) {
			merged.merge((ArrowCommitMessages) round.handle());
		}
		this.commit.commit(identifier, merged);
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
