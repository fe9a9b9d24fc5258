/**
 * Staged transactions: the state machine of one transaction ({@code AdminTransaction}), its opening
 * from a request, the journal that records transactions for every instance and keeps their files
 * pending ({@code TransactionJournal}), the answers from recorded transactions, the commit of
 * prepared commits, and one write path over either write family ({@code FamilyWritePath}).
 */
@NullMarked
package io.github.paimonspring.admin.transaction;

import org.jspecify.annotations.NullMarked;
