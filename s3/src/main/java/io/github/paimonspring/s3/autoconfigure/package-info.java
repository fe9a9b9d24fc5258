/**
 * Auto-configuration of S3 warehouses: the shared clients, the {@code s3} and {@code s3a} FileIO loaders that the
 * core hands to Paimon as the preferred loaders, the sweep of stale multipart uploads, the request metrics, and the
 * failure analyzers of a start whose S3 requests or {@code s3.*} options fail.
 */
@NullMarked
package io.github.paimonspring.s3.autoconfigure;

import org.jspecify.annotations.NullMarked;
