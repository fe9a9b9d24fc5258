/**
 * Auto-configuration of S3 warehouses: the shared clients, the {@code s3} and {@code s3a} FileIO loaders that the
 * core hands to Paimon as the preferred loaders, the sweep of stale multipart uploads and the request metrics.
 */
@NullMarked
package io.github.paimonspring.s3.autoconfigure;

import org.jspecify.annotations.NullMarked;
