/**
 * S3 warehouses on the AWS SDK for Java v2: {@link io.github.paimonspring.s3.S3FileIO}, the Paimon
 * {@code FileIO} for {@code s3://} and {@code s3a://} paths, and {@link io.github.paimonspring.s3.S3FileIOLoader},
 * which hands it to Paimon as the catalog's preferred loader.
 */
@NullMarked
package io.github.paimonspring.s3;

import org.jspecify.annotations.NullMarked;
