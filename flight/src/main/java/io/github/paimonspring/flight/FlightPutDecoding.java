package io.github.paimonspring.flight;

import java.io.InputStream;

import io.grpc.BinaryLog;
import io.grpc.Channel;
import io.grpc.MethodDescriptor;
import io.grpc.ServerMethodDefinition;
import org.apache.arrow.flight.FlightConstants;
import org.jspecify.annotations.Nullable;

/**
 * Puts the {@link FlightDataDecoder} in place of Flight's own decoder for the messages of an upload
 * ({@code DoPut}). Flight registers its service with its decoder inside the server it builds; gRPC's server hook
 * that may replace a call's method definition, with the same handler, is the one its binary log uses
 * ({@code ServerBuilder.setBinaryLog}), so this is one, which logs nothing: every other method and every handler,
 * interceptor and Flight middleware stay as they are. The server has no binary log of its own.
 */
final class FlightPutDecoding extends BinaryLog {

	private static final String DO_PUT = MethodDescriptor.generateFullMethodName(FlightConstants.SERVICE, "DoPut");

	private final FlightDataDecoder decoder;

	private volatile @Nullable Replaced<?, ?> replaced;

	FlightPutDecoding(FlightDataDecoder decoder) {
		this.decoder = decoder;
	}

	@Override
	public <Q, R> ServerMethodDefinition<?, ?> wrapMethodDefinition(ServerMethodDefinition<Q, R> definition) {
		MethodDescriptor<Q, R> method = definition.getMethodDescriptor();
		if (!DO_PUT.equals(method.getFullMethodName())) {
			return definition;
		}
		return ServerMethodDefinition.create(descriptor(method), definition.getServerCallHandler());
	}

	/** DoPut's descriptor with this decoder: made once per Flight descriptor (Flight has one). */
	@SuppressWarnings("unchecked")
	private <Q, R> MethodDescriptor<Q, R> descriptor(MethodDescriptor<Q, R> method) {
		Replaced<?, ?> last = this.replaced;
		if (last != null && last.original() == method) {
			return (MethodDescriptor<Q, R>) last.replacement();
		}
		MethodDescriptor.Marshaller<Q> flight = method.getRequestMarshaller();
		MethodDescriptor<Q, R> replacement = method.toBuilder(new MethodDescriptor.Marshaller<Q>() {

			@Override
			public InputStream stream(Q value) {
				return flight.stream(value); // a server never sends a DoPut request
			}

			@Override
			public Q parse(InputStream stream) {
				return (Q) FlightPutDecoding.this.decoder.decode(stream);
			}

		}, method.getResponseMarshaller()).build();
		this.replaced = new Replaced<>(method, replacement);
		return replacement;
	}

	@Override
	public Channel wrapChannel(Channel channel) {
		return channel; // only a client's channels are wrapped; the server has none
	}

	@Override
	public void close() {
		// nothing to close
	}

	/** Flight's DoPut descriptor and the one that replaces it. */
	private record Replaced<Q, R>(MethodDescriptor<Q, R> original, MethodDescriptor<Q, R> replacement) {
	}

}
