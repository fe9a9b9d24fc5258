package io.github.paimonspring.test.autoconfigure;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import io.github.paimonspring.test.PaimonAssertions;
import io.github.paimonspring.test.PeopleWriter;
import io.github.paimonspring.test.PeopleWriter.Person;
import org.apache.paimon.table.Table;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.annotation.DirtiesContext.ClassMode;

import static io.github.paimonspring.test.PaimonAssertions.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * What {@code docs/testing.md} (§2) says about a context, and a warehouse, of a test class's own: an earlier
 * class with the same configuration leaves its rows in the cached context; a class marked
 * {@code @DirtiesContext(classMode = BEFORE_CLASS)}, or with a configuration of its own, does not see them,
 * while one marked with a plain {@code @DirtiesContext} (class mode {@code AFTER_CLASS}) does.
 *
 * <p>
 * Each test runs two test classes of the same JVM one after the other, as a build runs them: first
 * {@link Earlier}, which writes three people, then the class under test. The classes run only when this test
 * launches them ({@link LaunchedOnly}); a build does not pick up nested classes.
 */
class DirtiesContextTests {

	/** The configuration parameter the launches set; the nested classes run only with it. */
	private static final String LAUNCHED = "paimon.test.dirties-context-tests";

	/** The warehouse {@link Earlier} wrote into in the latest launch. */
	private static volatile @Nullable Path earlierWarehouse;

	@Test
	void aPlainDirtiesContextGetsTheCachedContextOfAnEarlierClassAndItsRows() {
		launch(AfterClassMode.class);
	}

	@Test
	void dirtiesContextBeforeTheClassGivesAContextAndAWarehouseOfItsOwn() {
		launch(BeforeClassMode.class);
	}

	@Test
	void aConfigurationOfItsOwnGivesAContextAndAWarehouseOfItsOwn() {
		launch(OwnConfiguration.class);
	}

	/** Runs {@link Earlier}, then the given class, and asserts that both of their tests pass. */
	private static void launch(Class<?> later) {
		earlierWarehouse = null;
		LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
			.selectors(selectClass(Earlier.class), selectClass(later))
			.configurationParameter(LAUNCHED, "true")
			.configurationParameter("junit.jupiter.testclass.order.default",
					ClassOrderer.OrderAnnotation.class.getName())
			.build();
		SummaryGeneratingListener listener = new SummaryGeneratingListener();
		LauncherFactory.create().execute(request, listener);
		TestExecutionSummary summary = listener.getSummary();
		String failures = summary.getFailures()
			.stream()
			.map((failure) -> failure.getTestIdentifier().getDisplayName() + ": " + failure.getException())
			.collect(Collectors.joining("\n"));
		assertThat(summary.getTotalFailureCount()).as("failures of %s after %s:%n%s", later.getSimpleName(),
				Earlier.class.getSimpleName(), failures)
			.isZero();
		assertThat(summary.getTestsSucceededCount()).as("tests run and passed").isEqualTo(2);
		assertThat(earlierWarehouse).as("the warehouse of the earlier class").isNotNull();
	}

	/** The classes below run only when {@link DirtiesContextTests} launches them. */
	static final class LaunchedOnly implements ExecutionCondition {

		@Override
		public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
			return context.getConfigurationParameter(LAUNCHED).isPresent()
					? ConditionEvaluationResult.enabled("launched by DirtiesContextTests")
					: ConditionEvaluationResult.disabled("runs only when DirtiesContextTests launches it");
		}

	}

	/** Shared by the classes: the writer, the table and the warehouse of the context each gets. */
	abstract static class PeopleTest {

		@Autowired
		PeopleWriter writer;

		@Autowired
		@Qualifier("people")
		Table people;

		@Autowired
		TemporaryWarehouse warehouse;

	}

	/** A class that ran earlier with the same configuration and no {@code @DirtiesContext}. */
	@PaimonTest(PeopleWriter.class)
	@ExtendWith(LaunchedOnly.class)
	@Order(1)
	static class Earlier extends PeopleTest {

		@Test
		void writesThreePeople() {
			earlierWarehouse = this.warehouse.path();
			this.writer.save(List.of(new Person(101L, "kim", "seoul"), new Person(102L, "lea", "lyon"),
					new Person(103L, "max", "bonn")));
			PaimonAssertions.assertThat(this.people)
				.containsRows(row(101L, "kim", "seoul"), row(102L, "lea", "lyon"), row(103L, "max", "bonn"));
		}

	}

	/** The default class mode closes the context after the class: too late. */
	@PaimonTest(PeopleWriter.class)
	@DirtiesContext
	@ExtendWith(LaunchedOnly.class)
	@Order(2)
	static class AfterClassMode extends PeopleTest {

		@Test
		void seesTheRowsOfTheEarlierClass() {
			assertThat(this.warehouse.path()).isEqualTo(earlierWarehouse);
			this.writer.save(List.of(new Person(1L, "ada", "london")));
			PaimonAssertions.assertThat(this.people)
				.containsRows(row(1L, "ada", "london"), row(101L, "kim", "seoul"), row(102L, "lea", "lyon"),
						row(103L, "max", "bonn"));
		}

	}

	/** The documented way: the cached context is closed before the class, which gets a new one. */
	@PaimonTest(PeopleWriter.class)
	@DirtiesContext(classMode = ClassMode.BEFORE_CLASS)
	@ExtendWith(LaunchedOnly.class)
	@Order(2)
	static class BeforeClassMode extends PeopleTest {

		@Test
		void seesOnlyItsOwnRows() {
			assertThat(this.warehouse.path()).isNotEqualTo(earlierWarehouse);
			this.writer.save(List.of(new Person(1L, "ada", "london")));
			PaimonAssertions.assertThat(this.people).containsExactlyInAnyOrderRows(row(1L, "ada", "london"));
		}

	}

	/** The other documented way: a configuration no earlier class has is another context. */
	@PaimonTest(value = PeopleWriter.class, properties = "spring.application.name=dirties-context-tests")
	@ExtendWith(LaunchedOnly.class)
	@Order(2)
	static class OwnConfiguration extends PeopleTest {

		@Test
		void seesOnlyItsOwnRows() {
			assertThat(this.warehouse.path()).isNotEqualTo(earlierWarehouse);
			this.writer.save(List.of(new Person(1L, "ada", "london")));
			PaimonAssertions.assertThat(this.people).containsExactlyInAnyOrderRows(row(1L, "ada", "london"));
		}

	}

}
