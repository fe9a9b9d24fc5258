package io.github.paimonspring.httptests;

/**
 * The tag of the tests that run several packaged instances, or kill, freeze and restart them ({@value #TAG}): they
 * take minutes together, so {@code mvn verify} leaves them out and {@code .ci/run} runs them in a step of their own
 * ({@code mvn -B verify -pl http-tests -Dgroups=cluster -DexcludedGroups=none}), and again on Java 25.
 */
public final class ClusterTests {

	/** The JUnit tag. */
	public static final String TAG = "cluster";

	private ClusterTests() {
	}

}
