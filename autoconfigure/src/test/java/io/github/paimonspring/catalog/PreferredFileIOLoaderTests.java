package io.github.paimonspring.catalog;

import java.nio.file.Path;
import java.util.List;

import io.github.paimonspring.s3.S3Clients;
import io.github.paimonspring.s3.S3FileIO;
import io.github.paimonspring.s3.S3FileIOLoader;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.options.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The catalog context's preferred loader serves the schemes of the application's loaders and leaves every other
 * path to Paimon's own choice.
 */
class PreferredFileIOLoaderTests {

	@TempDir
	Path dir;

	@Test
	void servesItsSchemesAndLeavesTheOthersToPaimon() throws Exception {
		try (S3Clients clients = new S3Clients()) {
			PreferredFileIOLoader preferred = PreferredFileIOLoader
				.of(List.of(new S3FileIOLoader("s3", clients), new S3FileIOLoader("s3a", clients)));
			assertThat(preferred).isNotNull();
			assertThat(preferred.serves("s3://lake/wh")).isTrue();
			assertThat(preferred.serves("S3A://lake/wh")).isTrue();
			assertThat(preferred.serves(this.dir.toUri().toString())).isFalse();
			assertThat(preferred.serves(this.dir.toString())).isFalse();
			assertThat(preferred.load(new org.apache.paimon.fs.Path("s3://lake/wh"))).isInstanceOf(S3FileIO.class);
			CatalogContext context = CatalogContext.create(new Options(), preferred, null);
			FileIO local = FileIO.get(new org.apache.paimon.fs.Path(this.dir.toUri().toString()), context);
			assertThat(local).isInstanceOf(LocalFileIO.class);
			assertThat(local.exists(new org.apache.paimon.fs.Path(this.dir.toUri().toString()))).isTrue();
		}
	}

	@Test
	void noLoadersNoPreferredLoaderAndTwoForOneSchemeAreRefused() {
		assertThat(PreferredFileIOLoader.of(List.of())).isNull();
		try (S3Clients clients = new S3Clients()) {
			assertThatIllegalStateException()
				.isThrownBy(() -> PreferredFileIOLoader
					.of(List.of(new S3FileIOLoader("s3", clients), new S3FileIOLoader("s3", clients))))
				.withMessageContaining("Two FileIOLoader beans serve the scheme 's3'");
		}
	}

}
