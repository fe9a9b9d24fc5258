/**
 * Testcontainers {@code @ServiceConnection} support: connection details for MinIO (S3 warehouse) and
 * PostgreSQL (JDBC catalog) containers.
 */
package io.github.paimonspring.testcontainers;
