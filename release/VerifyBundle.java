import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks a Central Portal bundle of this project before it is uploaded: run by the release profile (module
 * {@code release/}, phase verify) and by {@code .ci/run}, with the JDK alone ({@code java VerifyBundle.java ...}).
 * <p>
 * For every published artifact ({@link #PUBLISHED}) it wants, under
 * {@code io/github/paimonspring/<artifact>/<version>/}: the POM, and for a jar module the jar, the sources jar (with
 * {@code .java} files) and the Javadoc jar (with an {@code index.html}); an {@code .md5} and a {@code .sha1} beside
 * every file that match it; an {@code .asc} signature beside each unless {@code --unsigned=true} (signatures need no
 * checksums; those there must match). Each POM names and describes itself and has (itself or from its parent in the
 * bundle) the URL, a licence, the SCM and a developer that Central requires; an inherited URL or SCM must not be
 * extended by the artifact id (Maven's default). Nothing else may be in the bundle: no other artifact, no
 * {@code maven-metadata.xml}, no test jars. For a release version, the README and getting-started page must show it.
 * <p>
 * Arguments: {@code --bundle=ZIP --version=V [--unsigned=true|false] [--docs=REPOSITORY_ROOT]}. Prints every
 * finding and exits 1 if there is one.
 */
public final class VerifyBundle {

	static final String GROUP_PATH = "io/github/paimonspring/";

	/** The published artifacts and their packaging (docs/releasing.md). */
	static final Map<String, String> PUBLISHED = new LinkedHashMap<>();

	static {
		PUBLISHED.put("paimon-spring-boot-parent", "pom");
		PUBLISHED.put("paimon-spring-boot-dependencies", "pom");
		PUBLISHED.put("paimon-spring-boot-autoconfigure", "jar");
		PUBLISHED.put("paimon-spring-boot-starter", "jar");
		PUBLISHED.put("paimon-spring-boot-s3", "jar");
		PUBLISHED.put("paimon-spring-boot-admin", "jar");
		PUBLISHED.put("paimon-spring-boot-kafka", "jar");
		PUBLISHED.put("paimon-spring-boot-flight", "jar");
		PUBLISHED.put("paimon-spring-boot-test", "jar");
	}

	private final Map<String, byte[]> entries;

	private final String version;

	private final boolean signed;

	private final List<String> findings = new ArrayList<>();

	private int checks;

	private VerifyBundle(Map<String, byte[]> entries, String version, boolean signed) {
		this.entries = entries;
		this.version = version;
		this.signed = signed;
	}

	public static void main(String[] args) throws Exception {
		Map<String, String> options = new LinkedHashMap<>();
		for (String arg : args) {
			int equals = arg.indexOf('=');
			if (!arg.startsWith("--") || equals < 0) {
				throw new IllegalArgumentException("Arguments are --name=value, not '" + arg + "'");
			}
			options.put(arg.substring(2, equals), arg.substring(equals + 1));
		}
		Path bundle = Path.of(required(options, "bundle"));
		String version = required(options, "version");
		boolean signed = !Boolean.parseBoolean(options.getOrDefault("unsigned", "false"));
		if (!Files.isRegularFile(bundle)) {
			System.err.println("VerifyBundle: no bundle at " + bundle);
			System.exit(1);
		}
		VerifyBundle verify = new VerifyBundle(read(bundle), version, signed);
		verify.checkAll();
		if (options.containsKey("docs")) {
			verify.checkDocs(Path.of(options.get("docs")));
		}
		System.out.printf("VerifyBundle: %s (%s, %s): %d artifacts, %d checks, %d findings%n", bundle.getFileName(),
				version, signed ? "signed" : "unsigned", PUBLISHED.size(), verify.checks, verify.findings.size());
		for (String finding : verify.findings) {
			System.out.println("  FAIL " + finding);
		}
		System.exit(verify.findings.isEmpty() ? 0 : 1);
	}

	private static String required(Map<String, String> options, String name) {
		String value = options.get(name);
		if (value == null || value.isBlank()) {
			throw new IllegalArgumentException("VerifyBundle needs --" + name + "=...");
		}
		return value;
	}

	private static Map<String, byte[]> read(Path bundle) throws IOException {
		Map<String, byte[]> entries = new LinkedHashMap<>();
		try (ZipFile zip = new ZipFile(bundle.toFile())) {
			for (ZipEntry entry : zip.stream().toList()) {
				if (!entry.isDirectory()) {
					try (InputStream in = zip.getInputStream(entry)) {
						entries.put(entry.getName(), in.readAllBytes());
					}
				}
			}
		}
		return entries;
	}

	private void checkAll() throws Exception {
		check(!this.version.endsWith("-SNAPSHOT"), "version " + this.version
				+ " is a snapshot: Central takes release versions only (mvn versions:set -DnewVersion=..., docs/releasing.md)");
		TreeSet<String> expected = new TreeSet<>();
		for (Map.Entry<String, String> artifact : PUBLISHED.entrySet()) {
			expected.addAll(checkArtifact(artifact.getKey(), artifact.getValue()));
		}
		for (String name : this.entries.keySet()) {
			check(expected.contains(name), "unexpected file in the bundle: " + name);
		}
	}

	/** Checks one artifact's files and returns the names it expects in the bundle. */
	private List<String> checkArtifact(String artifactId, String packaging) throws Exception {
		String base = GROUP_PATH + artifactId + "/" + this.version + "/" + artifactId + "-" + this.version;
		List<String> files = new ArrayList<>();
		files.add(base + ".pom");
		if (packaging.equals("jar")) {
			files.add(base + ".jar");
			files.add(base + "-sources.jar");
			files.add(base + "-javadoc.jar");
		}
		List<String> expected = new ArrayList<>();
		for (String file : files) {
			expected.add(file);
			if (!check(this.entries.containsKey(file), "missing " + file)) {
				continue;
			}
			expected.add(file + ".md5");
			expected.add(file + ".sha1");
			checkChecksum(file, "MD5", ".md5");
			checkChecksum(file, "SHA-1", ".sha1");
			if (this.signed) {
				expected.add(file + ".asc");
				checkSignature(file);
				// Central wants no checksums of signatures, but those there must match
				for (String suffix : List.of(".md5", ".sha1")) {
					if (this.entries.containsKey(file + ".asc" + suffix)) {
						expected.add(file + ".asc" + suffix);
						checkChecksum(file + ".asc", suffix.equals(".md5") ? "MD5" : "SHA-1", suffix);
					}
				}
			}
		}
		if (this.entries.containsKey(base + ".pom")) {
			checkPom(artifactId, packaging, base + ".pom");
		}
		if (this.entries.containsKey(base + ".jar")) {
			check(hasEntry(base + ".jar", "META-INF/MANIFEST.MF"), base + ".jar is not a jar");
		}
		if (this.entries.containsKey(base + "-sources.jar")) {
			check(hasEntry(base + "-sources.jar", ".java"), base + "-sources.jar has no .java file");
		}
		if (this.entries.containsKey(base + "-javadoc.jar")) {
			check(hasEntry(base + "-javadoc.jar", "index.html"), base + "-javadoc.jar has no index.html");
		}
		return expected;
	}

	private void checkChecksum(String file, String algorithm, String suffix) throws NoSuchAlgorithmException {
		byte[] checksum = this.entries.get(file + suffix);
		if (!check(checksum != null, "missing " + file + suffix)) {
			return;
		}
		String expected = HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(this.entries.get(file)));
		String given = new String(checksum, StandardCharsets.US_ASCII).trim().split("\\s+")[0].toLowerCase();
		check(expected.equals(given), file + suffix + " is " + given + " but the file's " + algorithm + " is " + expected);
	}

	private void checkSignature(String file) {
		byte[] signature = this.entries.get(file + ".asc");
		if (check(signature != null, "missing signature " + file + ".asc")) {
			check(new String(signature, StandardCharsets.US_ASCII).startsWith("-----BEGIN PGP SIGNATURE-----"),
					file + ".asc is not an ASCII-armoured PGP signature");
		}
	}

	private boolean hasEntry(String jar, String suffix) throws IOException {
		try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(this.entries.get(jar)))) {
			for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
				if (entry.getName().endsWith(suffix)) {
					return true;
				}
			}
		}
		return false;
	}

	private void checkPom(String artifactId, String packaging, String path) throws Exception {
		Element pom = parse(this.entries.get(path));
		String where = path.substring(path.lastIndexOf('/') + 1);
		check(artifactId.equals(text(pom, "artifactId")), where + ": artifactId is " + text(pom, "artifactId"));
		check(this.version.equals(text(pom, "version")) || this.version.equals(text(pom, "parent/version")),
				where + ": version is not " + this.version);
		check(packaging.equals(text(pom, "packaging") == null ? "jar" : text(pom, "packaging")),
				where + ": packaging is not " + packaging);
		check(!blank(text(pom, "name")), where + ": no <name>");
		check(!blank(text(pom, "description")), where + ": no <description>");
		Element parent = parentInBundle(pom);
		checkInherited(pom, parent, where, "url", "url", "child.project.url.inherit.append.path", null);
		checkInherited(pom, parent, where, "licenses/license/name", "licenses", null, null);
		checkInherited(pom, parent, where, "licenses/license/url", "licenses", null, null);
		checkInherited(pom, parent, where, "developers/developer/name", "developers", null, null);
		checkInherited(pom, parent, where, "scm/url", "scm", "child.scm.url.inherit.append.path", "scm");
		checkInherited(pom, parent, where, "scm/connection", "scm", "child.scm.connection.inherit.append.path", "scm");
		check(!new String(this.entries.get(path), StandardCharsets.UTF_8).contains("-SNAPSHOT"),
				where + ": names a -SNAPSHOT version");
	}

	/**
	 * A required field, in the POM itself or in its parent in the bundle (when the POM has no element of that
	 * group); an inherited URL must be marked not to be extended by the child's artifact id.
	 */
	private void checkInherited(Element pom, Element parent, String where, String field, String group,
			String noAppendAttribute, String attributeElement) {
		if (element(pom, group) != null || parent == null) {
			check(!blank(text(pom, field)), where + ": no <" + field + ">");
			return;
		}
		check(!blank(text(parent, field)), where + ": no <" + field + "> in it or its parent");
		if (noAppendAttribute != null) {
			Element holder = (attributeElement != null) ? element(parent, attributeElement) : parent;
			check(holder != null && "false".equals(holder.getAttribute(noAppendAttribute)),
					where + ": inherits <" + field + "> and Maven would append the artifact id to it (the parent needs "
							+ noAppendAttribute + "=\"false\")");
		}
	}

	private Element parentInBundle(Element pom) throws Exception {
		if (element(pom, "parent") == null || !"io.github.paimonspring".equals(text(pom, "parent/groupId"))) {
			return null;
		}
		String artifactId = text(pom, "parent/artifactId");
		String parentVersion = text(pom, "parent/version");
		String path = GROUP_PATH + artifactId + "/" + parentVersion + "/" + artifactId + "-" + parentVersion + ".pom";
		byte[] bytes = this.entries.get(path);
		check(bytes != null, "the parent " + path + " is not in the bundle");
		return (bytes != null) ? parse(bytes) : null;
	}

	private void checkDocs(Path root) throws IOException {
		if (this.version.endsWith("-SNAPSHOT")) {
			return;
		}
		Pattern bom = Pattern.compile("<artifactId>paimon-spring-boot-dependencies</artifactId>\\s*<version>"
				+ Pattern.quote(this.version) + "</version>");
		for (String page : List.of("README.md", "docs/getting-started.md")) {
			String text = Files.readString(root.resolve(page));
			check(bom.matcher(text).find(), page + " does not import the BOM at " + this.version
					+ " (its Maven snippet; docs/releasing.md)");
		}
	}

	private static Element parse(byte[] bytes) throws Exception {
		DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
		factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
		Document document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(bytes));
		return document.getDocumentElement();
	}

	private static Element element(Element from, String path) {
		Element current = from;
		for (String name : path.split("/")) {
			Element next = null;
			for (Node child = current.getFirstChild(); child != null; child = child.getNextSibling()) {
				if (child instanceof Element element && name.equals(element.getTagName())) {
					next = element;
					break;
				}
			}
			if (next == null) {
				return null;
			}
			current = next;
		}
		return current;
	}

	private static String text(Element from, String path) {
		Element element = element(from, path);
		return (element != null) ? element.getTextContent().trim() : null;
	}

	private static boolean blank(String text) {
		return text == null || text.isBlank();
	}

	private boolean check(boolean condition, String finding) {
		this.checks++;
		if (!condition) {
			this.findings.add(finding);
		}
		return condition;
	}

}
