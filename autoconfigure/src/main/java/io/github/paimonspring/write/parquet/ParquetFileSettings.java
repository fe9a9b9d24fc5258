package io.github.paimonspring.write.parquet;

import java.util.Locale;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.paimon.CoreOptions;
import org.apache.paimon.format.parquet.ColumnConfigParser;
import org.apache.paimon.format.parquet.ParquetSchemaConverter;
import org.apache.paimon.options.MemorySize;
import org.apache.paimon.options.Options;
import org.apache.paimon.shade.org.apache.parquet.column.ParquetProperties;
import org.apache.paimon.shade.org.apache.parquet.column.values.factory.DefaultV1ValuesWriterFactory;
import org.apache.paimon.shade.org.apache.parquet.column.values.factory.DefaultV2ValuesWriterFactory;
import org.apache.paimon.shade.org.apache.parquet.hadoop.CodecFactory;
import org.apache.paimon.shade.org.apache.parquet.hadoop.ParquetOutputFormat;
import org.apache.paimon.shade.org.apache.parquet.hadoop.ParquetWriter;
import org.apache.paimon.shade.org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.paimon.shade.org.apache.parquet.schema.MessageType;
import org.apache.paimon.types.RowType;

/**
 * How Paimon would write a Parquet data file of a table: the file schema, the encoding properties,
 * the codec and the row-group size, derived from the table's options exactly as Paimon's Parquet
 * format derives them ({@code parquet.*} options, {@code file.compression},
 * {@code file.compression.zstd-level}, {@code file.block-size}). The values writers (dictionary or
 * not, and when to fall back) follow these settings alone, not the Parquet properties built last in
 * the JVM. {@code ColumnarKeyValueWriterTests} compares the files written with these settings against
 * Paimon's own.
 */
final class ParquetFileSettings {

	private static final String ZSTD_LEVEL = "parquet.compression.codec.zstd.level";

	private final Configuration conf;

	private final MessageType schema;

	private final ParquetProperties properties;

	private final CompressionCodecName codec;

	private final long rowGroupSize;

	private final int maxPaddingSize;

	private final boolean asyncWrite;

	private ParquetFileSettings(Configuration conf, MessageType schema, ParquetProperties properties,
			CompressionCodecName codec, long rowGroupSize, int maxPaddingSize, boolean asyncWrite) {
		this.conf = conf;
		this.schema = schema;
		this.properties = properties;
		this.codec = codec;
		this.rowGroupSize = rowGroupSize;
		this.maxPaddingSize = maxPaddingSize;
		this.asyncWrite = asyncWrite;
	}

	/**
	 * Derives the settings of the data files of a table.
	 * @param options the table's options
	 * @param rowType the rows of the files
	 * @return the settings
	 */
	static ParquetFileSettings of(CoreOptions options, RowType rowType) {
		Configuration conf = new Configuration(false);
		formatOptions(options).forEach(conf::set);
		ParquetProperties.WriterVersion version = ParquetProperties.WriterVersion.fromString(
				conf.get(ParquetOutputFormat.WRITER_VERSION, ParquetProperties.DEFAULT_WRITER_VERSION.toString()));
		// Parquet's default values-writer factory is one for the whole JVM, set up by the properties built
		// last (by any writer of any table, e.g. the spill runs' without dictionaries): Paimon's writer
		// builds its properties just before it opens a file, these settings are kept for many files, so
		// they get a factory of their own, which picks the encodings from these properties only
		ParquetProperties.Builder properties = ParquetProperties.builder()
			.withPageSize(conf.getInt(ParquetOutputFormat.PAGE_SIZE, ParquetWriter.DEFAULT_PAGE_SIZE))
			.withPageRowCountLimit(conf.getInt(ParquetOutputFormat.PAGE_ROW_COUNT_LIMIT,
					ParquetProperties.DEFAULT_PAGE_ROW_COUNT_LIMIT))
			.withDictionaryPageSize(conf.getInt(ParquetOutputFormat.DICTIONARY_PAGE_SIZE,
					ParquetProperties.DEFAULT_DICTIONARY_PAGE_SIZE))
			.withDictionaryEncoding(
					conf.getBoolean(ParquetOutputFormat.ENABLE_DICTIONARY,
							ParquetProperties.DEFAULT_IS_DICTIONARY_ENABLED))
			.withWriterVersion(version)
			.withValuesWriterFactory((version == ParquetProperties.WriterVersion.PARQUET_1_0)
					? new DefaultV1ValuesWriterFactory() : new DefaultV2ValuesWriterFactory())
			.withBloomFilterEnabled(conf.getBoolean(ParquetOutputFormat.BLOOM_FILTER_ENABLED,
					ParquetProperties.DEFAULT_BLOOM_FILTER_ENABLED));
		new ColumnConfigParser()
			.withColumnConfig(ParquetOutputFormat.ENABLE_DICTIONARY, (key) -> conf.getBoolean(key, false),
					properties::withDictionaryEncoding)
			.withColumnConfig(ParquetOutputFormat.BLOOM_FILTER_ENABLED, (key) -> conf.getBoolean(key, false),
					properties::withBloomFilterEnabled)
			.withColumnConfig(ParquetOutputFormat.BLOOM_FILTER_EXPECTED_NDV, (key) -> conf.getLong(key, -1L),
					properties::withBloomFilterNDV)
			.withColumnConfig(ParquetOutputFormat.BLOOM_FILTER_FPP,
					(key) -> conf.getDouble(key, ParquetProperties.DEFAULT_BLOOM_FILTER_FPP),
					properties::withBloomFilterFPP)
			.parseConfig(conf);
		String compression = options.fileCompression();
		if ("none".equals(compression)) { // as Paimon's ParquetWriterFactory: only lower case
			compression = null;
		}
		compression = conf.get("parquet.compression", compression);
		CompressionCodecName codec = CompressionCodecName.fromConf(compression);
		return new ParquetFileSettings(conf, ParquetSchemaConverter.convertToParquetMessageType(rowType),
				properties.build(), codec, conf.getLong(ParquetOutputFormat.BLOCK_SIZE,
						ParquetWriter.DEFAULT_BLOCK_SIZE),
				conf.getInt(ParquetOutputFormat.MAX_PADDING_BYTES, ParquetWriter.MAX_PADDING_SIZE_DEFAULT),
				options.asyncFileWrite());
	}

	/** The {@code parquet.*} options of the table, with the zstd level and block size Paimon adds. */
	private static Map<String, String> formatOptions(CoreOptions options) {
		Options all = options.toConfiguration();
		Options parquet = new Options();
		for (String key : all.keySet()) {
			if (key.toLowerCase(Locale.ROOT).startsWith("parquet.")) {
				parquet.set("parquet." + key.substring("parquet.".length()), all.get(key));
			}
		}
		if (!parquet.containsKey(ZSTD_LEVEL)) {
			parquet.set(ZSTD_LEVEL, String.valueOf(all.get(CoreOptions.FILE_COMPRESSION_ZSTD_LEVEL)));
		}
		MemorySize blockSize = all.get(CoreOptions.FILE_BLOCK_SIZE);
		if (blockSize != null) {
			parquet.set(ParquetOutputFormat.BLOCK_SIZE, String.valueOf(blockSize.getBytes()));
		}
		return parquet.toMap();
	}

	/** A new codec factory with this configuration; release it when the file is closed. */
	CodecFactory newCodecFactory() {
		return new CodecFactory(this.conf, this.properties.getPageSizeThreshold());
	}

	MessageType schema() {
		return this.schema;
	}

	ParquetProperties properties() {
		return this.properties;
	}

	CompressionCodecName codec() {
		return this.codec;
	}

	long rowGroupSize() {
		return this.rowGroupSize;
	}

	int maxPaddingSize() {
		return this.maxPaddingSize;
	}

	boolean asyncWrite() {
		return this.asyncWrite;
	}

}
