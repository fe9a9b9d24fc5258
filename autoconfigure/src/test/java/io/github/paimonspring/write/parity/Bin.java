package io.github.paimonspring.write.parity;

import java.util.HexFormat;

/**
 * A binary value of a generated row, printed as hex so that counter-examples are readable.
 *
 * @param bytes the bytes
 */
record Bin(byte[] bytes) {

	@Override
	public String toString() {
		return "0x" + HexFormat.of().formatHex(this.bytes);
	}

}
