package io.github.paimonspring.admin.transaction;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.admin.model.AdminArguments;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.model.LogText;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.BucketPlan;
import io.github.paimonspring.write.CommitUsers;
import org.jspecify.annotations.Nullable;

/**
 * Opens the writer of a new staged transaction as its request asks: the mode, the commit user, an
 * overwrite (with a static partition, or of the partitions that receive data) and a bucket plan.
 */
public final class TransactionOpener {

	private TransactionOpener() {
	}

	/**
	 * Opens a transaction on a table: checks the commit user, mode and bucket plan of the request.
	 * @param writer the writer
	 * @param id the new transaction's id
	 * @param identifier the table, {@code database.table}
	 * @param body the request
	 * @param instance the instance that owns it, or {@code null}
	 * @param owner the principal that opens it, or {@code null}
	 * @return the open transaction
	 */
	public static AdminTransaction open(PaimonOperations writer, String id, String identifier,
			AdminModel.TransactionRequest body, @Nullable String instance, @Nullable String owner) {
		String mode = (body.mode() != null) ? body.mode() : AdminTransaction.STANDARD;
		String user = (body.commitUser() != null) ? AdminArguments.checkKey(identifier, "commitUser", body.commitUser())
				: CommitUsers.random();
		boolean overwrite = Boolean.TRUE.equals(body.overwrite());
		if (mode.equals(AdminTransaction.STANDARD)) {
			if (body.bucketPlan() != null) {
				throw new PaimonArgumentException(identifier,
						"bucketPlan is only accepted in mode 'postpone-fixed-bucket'");
			}
			ArrowWriteBuilder builder = writer.newWriteBuilder(identifier).withCommitUser(user);
			if (overwrite) {
				builder.withOverwrite(body.staticPartition());
			}
			else if (body.staticPartition() != null) {
				throw new PaimonArgumentException(identifier, "staticPartition requires \"overwrite\": true");
			}
			return new AdminTransaction(id, identifier, user, new FamilyWritePath(mode, builder), instance, owner);
		}
		if (mode.equals(AdminTransaction.POSTPONE_FIXED_BUCKET)) {
			if (body.staticPartition() != null) {
				throw new PaimonArgumentException(identifier,
						"staticPartition is not supported in mode 'postpone-fixed-bucket'; overwrite replaces the "
								+ "partitions that receive data");
			}
			ArrowWriteBuilder builder = writer.newWriteBuilder(identifier).withCommitUser(user);
			if (overwrite) {
				builder.withOverwrite();
			}
			BucketPlan plan = AdminArguments.bucketPlan(identifier, body.bucketPlan());
			if (plan != null) {
				builder.withFixedBucketPlan(plan);
			}
			else {
				builder.withFixedBucketPlan();
			}
			return new AdminTransaction(id, identifier, user, new FamilyWritePath(mode, builder), instance, owner);
		}
		throw new PaimonArgumentException(identifier,
				"mode must be 'standard' or 'postpone-fixed-bucket', got '" + LogText.abbreviate(mode) + "'");
	}

}
