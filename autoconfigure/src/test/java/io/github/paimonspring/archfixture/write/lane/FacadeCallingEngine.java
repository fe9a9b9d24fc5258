package io.github.paimonspring.archfixture.write.lane;

import io.github.paimonspring.archfixture.write.WriteFacade;

/**
 * An engine that reaches back into its parent's API, against the rule that engines use their parent
 * only for its exceptions and records: the architecture tests must reject it.
 */
public class FacadeCallingEngine {

	/**
	 * Returns a facade.
	 * @return a new facade
	 */
	public WriteFacade facade() {
		return new WriteFacade();
	}

}
