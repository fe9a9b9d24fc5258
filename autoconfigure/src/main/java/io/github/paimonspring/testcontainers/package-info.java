/**
 * Testcontainers {@code @ServiceConnection} support: connection details for MinIO (S3 warehouse)
 * and
 * PostgreSQL (JDBC catalog) containers.
 */
@NullMarked
package io.github.paimonspring.testcontainers;

import org.jspecify.annotations.NullMarked;
