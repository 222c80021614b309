package workshop.kit.cassandra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import workshop.kit.Workshop;

/** What a node runs on: a JDK Cassandra 5.0 supports, and the server's jars from Maven Central. */
final class ServerRuntime {

    private static final Pattern RELEASE_VERSION = Pattern.compile("JAVA_VERSION=\"(\\d+)");
    private static final long DOWNLOAD_MINUTES = 15;

    /** A JDK the nodes can run on, and where it was found (said by `doctor`). */
    record Jdk(Path home, int version, String foundVia) {
        Path java() {
            return home.resolve("bin").resolve("java");
        }

        @Override
        public String toString() {
            return "Java " + version + " at " + home + " (" + foundVia + ")";
        }
    }

    private ServerRuntime() {}

    /** Cassandra 5.0 runs on Java 11 and 17 only. */
    static boolean supports(int javaFeature) {
        return javaFeature == 11 || javaFeature == 17;
    }

    /** The JDK the nodes use: found on this machine, or else installed by jbang after saying so. */
    static Path javaExecutable() {
        return find().or(ServerRuntime::installWithJbang).map(Jdk::java).orElseThrow(() -> new ClusterException(
                "Cassandra 5.0 needs Java 11 or 17 for its nodes; none was found and jbang could not install one.",
                "Install a JDK 17 and point the nodes at it: export CASSANDRA_JAVA_HOME=/path/to/jdk-17"));
    }

    /**
     * The first supported JDK among: $CASSANDRA_JAVA_HOME, this JVM, $JAVA_HOME, then the folders
     * JDKs are usually installed in (jbang's, /usr/lib/jvm, SDKMAN, ~/.jdks, macOS's), 17 first.
     */
    static Optional<Jdk> find() {
        Path user = Path.of(System.getProperty("user.home"));
        Stream<Jdk> named = Stream.of(
                        jdk(System.getenv("CASSANDRA_JAVA_HOME"), "CASSANDRA_JAVA_HOME"),
                        jdk(System.getProperty("java.home"), "the JVM running this command"),
                        jdk(System.getenv("JAVA_HOME"), "JAVA_HOME"))
                .flatMap(Optional::stream);
        Stream<Jdk> installed = Stream.of(jbangJdks(user), user.resolve(".sdkman/candidates/java"), Path.of("/usr/lib/jvm"),
                        user.resolve(".jdks"), Path.of("/Library/Java/JavaVirtualMachines"))
                .flatMap(ServerRuntime::scan);
        return Stream.concat(named, installed).filter(j -> supports(j.version())).findFirst();
    }

    /** Supported JDKs directly under a folder (macOS bundles keep theirs in Contents/Home), newest first. */
    static Stream<Jdk> scan(Path folder) {
        if (!Files.isDirectory(folder)) {
            return Stream.empty();
        }
        try (Stream<Path> children = Files.list(folder)) {
            return children.sorted()
                    .flatMap(dir -> Stream.of(dir, dir.resolve("Contents").resolve("Home")))
                    .flatMap(dir -> jdk(dir.toString(), folder.toString()).stream())
                    .filter(j -> supports(j.version()))
                    .sorted(Comparator.comparingInt(Jdk::version).reversed())
                    .toList().stream();
        } catch (IOException unreadable) {
            return Stream.empty();
        }
    }

    private static Optional<Jdk> jdk(String home, String foundVia) {
        if (home == null || home.isBlank()) {
            return Optional.empty();
        }
        Path dir = Path.of(home);
        return Files.isExecutable(dir.resolve("bin").resolve("java"))
                ? featureVersion(dir).map(version -> new Jdk(dir, version, foundVia)) : Optional.empty();
    }

    static Optional<Integer> featureVersion(Path javaHome) {
        try {
            Matcher m = RELEASE_VERSION.matcher(Files.readString(javaHome.resolve("release")));
            return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Path jbangJdks(Path user) {
        String cache = System.getenv("JBANG_CACHE_DIR");
        String dir = System.getenv("JBANG_DIR");
        Path base = cache != null && !cache.isBlank() ? Path.of(cache)
                : (dir != null && !dir.isBlank() ? Path.of(dir) : user.resolve(".jbang")).resolve("cache");
        return base.resolve("jdks");
    }

    private static Optional<Jdk> installWithJbang() {
        System.err.println("No JDK 11 or 17 found for the Cassandra nodes (this JVM is Java " + Workshop.javaVersion()
                + "); installing JDK 17 with jbang, once...");
        Path jbang = Workshop.root().resolve("jbang");
        try {
            Process install = new ProcessBuilder(jbang.toString(), "jdk", "install", "17")
                    .redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            if (!install.waitFor(DOWNLOAD_MINUTES, TimeUnit.MINUTES)) {
                install.destroyForcibly();
                return Optional.empty();
            }
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
        return scan(jbangJdks(Path.of(System.getProperty("user.home")))).findFirst();
    }

    /**
     * The server's classpath, resolved once through the Maven wrapper and cached under .workshop.
     * Nodes get their own classpath so the server's libraries never meet the lesson's. Two
     * commands resolving at once each write their own file and move it into place.
     */
    static String classpath() {
        Path root = Workshop.root();
        Path cached = Workshop.stateDir().resolve("cassandra").resolve("server.classpath");
        try {
            if (Files.size(cached) > 0) {
                return Files.readString(cached).trim();
            }
        } catch (IOException notYetResolved) {
            // resolve below
        }
        System.err.println("Fetching Apache Cassandra 5.0 from Maven Central (about 72 MB, only the first time)...");
        Path mvnw = root.resolve("mvnw");
        try {
            Files.createDirectories(cached.getParent());
            Path partial = Files.createTempFile(cached.getParent(), "server.classpath", ".partial");
            Process build = new ProcessBuilder(mvnw.toString(), "-q", "-B",
                    "-f", root.resolve("kit").resolve("cassandra-server").resolve("pom.xml").toString(),
                    "dependency:build-classpath", "-Dmdep.outputFile=" + partial.toAbsolutePath())
                    .directory(root.toFile()).inheritIO().start();
            if (!build.waitFor(DOWNLOAD_MINUTES, TimeUnit.MINUTES)) {
                build.destroyForcibly();
                throw new ClusterException("Fetching Apache Cassandra's jars took more than " + DOWNLOAD_MINUTES
                        + " minutes.", "Check that Maven Central is reachable, then retry: ./jbang up");
            }
            if (build.exitValue() != 0 || Files.size(partial) == 0) {
                Files.deleteIfExists(partial);
                throw new ClusterException("Could not download Apache Cassandra's jars (Maven exited with "
                        + build.exitValue() + ").", "Check that Maven Central is reachable, then retry: ./jbang up");
            }
            Files.move(partial, cached, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return Files.readString(cached).trim();
        } catch (IOException e) {
            throw new ClusterException("Could not run the Maven wrapper to fetch Cassandra: " + e.getMessage(),
                    "Check that " + mvnw + " exists and is executable (chmod +x mvnw), then retry: ./jbang up");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("Interrupted while fetching Cassandra.", "./jbang up");
        }
    }

    static String describe() {
        return find().map(Jdk::toString).orElse("none found (Java 11 or 17 needed; `./jbang up` installs 17 with jbang)");
    }
}
