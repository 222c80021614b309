package workshop.kit.cassandra;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.kit.LogFile;
import workshop.kit.ManagedProcess;
import workshop.kit.Platform;
import workshop.kit.PortHolder;
import workshop.kit.Problem;
import workshop.kit.StartPolicy;
import workshop.kit.WorkshopException;

/** Starts and finds one node's JVM, a managed process marked with its folder: its command, readiness and retries. */
final class NodeProcess {

    /**
     * Bounds how long a joining node waits for the seed's gossip answer (the shadow round waits
     * twice this, asking again every 5 s). It ends as soon as the seed answers, so a quiet machine
     * pays nothing; a busy one gets 20 s instead of one second. No other start-up step of a node
     * that does not bootstrap waits for it.
     */
    static final int RING_DELAY_MS = 10_000;

    /** Causes of a failed start that a second attempt cures: the seed answered too late. */
    private static final List<String> RETRYABLE = List.of("Unable to gossip with any peers", "Unable to contact any seeds");

    private static final Pattern STORAGE_PORT_IN_USE = Pattern.compile(":(\\d+) is in use by another process");

    private NodeProcess() {}

    /** Per node; a 3-node start took up to 3 minutes at a load average of 38 on 2 cores. */
    private static final Duration START_TIMEOUT = Duration.ofMinutes(5);
    /** A node that died at start because its seed answered too late is started again at most this often. */
    static final int GOSSIP_RETRIES = 2;

    /**
     * Starts one node and waits for its CQL port. A port taken at start is usually an outgoing
     * socket or another JVM's RMI port the system handed out between our check and the start, and
     * gone a moment later: one more try. A seed that answered too late: two more.
     */
    static ProcessHandle start(ClusterLayout layout, NodeSpec node, int clusterSize, Optional<RoomCluster> room,
                               Path java, String classpath, List<String> sharing) {
        try {
            return node.process().start(() -> command(node, NodeConfig.write(node, layout.node(1), clusterSize, room),
                    java, classpath, sharing, clusterOptions(clusterSize, room)), policy(layout, node));
        } catch (WorkshopException e) {
            throw new ClusterException(e.problem(), e.getCause());
        }
    }

    /** What differs between a laptop's cluster and a room's: the compilers, and system properties. */
    private static List<String> clusterOptions(int clusterSize, Optional<RoomCluster> room) {
        List<String> options = new ArrayList<>(NodeConfig.compilers(room));
        options.addAll(NodeConfig.properties(clusterSize, room));
        return options;
    }

    static StartPolicy policy(ClusterLayout layout, NodeSpec node) {
        return new StartPolicy(StartPolicy.Readiness.portOpen(node.nativePort()), START_TIMEOUT,
                Duration.ofMillis(250), List.of(new LogFile(node.logFile()), new LogFile(node.consoleFile())),
                List.of(new StartPolicy.Cause(1, log -> portInUse(log, node).stream().boxed().findFirst()
                                .map(port -> portTaken(layout, node, port))),
                        new StartPolicy.Cause(GOSSIP_RETRIES, log -> retryableCause(log)
                                .map(cause -> new StartPolicy.Diagnosis(cause + " (a busy machine)", Optional.empty())))),
                "./jbang down, close other programs, then ./jbang up --nodes 1",
                "./jbang doctor (then ./jbang down && ./jbang up)");
    }

    private static StartPolicy.Diagnosis portTaken(ClusterLayout layout, NodeSpec node, int port) {
        return new StartPolicy.Diagnosis("port " + port + " was taken by another process", Optional.of(new Problem(
                node.name() + " could not listen on port " + port + ": "
                        + PortHolder.of(port).map(holder -> holder + " holds it").orElse("another process holds it") + ".",
                Preflight.portFix(layout, port))));
    }

    /** The heap and the flags every node runs with: what the class archive is dumped with, too. */
    static List<String> jvmOptions() {
        List<String> options = new ArrayList<>();
        options.add("-Xms256m"); // the heap grows only as far as a lesson needs it
        options.add("-Xmx" + LocalCluster.heapMb() + "m");
        options.addAll(NodeConfig.jvmFlags());
        return options;
    }

    private static ProcessBuilder command(NodeSpec node, Path yaml, Path java, String classpath, List<String> sharing,
                                          List<String> clusterOptions) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(jvmOptions());
        command.addAll(sharing);
        command.addAll(List.of(
                "-D" + node.process().marker(),
                "-Dcassandra.config=" + yaml.toUri(),
                "-Dlogback.configurationFile=" + node.dir().resolve("logback.xml").toUri(),
                "-Dcassandra-foreground=yes",
                "-Dcassandra.jmx.local.port=" + node.jmxPort(),
                "-Dcassandra.ring_delay_ms=" + RING_DELAY_MS,
                "-Dcassandra.skip_wait_for_gossip_to_settle=0",
                "-Dcassandra.storagedir=" + node.dir().toAbsolutePath()));
        command.addAll(clusterOptions);
        command.addAll(List.of("-cp", classpath,
                "org.apache.cassandra.service.CassandraDaemon"));
        return new ProcessBuilder(command)
                .directory(node.dir().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(node.consoleFile().toFile()))
                .redirectInput(Platform.nullDevice());
    }

    /** The live process of this node, if its pid file points at a process that carries its marker. */
    static Optional<ProcessHandle> running(NodeSpec node) {
        return node.process().running();
    }

    /** Every live node process that carries our marker and has this owner. */
    static List<ManagedProcess.Marked> marked(ClusterLayout layout, ManagedProcess.Owner owner) {
        return ManagedProcess.marked(NodeSpec.MARKER_KEY, layout.home()).stream().filter(m -> m.owner() == owner).toList();
    }

    /** The phrase in the log that names a cause a second start cures, if any. */
    static Optional<String> retryableCause(String log) {
        return RETRYABLE.stream().filter(log::contains).findFirst();
    }

    /**
     * The port a start could not listen on, as Cassandra 5.0 logs it: the storage port by address
     * ("/127.0.0.1:7000 is in use by another process"), the JMX port as the RMI registry's
     * BindException. Both were reproduced with a socket bound, not listening, on the port.
     */
    static OptionalInt portInUse(String log, NodeSpec node) {
        Matcher storage = STORAGE_PORT_IN_USE.matcher(log);
        if (storage.find()) {
            return OptionalInt.of(Integer.parseInt(storage.group(1)));
        }
        return log.contains("BindException: Address already in use") && log.contains("RMIServerSocketFactory")
                ? OptionalInt.of(node.jmxPort()) : OptionalInt.empty();
    }
}
