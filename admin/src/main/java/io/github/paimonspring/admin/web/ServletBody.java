package io.github.paimonspring.admin.web;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;

import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;

/**
 * A request body as the admin services read it: a stream, and a channel that reads into buffers
 * through the servlet's own buffer reads (Servlet 6.1), so that Arrow message bodies land in Arrow's
 * buffers without a copy through a byte array.
 */
final class ServletBody extends InputStream implements ReadableByteChannel {

	private final ServletInputStream in;

	private boolean closed;

	private ServletBody(ServletInputStream in) {
		this.in = in;
	}

	/**
	 * Returns the body of a request.
	 * @param request the request
	 * @return its body
	 * @throws IOException if the body cannot be opened
	 */
	static ServletBody of(HttpServletRequest request) throws IOException {
		return new ServletBody(request.getInputStream());
	}

	@Override
	public int read() throws IOException {
		return this.in.read();
	}

	@Override
	public int read(byte[] buffer, int offset, int length) throws IOException {
		return this.in.read(buffer, offset, length);
	}

	@Override
	public int read(ByteBuffer target) throws IOException {
		return this.in.read(target);
	}

	@Override
	public int available() throws IOException {
		return this.in.available();
	}

	@Override
	public boolean isOpen() {
		return !this.closed;
	}

	@Override
	public void close() throws IOException {
		this.closed = true;
		this.in.close();
	}

}
