package io.github.paimonspring.admin.web;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.catalina.Container;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.jspecify.annotations.Nullable;

/**
 * Tomcat's error report for requests that Tomcat rejects before any servlet sees them (an encoded
 * {@code /} or NUL in the path, a malformed escape, oversized or malformed headers, an invalid
 * request line, an unknown transfer encoding): {@code application/problem+json} with a generic detail
 * instead of Tomcat's HTML page, for admin paths and for requests whose path could not be read.
 * Other paths get Tomcat's report as before, with the settings of the valve it replaces.
 *
 * <p>Writes only when the status is 400 or above, nothing has been written yet, the error has not
 * been reported and the connection still allows output. Never shows the server version, the
 * exception or a stack trace.
 */
public class AdminErrorReportValve extends ErrorReportValve {

	private final AdminPath adminPath;

	/**
	 * Creates the valve, hiding the server version and the exception report on other paths too.
	 * @param basePath the admin base path including the servlet context path, such as {@code /paimon}
	 */
	public AdminErrorReportValve(String basePath) {
		this.adminPath = new AdminPath(basePath);
		setShowReport(false);
		setShowServerInfo(false);
	}

	/**
	 * Replaces the error report valves of a host (Tomcat's default and the one Spring Boot adds) by
	 * this valve, keeping their {@code showReport} and {@code showServerInfo} settings for non-admin
	 * paths.
	 * @param host the host whose pipeline gets the valve
	 */
	public void installOn(Container host) {
		for (Valve existing : host.getPipeline().getValves()) {
			if (existing instanceof ErrorReportValve replaced) {
				setShowReport(replaced.isShowReport());
				setShowServerInfo(replaced.isShowServerInfo());
				host.getPipeline().removeValve(existing);
			}
		}
		host.getPipeline().addValve(this);
		if (host instanceof StandardHost standard) {
			// StandardHost adds its error valve on start unless one of this class is present
			standard.setErrorReportValveClass(AdminErrorReportValve.class.getName());
		}
	}

	@Override
	protected void report(Request request, Response response, @Nullable Throwable throwable) {
		String path = request.getRequestURI();
		if (path != null && !path.isEmpty() && !this.adminPath.matches(path)) {
			super.report(request, response, throwable);
			return;
		}
		int status = response.getStatus();
		if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
			return;
		}
		AtomicBoolean ioAllowed = new AtomicBoolean(true);
		response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
		if (!ioAllowed.get()) {
			return;
		}
		try {
			response.setContentType(AdminProblem.MEDIA_TYPE);
			response.setCharacterEncoding(StandardCharsets.UTF_8.name());
			PrintWriter writer = response.getReporter();
			if (writer != null) {
				writer.write(AdminProblem.forStatus(status, path).toJson());
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// the client has gone, or the response is already being written: nothing left to do
		}
	}

}
