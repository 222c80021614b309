package workshop.kit.cassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import workshop.kit.ManagedProcess;

/**
 * One local node. Every node binds 127.0.0.1 and differs only by port, which works on Linux
 * and on macOS (where 127.0.0.2 does not exist without a loopback alias).
 */
public record NodeSpec(int number, int storagePort, int nativePort, int jmxPort, Path dir) {

    /** The property on a node's command line that names its folder: `down`, `status` and `doctor` look for it. */
    static final String MARKER_KEY = "workshop.cassandra.node";

    public String name() {
        return "node" + number;
    }

    /** The node's JVM as a managed process: pid file and marker in its folder. */
    public ManagedProcess process() {
        return new ManagedProcess(name(), MARKER_KEY, dir);
    }

    public Path logFile() {
        return dir.resolve("logs").resolve("system.log");
    }

    /** Bytes on disk under the node's folder: data, commit log, logs. */
    public long diskBytes() {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        } catch (IOException | UncheckedIOException raced) {
            return 0;
        }
    }

    public Path consoleFile() {
        return dir.resolve("logs").resolve("console.log");
    }
}
