package io.github.paimonspring.core;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shape of the public API applications inject: {@link PaimonOperations} stays small and about writing.
 */
class PaimonOperationsContractTests {

	private static List<Method> operations() {
		return Arrays.stream(PaimonOperations.class.getDeclaredMethods())
			.filter((method) -> !Modifier.isStatic(method.getModifiers()) && !method.isSynthetic())
			.toList();
	}

	@Test
	void hasAtMostFourteenMethods() {
		assertThat(operations()).hasSizeLessThanOrEqualTo(14);
	}

	@Test
	void isAboutWriting() {
		assertThat(operations()).extracting(Method::getName)
			.allMatch((name) -> List.of("tables", "write", "truncate", "execute", "ingest", "openChannel",
					"channels", "holdIdempotencyKey", "newWriteBuilder", "schemaEvolution").contains(name));
	}

	@Test
	void everyWriteAnswersWithTheOneResultType() {
		List<String> writes = List.of("write", "truncate", "execute");
		assertThat(operations()).filteredOn((method) -> writes.contains(method.getName()))
			.hasSize(7)
			.allSatisfy((method) -> assertThat(method.getReturnType()).as("%s", method).isEqualTo(WriteResult.class));
	}

	@Test
	void takesNoLongPositionalArgumentLists() {
		assertThat(operations()).allSatisfy((method) -> assertThat(method.getParameterCount())
			.as("parameters of %s", method).isLessThanOrEqualTo(3));
	}

}
