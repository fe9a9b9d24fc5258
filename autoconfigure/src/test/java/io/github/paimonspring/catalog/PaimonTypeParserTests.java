package io.github.paimonspring.catalog;

import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PaimonTypeParserTests {

	@Test
	void parsesAtomicTypes() {
		assertThat(PaimonTypeParser.parse("INT NOT NULL")).isEqualTo(DataTypes.INT().notNull());
		assertThat(PaimonTypeParser.parse("integer")).isEqualTo(DataTypes.INT());
		assertThat(PaimonTypeParser.parse("BIGINT NULL")).isEqualTo(DataTypes.BIGINT());
		assertThat(PaimonTypeParser.parse("DECIMAL(10,2)")).isEqualTo(DataTypes.DECIMAL(10, 2));
		assertThat(PaimonTypeParser.parse("decimal( 38 , 18 ) not null")).isEqualTo(DataTypes.DECIMAL(38,
				18).notNull());
		assertThat(PaimonTypeParser.parse("TIMESTAMP(6)")).isEqualTo(DataTypes.TIMESTAMP(6));
		assertThat(PaimonTypeParser.parse("TIMESTAMP")).isEqualTo(DataTypes.TIMESTAMP(6));
		assertThat(PaimonTypeParser.parse("TIMESTAMP_LTZ(3)")).isEqualTo(DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(3));
		assertThat(PaimonTypeParser.parse("TIMESTAMP(9) WITH LOCAL TIME ZONE"))
			.isEqualTo(DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(9));
		assertThat(PaimonTypeParser.parse("TIME(3)")).isEqualTo(DataTypes.TIME(3));
		assertThat(PaimonTypeParser.parse("VARCHAR(20)")).isEqualTo(DataTypes.VARCHAR(20));
		assertThat(PaimonTypeParser.parse("CHAR(3)")).isEqualTo(DataTypes.CHAR(3));
		assertThat(PaimonTypeParser.parse("BYTES")).isEqualTo(DataTypes.BYTES());
		assertThat(PaimonTypeParser.parse("BINARY(4)")).isEqualTo(DataTypes.BINARY(4));
		assertThat(PaimonTypeParser.parse("DOUBLE PRECISION")).isEqualTo(DataTypes.DOUBLE());
		assertThat(PaimonTypeParser.parse("DATE")).isEqualTo(DataTypes.DATE());
	}

	@Test
	void parsesNestedTypes() {
		assertThat(PaimonTypeParser.parse("ARRAY<STRING>")).isEqualTo(DataTypes.ARRAY(DataTypes.STRING()));
		assertThat(PaimonTypeParser.parse("MAP<STRING, INT NOT NULL>"))
			.isEqualTo(DataTypes.MAP(DataTypes.STRING(), DataTypes.INT().notNull()));
		RowType row = (RowType) PaimonTypeParser
				.parse("ROW<a INT NOT NULL, b ARRAY<DECIMAL(5, 1)> COMMENT 'bee', `c d` STRING>");
		assertThat(row.getFieldNames()).containsExactly("a", "b", "c d");
		assertThat(row.getTypeAt(0)).isEqualTo(DataTypes.INT().notNull());
		assertThat(row.getTypeAt(1)).isEqualTo(DataTypes.ARRAY(DataTypes.DECIMAL(5, 1)));
		assertThat(row.getFields().get(1)).extracting(DataField::description).isEqualTo("bee");
		assertThat(PaimonTypeParser.parse("ROW(x BIGINT) NOT NULL").isNullable()).isFalse();
	}

	@ParameterizedTest
	@ValueSource(strings = { "DECIMAL(10,", "DECIMAL(40, 2)", "INTT", "ARRAY<STRING", "MAP<STRING>", "INT NOT",
			"ROW<a>", "TIMESTAMP(12)", "VARCHAR(0)", "INT extra" })
	void rejectsBadTypesWithThePosition(String type) {
		assertThatThrownBy(() -> PaimonTypeParser.parse(type)).isInstanceOf(IllegalArgumentException.class)
			.hasMessageStartingWith("Invalid Paimon type '" + type + "' at ");
	}


	@Test
	void aMisspeltTypeNameIsReportedAtItsFirstCharacterWithTheClosestName() {
		assertThatThrownBy(() -> PaimonTypeParser.parse("DECIMALL")).hasMessage(
				"Invalid Paimon type 'DECIMALL' at position 1: unknown type 'DECIMALL'; did you mean 'DECIMAL'?");
		assertThatThrownBy(() -> PaimonTypeParser.parse("ARRAY<STRNG>")).hasMessage(
				"Invalid Paimon type 'ARRAY<STRNG>' at position 7: unknown type 'STRNG'; did you mean 'STRING'?");
		assertThatThrownBy(() -> PaimonTypeParser.parse("WHATEVER")).hasMessageStartingWith(
				"Invalid Paimon type 'WHATEVER' at position 1: unknown type 'WHATEVER'; expected one of BOOLEAN,");
	}

	@Test
	void positionsAreOneBasedAndNeverPastTheText() {
		assertThatThrownBy(() -> PaimonTypeParser.parse("DECIMAL(10,"))
			.hasMessage("Invalid Paimon type 'DECIMAL(10,' at the end: expected a number");
		assertThatThrownBy(() -> PaimonTypeParser.parse("INT extra"))
			.hasMessage("Invalid Paimon type 'INT extra' at position 5: unexpected 'extra' after the type");
		assertThatThrownBy(() -> PaimonTypeParser.parse("DECIMAL(10 2)"))
			.hasMessage("Invalid Paimon type 'DECIMAL(10 2)' at position 12: expected ',' or ')'");
	}

}
