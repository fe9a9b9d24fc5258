/**
 * Who may run which admin operation on which table, free of web types: the scopes
 * ({@link io.github.paimonspring.admin.access.AdminScope}), table patterns, principals with their grants,
 * the operations of the admin API with the scope each needs, and the audit event of a state-changing request.
 */
@NullMarked
package io.github.paimonspring.admin.access;

import org.jspecify.annotations.NullMarked;
