package io.github.paimonspring.catalog;

import java.net.InetAddress;
import java.net.UnknownHostException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the JVM choose its host name resolver before Paimon's file-system plugins run. On Java 18 and later the
 * JVM looks the resolver up once, with the thread's context class loader, at the first name lookup. When that
 * lookup happens inside Paimon's S3 plugin, the context class loader is the plugin's, which lists the resolver of
 * the dnsjava library it bundles without being able to load it (a multi-release class): the lookup, and with it
 * the catalog, fails with {@code ServiceConfigurationError: java.net.spi.InetAddressResolverProvider: Provider
 * org.xbill.DNS.spi.DnsjavaInetAddressResolverProvider not found}. Looking up {@code localhost} first, with the
 * application's class loader, makes the JVM settle on its own resolver.
 */
final class NameResolver {

	private static final Logger logger = LoggerFactory.getLogger(NameResolver.class);

	private static volatile boolean loaded;

	private NameResolver() {
	}

	static void load() {
		if (loaded) {
			return;
		}
		ClassLoader context = Thread.currentThread().getContextClassLoader();
		Thread.currentThread().setContextClassLoader(NameResolver.class.getClassLoader());
		try {
			InetAddress.getByName("localhost");
		}
		catch (UnknownHostException ex) {
			// no matter: the resolver is chosen all the same
			logger.debug("Looking up localhost failed", ex);
		}
		finally {
			Thread.currentThread().setContextClassLoader(context);
		}
		loaded = true;
	}

}
