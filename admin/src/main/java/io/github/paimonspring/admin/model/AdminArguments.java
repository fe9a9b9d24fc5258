package io.github.paimonspring.admin.model;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.postpone.BucketPlanException;
import io.github.paimonspring.write.BucketPlan;
import org.jspecify.annotations.Nullable;

/**
 * Checks of the arguments the admin services share: commit users, idempotency keys, commit
 * identifiers, prepared commits and bucket plans.
 */
public final class AdminArguments {

	/** Longest commit user or idempotency key accepted; both end up in snapshots, logs and responses. */
	static final int MAX_KEY_LENGTH = 256;

	/** Printable ASCII without spaces. */
	private static final String KEY_PATTERN = "[\\x21-\\x7e]+";

	private AdminArguments() {
	}

	/** Refuses (400) a commit user or key that is empty, too long or not printable ASCII. */
	public static String checkKey(String table, String name, String value) {
		if (value.isEmpty() || value.length() > MAX_KEY_LENGTH || !value.matches(KEY_PATTERN)) {
			throw new PaimonArgumentException(table, name + " must be 1 to " + MAX_KEY_LENGTH
					+ " printable ASCII characters without spaces, got " + value.length() + " character(s) starting '"
					+ LogText.abbreviate(value, 32) + "'");
		}
		return value;
	}

	/** Refuses (400) a commit identifier outside {@code 0 .. Long.MAX_VALUE - 1}. */
	public static void checkIdentifier(String table, @Nullable Long identifier) {
		if (identifier != null && (identifier < 0 || identifier == Long.MAX_VALUE)) {
			throw new PaimonArgumentException(table,
					"identifier must be between 0 and " + (Long.MAX_VALUE - 1) + ", got " + identifier);
		}
	}

	/**
	 * Decodes prepared commits: at least one, all base64; refuses (400) anything else. (That they are all of
	 * one family is checked when they are read.)
	 */
	public static List<byte[]> preparedCommits(String table, @Nullable List<String> preparedCommits) {
		if (preparedCommits == null || preparedCommits.isEmpty()) {
			throw new PaimonArgumentException(table, "preparedCommits must list at least one prepared commit");
		}
		List<byte[]> payloads = new ArrayList<>();
		for (String encoded : preparedCommits) {
			try {
				payloads.add(Base64.getDecoder().decode(encoded));
			}
			catch (IllegalArgumentException ex) {
				throw new PaimonArgumentException(table, "preparedCommits must be base64 strings from /prepare");
			}
		}
		return payloads;
	}

	/** The explicit bucket plan of a request, or {@code null} for an automatic one; refuses (422) an invalid plan. */
	public static @Nullable BucketPlan bucketPlan(String table, AdminModel.@Nullable BucketPlanRequest plan) {
		if (plan == null || plan.isAuto()) {
			return null;
		}
		if (plan.invalid() != null) {
			throw new BucketPlanException(table, plan.invalid());
		}
		Map<Map<String, String>, Integer> counts = new LinkedHashMap<>();
		List<AdminModel.PlanEntry> entries = Objects.requireNonNull(plan.entries(),
				"the entries of a bucket plan that is neither auto nor invalid");
		for (AdminModel.PlanEntry entry : entries) {
			counts.put(entry.partition(), entry.totalBuckets());
		}
		return BucketPlan.of(counts);
	}

}
