package io.github.paimonspring.core;

/**
 * Work done inside {@link PaimonOperations#execute(String, WriteCallback)}: what it writes is committed
 * when it returns and discarded when it throws.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface WriteCallback {

	/**
	 * Writes data through the session.
	 * @param session the session to write through
	 * @throws Exception to discard everything written
	 */
	void doInWrite(WriteSession session) throws Exception;

}
