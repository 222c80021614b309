package workshop.kit.cassandra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import workshop.kit.Workshop;

/** What a node runs on: a JDK Cassandra 5.0 supports, and the server's jars from Maven Central. */
final class ServerRuntime {

    private static final Pattern RELEASE_VERSION = Pattern.compile("JAVA_VERSION=\"(\\d+)");

    private ServerRuntime() {}

    /** Cassandra 5.0 runs on Java 11 and 17 only. */
    static boolean supports(int javaFeature) {
        return javaFeature == 11 || javaFeature == 17;
    }

    /** $CASSANDRA_JAVA_HOME, else this JVM, else $JAVA_HOME, whichever is a supported JDK. */
    static Path javaExecutable() {
        for (String home : candidates()) {
            Path java = Path.of(home, "bin", "java");
            if (Files.isExecutable(java) && featureVersion(Path.of(home)).filter(ServerRuntime::supports).isPresent()) {
                return java;
            }
        }
        throw new ClusterException("Cassandra 5.0 needs Java 11 or 17 for its nodes, and this JVM is Java "
                + Workshop.javaVersion() + ".",
                "Install a JDK 17 and point the nodes at it: export CASSANDRA_JAVA_HOME=/path/to/jdk-17");
    }

    private static List<String> candidates() {
        return Stream.of(System.getenv("CASSANDRA_JAVA_HOME"), System.getProperty("java.home"),
                        System.getenv("JAVA_HOME"))
                .filter(h -> h != null && !h.isBlank())
                .toList();
    }

    static Optional<Integer> featureVersion(Path javaHome) {
        try {
            Matcher m = RELEASE_VERSION.matcher(Files.readString(javaHome.resolve("release")));
            return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The server's classpath, resolved once through the Maven wrapper and cached under .workshop.
     * Nodes get their own classpath so the server's libraries never meet the lesson's.
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
        String mvnw = root.resolve(isWindows() ? "mvnw.cmd" : "mvnw").toString();
        ProcessBuilder build = new ProcessBuilder(mvnw, "-q", "-B",
                "-f", root.resolve("kit").resolve("cassandra-server").resolve("pom.xml").toString(),
                "dependency:build-classpath", "-Dmdep.outputFile=" + cached.toAbsolutePath())
                .directory(root.toFile())
                .inheritIO();
        try {
            Files.createDirectories(cached.getParent());
            int exit = build.start().waitFor();
            if (exit != 0 || !Files.exists(cached)) {
                throw new ClusterException("Could not download Apache Cassandra's jars (Maven exited with " + exit + ").",
                        "Check that Maven Central is reachable, then retry: ./jbang up");
            }
            return Files.readString(cached).trim();
        } catch (IOException e) {
            throw new ClusterException("Could not run the Maven wrapper to fetch Cassandra: " + e.getMessage(),
                    "Check that " + mvnw + " exists and is executable (chmod +x mvnw), then retry: ./jbang up");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("Interrupted while fetching Cassandra.", "./jbang up");
        }
    }

    static boolean isWindows() {
        return System.getProperty("os.name").toLowerCase().startsWith("windows");
    }
}
