package io.github.paimonspring.flight;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

import org.apache.arrow.flight.FlightProducer.ServerStreamListener;
import org.apache.arrow.flight.FlightProducer.StreamListener;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one Flight SQL call of the producer and answers it: its result, or its failure as the Flight status
 * {@link FlightErrors} gives; each call is counted in {@link FlightMetrics} by command and outcome.
 */
final class FlightCalls {

	private static final Logger logger = LoggerFactory.getLogger(FlightCalls.class);

	private final BufferAllocator allocator;

	private final FlightMetrics metrics;

	FlightCalls(BufferAllocator allocator, FlightMetrics metrics) {
		this.allocator = allocator;
		this.metrics = metrics;
	}

	/** Runs an update (a DoPut) and answers its record count ({@code DoPutUpdateResult}), or its refusal. */
	void update(String command, StreamListener<PutResult> ackStream, Supplier<Long> update) {
		long started = System.nanoTime();
		long count;
		try {
			count = update.get();
		}
		catch (RuntimeException ex) {
			FlightRuntimeException refusal = refused(command, ex, started);
			try {
				ackStream.onError(refusal);
			}
			catch (RuntimeException closed) {
				// the call was refused already (the message gate) or cancelled by the client
				logger.debug("Flight call {} had ended before its refusal: {}", command, closed.toString());
			}
			return;
		}
		byte[] result = FlightSql.DoPutUpdateResult.newBuilder().setRecordCount(count).build().toByteArray();
		try (ArrowBuf buffer = this.allocator.buffer(result.length)) {
			buffer.writeBytes(result);
			ackStream.onNext(PutResult.metadata(buffer));
		}
		ackStream.onCompleted();
		this.metrics.called(command, "OK", since(started));
	}

	/** Runs an action (a DoAction) and answers its results, or its refusal. */
	<T> void respond(String command, StreamListener<T> listener, Supplier<List<T>> action) {
		long started = System.nanoTime();
		List<T> results;
		try {
			results = action.get();
		}
		catch (RuntimeException ex) {
			listener.onError(refused(command, ex, started));
			return;
		}
		results.forEach(listener::onNext);
		listener.onCompleted();
		this.metrics.called(command, "OK", since(started));
	}

	/** Runs a metadata stream (a DoGet), or answers its refusal. */
	void stream(String command, ServerStreamListener listener, Runnable stream) {
		long started = System.nanoTime();
		try {
			stream.run();
		}
		catch (RuntimeException ex) {
			listener.error(refused(command, ex, started));
			return;
		}
		this.metrics.called(command, "OK", since(started));
	}

	private FlightRuntimeException refused(String command, RuntimeException failure, long started) {
		FlightRuntimeException refusal = FlightErrors.refusal(failure, command).exception();
		this.metrics.called(command, refusal.status().code().name(), since(started));
		return refusal;
	}

	private static Duration since(long started) {
		return Duration.ofNanos(System.nanoTime() - started);
	}

}
