package workshop.kit.cassandra;

import java.nio.file.Path;

/**
 * One local node. Every node binds 127.0.0.1 and differs only by port, which works on Linux
 * and on macOS (where 127.0.0.2 does not exist without a loopback alias).
 */
public record NodeSpec(int number, int storagePort, int nativePort, int jmxPort, Path dir) {

    public String name() {
        return "node" + number;
    }

    public Path pidFile() {
        return dir.resolve("pid");
    }

    public Path logFile() {
        return dir.resolve("logs").resolve("system.log");
    }

    public Path consoleFile() {
        return dir.resolve("logs").resolve("console.log");
    }

    /** The JVM flag that marks a process as this node, so `down` and `doctor` can recognise it. */
    public String marker() {
        return "-Dworkshop.cassandra.node=" + dir.toAbsolutePath();
    }
}
