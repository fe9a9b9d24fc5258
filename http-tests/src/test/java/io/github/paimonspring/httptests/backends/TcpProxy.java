package io.github.paimonspring.httptests.backends;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy in the test JVM in front of a real server (the shared PostgreSQL), so that a test can
 * make the server unreachable for one client — every connection cut, new ones refused — and reachable
 * again on the same port, without touching the server itself.
 */
final class TcpProxy implements AutoCloseable {

	private final int targetPort;

	private final int port;

	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

	private volatile ServerSocket server;

	TcpProxy(int targetPort) throws IOException {
		this.targetPort = targetPort;
		this.server = listen(0);
		this.port = this.server.getLocalPort();
		accept(this.server);
	}

	int port() {
		return this.port;
	}

	/** Cuts every connection and refuses new ones. */
	void cut() throws IOException {
		this.server.close();
		for (Socket socket : this.sockets) {
			socket.close();
		}
		this.sockets.clear();
	}

	/** Accepts connections again, on the same port. */
	void restore() throws IOException {
		this.server = listen(this.port);
		accept(this.server);
	}

	private static ServerSocket listen(int port) throws IOException {
		ServerSocket server = new ServerSocket();
		server.setReuseAddress(true);
		server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
		return server;
	}

	private void accept(ServerSocket server) {
		Thread acceptor = new Thread(() -> {
			while (!server.isClosed()) {
				try {
					Socket client = server.accept();
					Socket target = new Socket(InetAddress.getLoopbackAddress(), this.targetPort);
					this.sockets.add(client);
					this.sockets.add(target);
					pipe(client, target);
					pipe(target, client);
				}
				catch (IOException ex) {
					// closed by cut()
				}
			}
		}, "tcp-proxy-accept");
		acceptor.setDaemon(true);
		acceptor.start();
	}

	private void pipe(Socket from, Socket to) {
		Thread thread = new Thread(() -> {
			byte[] buffer = new byte[16384];
			try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
				int read;
				while ((read = in.read(buffer)) >= 0) {
					out.write(buffer, 0, read);
					out.flush();
				}
			}
			catch (IOException ex) {
				// a side closed
			}
			finally {
				closeQuietly(from);
				closeQuietly(to);
			}
		}, "tcp-proxy-pipe");
		thread.setDaemon(true);
		thread.start();
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// already closed
		}
	}

	@Override
	public void close() throws IOException {
		cut();
	}

}
