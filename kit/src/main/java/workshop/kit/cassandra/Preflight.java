package workshop.kit.cassandra;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import workshop.kit.EphemeralPorts;
import workshop.kit.ManagedProcess;
import workshop.kit.Platform;
import workshop.kit.Ports;
import workshop.kit.Problem;

/** Checks made before nodes start, and shown by `doctor`: each problem names its fix. */
public final class Preflight {

    /**
     * Memory a node uses beyond its heap limit (off-heap memtables and caches, metaspace, code
     * cache, thread stacks): measured resident size stays below heap + 300 MB.
     */
    static final int OVERHEAD_MB = 300;

    private Preflight() {}

    public static List<Problem> check(ClusterLayout layout, int nodes, int heapMb) {
        if (Platform.WINDOWS) {
            return List.of(windows());
        }
        List<Problem> problems = new ArrayList<>();
        problems.addAll(leftoverProblems(layout));
        problems.addAll(portProblems(layout, nodes));
        memoryProblem(nodes, heapMb).ifPresent(problems::add);
        return problems;
    }

    /** Refuses, in one line, to start nodes where they cannot run, before anything is fetched. */
    static void requireSupportedPlatform() {
        if (Platform.WINDOWS) {
            throw new ClusterException(windows().what(), windows().fix());
        }
    }

    /** Cassandra 5.0 does not run natively on Windows: the two ways that do work. */
    static Problem windows() {
        return new Problem("Cassandra 5.0 nodes do not run natively on Windows.",
                "run the workshop inside WSL 2, or start docker/compose.yaml and"
                        + " set CASSANDRA_CONTACT_POINTS=127.0.0.1:9042");
    }

    /** Which JDK the nodes run on and how it was found, for `doctor`. */
    public static String nodeJdk() {
        return ServerRuntime.describe();
    }

    /** Memory the nodes need together: heap plus what a node uses beyond it. */
    public static long neededMb(int nodes, int heapMb) {
        return (long) nodes * (heapMb + OVERHEAD_MB);
    }

    /**
     * Node JVMs that would disturb a start: ours outside the running cluster (an orphan, from an
     * earlier `--nodes` or a deleted pid file) and abandoned ones (no checkout manages them).
     */
    public static List<Problem> leftoverProblems(ClusterLayout layout) {
        List<Problem> problems = new ArrayList<>();
        LocalCluster cluster = new LocalCluster(layout);
        List<ManagedProcess.Marked> orphans = cluster.orphans();
        if (!orphans.isEmpty()) {
            problems.add(new Problem("Node processes of this checkout outside the cluster are still running ("
                    + describe(orphans) + "); they would confuse a new cluster.", "./jbang down"));
        }
        List<ManagedProcess.Marked> abandoned = cluster.leftovers();
        if (!abandoned.isEmpty()) {
            problems.add(new Problem("Cassandra nodes no checkout manages are still running (" + describe(abandoned)
                    + ") and hold memory and ports.", "./jbang down --leftovers"));
        }
        return problems;
    }

    /** Throws the first problem found, with its fix. */
    static void require(List<Problem> problems) {
        if (!problems.isEmpty()) {
            throw new ClusterException(problems.get(0).what(), problems.get(0).fix());
        }
    }

    static String describe(List<ManagedProcess.Marked> processes) {
        return processes.stream().map(m -> "pid " + m.pid() + " in " + m.folder()).collect(Collectors.joining(", "));
    }

    static List<Problem> portProblems(ClusterLayout layout, int nodes) {
        List<Integer> taken = new ArrayList<>();
        List<String> owners = new ArrayList<>();
        for (NodeSpec node : layout.nodes(nodes)) {
            if (NodeProcess.running(node).isPresent()) {
                continue; // our own node holds its own ports
            }
            for (int port : new int[] {node.storagePort(), node.nativePort(), node.jmxPort()}) {
                if (Ports.listening(port)) {
                    taken.add(port);
                    owners.add(node.name());
                }
            }
        }
        if (taken.isEmpty()) {
            return List.of();
        }
        return List.of(new Problem("Port" + (taken.size() > 1 ? "s " : " ") + taken.stream().map(String::valueOf)
                .collect(Collectors.joining(", ")) + " (needed by " + owners.stream().distinct().collect(Collectors.joining(", "))
                + ") " + (taken.size() > 1 ? "are held by processes that are not our nodes."
                        : "is held by a process that is not one of our nodes."),
                portFix(layout, taken.get(0))));
    }

    /** How to free a port one of our nodes needs: stop its holder, or move every port of ours. */
    static String portFix(ClusterLayout layout, int port) {
        OptionalInt free = layout.freeBase(Ports::listening, EphemeralPorts.ofThisMachine());
        String move = free.isPresent() ? ", or move our ports: export WORKSHOP_CASSANDRA_PORT=" + free.getAsInt()
                : "";
        return "find it with `ss -tanp 'sport = :" + port + "'` (Linux) or `lsof -i :" + port + "` (macOS) and stop it" + move;
    }

    static Optional<Problem> memoryProblem(int nodes, int heapMb) {
        long needed = neededMb(nodes, heapMb);
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
