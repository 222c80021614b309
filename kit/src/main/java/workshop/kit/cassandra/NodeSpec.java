package workshop.kit.cassandra;

import java.nio.file.Path;
import workshop.kit.Processes;

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
    public Processes process() {
        return new Processes(name(), MARKER_KEY, dir);
    }

    public Path logFile() {
        return dir.resolve("logs").resolve("system.log");
    }

    public Path consoleFile() {
        return dir.resolve("logs").resolve("console.log");
    }
}
