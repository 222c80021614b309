package workshop.kit.cassandra;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import workshop.kit.Problem;

/** Checks made before nodes start, and shown by `doctor`: each problem names its fix. */
public final class Preflight {

    /** Heap per node plus what Cassandra uses off heap and the JVM itself, measured at about 700 MB. */
    static final int OVERHEAD_MB = 300;

    private Preflight() {}

    public static List<Problem> check(ClusterLayout layout, int nodes, int heapMb) {
        List<Problem> problems = new ArrayList<>();
        javaProblem().ifPresent(problems::add);
        leftoverProblem(layout).ifPresent(problems::add);
        problems.addAll(portProblems(layout, nodes));
        memoryProblem(nodes, heapMb).ifPresent(problems::add);
        return problems;
    }

    static Optional<Problem> javaProblem() {
        try {
            ServerRuntime.javaExecutable();
            return Optional.empty();
        } catch (ClusterException e) {
            return Optional.of(e.problem());
        }
    }

    static Optional<Problem> leftoverProblem(ClusterLayout layout) {
        List<ProcessHandle> leftovers = NodeProcess.leftovers(layout.slots());
        if (leftovers.isEmpty()) {
            return Optional.empty();
        }
        String pids = leftovers.stream().map(p -> Long.toString(p.pid())).collect(Collectors.joining(", "));
        return Optional.of(new Problem(
                "Cassandra nodes from an earlier run are still running (pids " + pids + ") and hold memory and ports.",
                "./jbang down --leftovers"));
    }

    static List<Problem> portProblems(ClusterLayout layout, int nodes) {
        List<Problem> problems = new ArrayList<>();
        for (NodeSpec node : layout.nodes(nodes)) {
            if (NodeProcess.running(node).isPresent()) {
                continue; // our own node holds its own ports
            }
            for (int port : new int[] {node.storagePort(), node.nativePort(), node.jmxPort()}) {
                if (NodeProcess.listening(port)) {
                    problems.add(new Problem(
                            "Port " + port + " (needed by " + node.name() + ") is held by a process that is not one of our nodes.",
                            "find it with `ss -ltnp 'sport = :" + port + "'` (Linux) or `lsof -i :" + port
                                    + "` (macOS) and stop it, or move our ports: export WORKSHOP_CASSANDRA_PORT=19042"));
                }
            }
        }
        return problems;
    }

    static Optional<Problem> memoryProblem(int nodes, int heapMb) {
        long needed = (long) nodes * (heapMb + OVERHEAD_MB);
        long available = availableMemoryMb();
        if (available >= needed) {
            return Optional.empty();
        }
        String fix = nodes > 1
                ? "run a single node (lessons still print what it reads): ./jbang up --nodes 1"
                : "close other programs, or lower the heap: export WORKSHOP_NODE_HEAP_MB=512";
        return Optional.of(new Problem(
                nodes + " node(s) need about " + needed + " MB of free memory; " + available + " MB is available.", fix));
    }

    /** MemAvailable on Linux (free plus reclaimable cache); elsewhere the JVM's view of free memory. */
    public static long availableMemoryMb() {
        Path meminfo = Path.of("/proc/meminfo");
        if (Files.isReadable(meminfo)) {
            try {
                for (String line : Files.readAllLines(meminfo)) {
                    if (line.startsWith("MemAvailable:")) {
                        return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
                    }
                }
            } catch (IOException fallThrough) {
                // use the JVM's figure
            }
        }
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return os.getFreeMemorySize() / (1024 * 1024);
    }
}
