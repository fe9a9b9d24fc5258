/**
 * Support for postpone-bucket tables written with a fixed bucket plan: bucket routing, bucket
 * plans and validation of their commits.
 */
@NullMarked
package io.github.paimonspring.postpone;

import org.jspecify.annotations.NullMarked;
