package io.github.paimonspring.test;

import java.util.List;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteResult;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.table.Table;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Service;

/** A service of the test application: writes people in one commit. */
@Service
public class PeopleWriter {

	/** A person. */
	public record Person(long id, String name, String city) {
	}

	private final PaimonOperations paimon;

	private final Table people;

	PeopleWriter(PaimonOperations paimon, @Qualifier("people") Table people) {
		this.paimon = paimon;
		this.people = people;
	}

	public WriteResult save(List<Person> persons) {
		TestBatches batch = TestBatches.of(this.people);
		persons.forEach((person) -> batch.row(person.id(), person.name(), person.city()));
		try (VectorSchemaRoot root = batch.build()) {
			return this.paimon.write("people", root);
		}
	}

}
