package io.github.paimonspring.admin.web;

import java.io.IOException;
import java.util.Locale;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Limits the JSON bodies of admin requests (transaction options, commit arguments, prepared commits),
 * which Spring reads into memory whole before the controller runs: a declared length over the limit
 * is refused with 413 before anything is read, and an undeclared (chunked) body stops being read at
 * the limit, which fails the request with 400. Arrow IPC uploads are streamed and limited elsewhere.
 */
public class AdminJsonBodyLimitFilter extends OncePerRequestFilter {

	private final AdminPath adminPath;

	private final long limit;

	/**
	 * Creates the filter.
	 * @param basePath the admin base path
	 * @param limit the largest JSON body accepted, in bytes
	 */
	public AdminJsonBodyLimitFilter(String basePath, long limit) {
		this.adminPath = new AdminPath(basePath);
		this.limit = limit;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		String type = request.getContentType();
		if (type != null && type.toLowerCase(Locale.ROOT).startsWith(PaimonAdminController.ARROW_STREAM)) {
			return true;
		}
		String path = request.getRequestURI();
		return !this.adminPath.matches(path.substring(Math.min(request.getContextPath().length(), path.length())));
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (request.getContentLengthLong() > this.limit) {
			AdminProblem.of(413, "payload-too-large", "Payload too large", "The request body of "
					+ request.getContentLengthLong() + " bytes exceeds the limit of " + this.limit
					+ " bytes for JSON bodies (paimon.admin.max-json-size)", request.getRequestURI())
				.writeTo(response);
			return;
		}
		chain.doFilter(new LimitedRequest(request, this.limit), response);
	}

	/** A request whose body ends with an error after {@code limit} bytes. */
	private static final class LimitedRequest extends HttpServletRequestWrapper {

		private final long limit;

		private @Nullable ServletInputStream stream;

		LimitedRequest(HttpServletRequest request, long limit) {
			super(request);
			this.limit = limit;
		}

		@Override
		public ServletInputStream getInputStream() throws IOException {
			if (this.stream == null) {
				this.stream = new LimitedStream(super.getInputStream(), this.limit);
			}
			return this.stream;
		}

	}

	private static final class LimitedStream extends ServletInputStream {

		private final ServletInputStream in;

		private final long limit;

		private long read;

		LimitedStream(ServletInputStream in, long limit) {
			this.in = in;
			this.limit = limit;
		}

		@Override
		public int read() throws IOException {
			int b = this.in.read();
			if (b >= 0) {
				count(1);
			}
			return b;
		}

		@Override
		public int read(byte[] buffer, int offset, int length) throws IOException {
			int n = this.in.read(buffer, offset, length);
			if (n > 0) {
				count(n);
			}
			return n;
		}

		private void count(int n) throws IOException {
			this.read += n;
			if (this.read > this.limit) {
				throw new IOException("The JSON body exceeds the limit of " + this.limit
						+ " bytes (paimon.admin.max-json-size)");
			}
		}

		@Override
		public boolean isFinished() {
			return this.in.isFinished();
		}

		@Override
		public boolean isReady() {
			return this.in.isReady();
		}

		@Override
		public void setReadListener(ReadListener listener) {
			this.in.setReadListener(listener);
		}

	}

}
