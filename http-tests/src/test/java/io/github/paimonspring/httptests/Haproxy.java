package io.github.paimonspring.httptests;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real HAProxy (Debian's {@code haproxy} package, which {@code .ci/run} installs) in front of two instances,
 * configured with exactly the snippet docs/production.md gives operators (its addresses replaced by the
 * instances' ports), and optionally the Flight SQL frontend docs/flight.md gives; its runtime API (a stats socket)
 * tells what state the health checks gave each server. Used by the rolling restart and the Flight balancer tests.
 */
public final class Haproxy implements AutoCloseable {

	private static final Path DOCUMENTED = Path.of("..", "docs", "production.md");

	private static final Path DOCUMENTED_FLIGHT = Path.of("..", "docs", "flight.md");

	private final Process process;

	private final int port;

	private final int flightPort;

	private final Path socket;

	private final Path log;

	private Haproxy(Process process, int port, int flightPort, Path socket, Path log) {
		this.process = process;
		this.port = port;
		this.flightPort = flightPort;
		this.socket = socket;
		this.log = log;
	}

	/** The haproxy binary, if the machine has one. */
	public static Optional<Path> binary() {
		for (String dir : System.getenv().getOrDefault("PATH", "").split(":", -1)) {
			Path candidate = Path.of(dir.isEmpty() ? "." : dir, "haproxy");
			if (Files.isExecutable(candidate)) {
				return Optional.of(candidate);
			}
		}
		Path debian = Path.of("/usr/sbin/haproxy");
		return Files.isExecutable(debian) ? Optional.of(debian) : Optional.empty();
	}

	/** The HAProxy configuration production.md shows (the text block that starts with its frontend). */
	private static String documentedConfiguration() throws IOException {
		return documented(DOCUMENTED, "ingest");
	}

	/** The text block of a page that starts with {@code frontend <name>}. */
	private static String documented(Path page, String frontend) throws IOException {
		String text = Files.readString(page);
		int start = text.indexOf("```text\nfrontend " + frontend + "\n");
		if (start < 0) {
			throw new IllegalStateException(page + " has no HAProxy configuration that starts with its frontend");
		}
		start += "```text\n".length();
		return text.substring(start, text.indexOf("```", start));
	}

	/**
	 * Starts HAProxy with the documented configuration, in front of instances on these ports.
	 * @param dir where its configuration, socket and log go
	 * @param portA the port of server {@code a}
	 * @param portB the port of server {@code b}
	 * @return the running balancer, once it listens
	 */
	public static Haproxy start(Path dir, int portA, int portB) throws Exception {
		return start(dir, portA, portB, -1, -1);
	}

	/**
	 * Starts HAProxy with the documented configuration, in front of instances on these ports, and with the
	 * configuration docs/flight.md gives for their Flight SQL endpoints (TCP mode, readiness checked over HTTP).
	 * @param dir where its configuration, socket and log go
	 * @param portA the HTTP port of server {@code a}
	 * @param portB the HTTP port of server {@code b}
	 * @param flightA the Flight port of server {@code a}, or -1 for no Flight frontend
	 * @param flightB the Flight port of server {@code b}
	 * @return the running balancer, once it listens
	 */
	public static Haproxy start(Path dir, int portA, int portB, int flightA, int flightB) throws Exception {
		Path haproxy = binary().orElseThrow(() -> new IllegalStateException("haproxy is not installed"));
		int port = SampleAppProcess.freePort();
		Path socket = dir.resolve("haproxy.sock");
		String documented = documentedConfiguration();
		String servers = replaceAll(replaceAll(replaceAll(documented, "bind :80\n", "bind 127.0.0.1:" + port + "\n"),
				"10.0.0.1:8080", "127.0.0.1:" + portA), "10.0.0.2:8080", "127.0.0.1:" + portB);
		int flightPort = -1;
		if (flightA > 0) {
			flightPort = SampleAppProcess.freePort();
			servers += "\n" + replaceAll(replaceAll(replaceAll(documented(DOCUMENTED_FLIGHT, "flight"), "bind :32010\n",
					"bind 127.0.0.1:" + flightPort + "\n"), "10.0.0.1:32010 check port 8080",
					"127.0.0.1:" + flightA + " check port " + portA), "10.0.0.2:32010 check port 8080",
					"127.0.0.1:" + flightB + " check port " + portB);
		}
		String configuration = "global\n    stats socket " + socket + " mode 600 level admin\n\n"
				+ "defaults\n    mode http\n    timeout connect 2s\n    timeout client 2m\n    timeout server 2m\n\n"
				+ servers;
		Path file = dir.resolve("haproxy.cfg");
		Files.writeString(file, configuration);
		Path log = dir.resolve("haproxy.log");
		Process check = new ProcessBuilder(haproxy.toString(), "-c", "-f", file.toString()).redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		if (check.waitFor() != 0) {
			throw new IllegalStateException("haproxy refuses the documented configuration:\n" + Files.readString(log)
					+ "\n" + configuration);
		}
		Process process = new ProcessBuilder(haproxy.toString(), "-db", "-f", file.toString()).redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		Haproxy balancer = new Haproxy(process, port, flightPort, socket, log);
		try {
			balancer.awaitListening();
		}
		catch (Exception ex) {
			balancer.close();
			throw ex;
		}
		return balancer;
	}

	/** Replaces every occurrence, failing when there is none (the documented snippet changed). */
	private static String replaceAll(String text, String target, String replacement) {
		if (!text.contains(target)) {
			throw new IllegalStateException("the documented HAProxy configuration has no '" + target.strip() + "'");
		}
		return text.replace(target, replacement);
	}

	private void awaitListening() throws Exception {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (true) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("haproxy exited with " + this.process.exitValue() + ":\n" + log());
			}
			try (Socket probe = new Socket()) {
				probe.connect(new InetSocketAddress("127.0.0.1", this.port), 1000);
				if (Files.exists(this.socket)) {
					return;
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("haproxy did not listen within 30 s:\n" + log());
			}
			this.process.waitFor(50, TimeUnit.MILLISECONDS);
		}
	}

	/** The port of the balancer's Flight frontend, or -1 without one. */
	public int flightPort() {
		return this.flightPort;
	}

	/** A URI of the balancer's frontend. */
	public URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.port + path);
	}

	/**
	 * The state the health checks gave each server in each backend ({@code show stat} of the runtime API).
	 * @return backend/server → status ({@code UP}, {@code DOWN}, {@code UP 1/2}, …)
	 */
	public Map<String, String> serverStates() throws IOException {
		String csv = command("show stat");
		List<String> lines = csv.lines().toList();
		if (lines.isEmpty() || !lines.get(0).startsWith("# ")) {
			throw new IllegalStateException("unexpected answer to 'show stat': " + csv);
		}
		List<String> header = List.of(lines.get(0).substring(2).split(",", -1));
		int proxy = header.indexOf("pxname");
		int server = header.indexOf("svname");
		int status = header.indexOf("status");
		Map<String, String> states = new HashMap<>();
		for (String line : lines.subList(1, lines.size())) {
			String[] fields = line.split(",", -1);
			if (fields.length > status && !fields[server].equals("FRONTEND") && !fields[server].equals("BACKEND")) {
				states.put(fields[proxy] + "/" + fields[server], fields[status]);
			}
		}
		return states;
	}

	/**
	 * Waits until a server has this status in every backend.
	 * @param server the server's name ({@code a} or {@code b})
	 * @param status the status, {@code UP} or {@code DOWN}
	 * @param bound the longest wait
	 */
	public void awaitServer(String server, String status, Duration bound) throws Exception {
		long deadline = System.nanoTime() + bound.toNanos();
		Map<String, String> states = Map.of();
		while (System.nanoTime() < deadline) {
			states = serverStates();
			List<String> of = new ArrayList<>();
			states.forEach((name, state) -> {
				if (name.endsWith("/" + server)) {
					of.add(state);
				}
			});
			if (!of.isEmpty() && of.stream().allMatch(status::equals)) {
				return;
			}
			this.process.waitFor(50, TimeUnit.MILLISECONDS);
		}
		throw new AssertionError("server " + server + " not " + status + " within " + bound + ": " + states);
	}

	private String command(String command) throws IOException {
		try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
			channel.connect(UnixDomainSocketAddress.of(this.socket));
			channel.write(ByteBuffer.wrap((command + "\n").getBytes(StandardCharsets.US_ASCII)));
			StringBuilder answer = new StringBuilder();
			ByteBuffer buffer = ByteBuffer.allocate(16384);
			while (channel.read(buffer) >= 0) {
				buffer.flip();
				answer.append(StandardCharsets.US_ASCII.decode(buffer));
				buffer.clear();
			}
			return answer.toString();
		}
	}

	/** What HAProxy printed (its warnings and alerts). */
	public String log() throws IOException {
		return Files.exists(this.log) ? Files.readString(this.log) : "";
	}

	@Override
	public void close() throws Exception {
		this.process.destroy();
		if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
			this.process.destroyForcibly().waitFor();
		}
	}

}
