package workshop.kit.cassandra;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import workshop.kit.Poll;
import workshop.kit.PortHolder;
import workshop.kit.Problem;
import workshop.kit.Processes;

/**
 * The embedded cluster: Apache Cassandra 5.0 nodes, each in its own JVM, started in the
 * background and left running for the next lesson until `down`.
 */
public final class LocalCluster {

    public static final int DEFAULT_NODES = 3;
    /** A node that died at start with a retryable cause is started again at most this often. */
    static final int START_RETRIES = 2;
    /** Per node; a 3-node start took up to 3 minutes at a load average of 38 on 2 cores. */
    private static final Duration START_TIMEOUT = Duration.ofMinutes(5);
    /** Long enough for another command's cold start on a busy laptop, short enough to notice a hang. */
    private static final Duration LOCK_TIMEOUT = Duration.ofMinutes(8);
    /** Graceful stop of a leftover that is not ours to wipe. */
    private static final Duration LEFTOVER_GRACE = Duration.ofSeconds(20);
    private static final String SIZE_FILE = "nodes";
    private static final String FAILED_START_FILE = "last-failed-start.txt";
    /** Written by the test support when a test run started the cluster; a stop makes it untrue. */
    private static final String STARTED_BY_TESTS = "started-by-tests";
    /** Present while a room's cluster runs: the address learners reach it at. */
    private static final String ROOM_FILE = "room";

    private final ClusterLayout layout;

    public LocalCluster(ClusterLayout layout) {
        this.layout = layout;
    }

    public static LocalCluster standard() {
        return new LocalCluster(ClusterLayout.standard());
    }

    public ClusterLayout layout() {
        return layout;
    }

    /** Nodes requested by WORKSHOP_NODES (1 to 3), 3 by default. */
    public static int requestedNodes() {
        return askedNodes().orElse(DEFAULT_NODES);
    }

    /** Nodes asked for by WORKSHOP_NODES (1 to 3), if it is set. */
    public static OptionalInt askedNodes() {
        String value = System.getenv("WORKSHOP_NODES");
        return value == null ? OptionalInt.empty() : OptionalInt.of(ClusterLayout.validNodes(value, "WORKSHOP_NODES"));
    }

    public static int heapMb() {
        return Integer.parseInt(System.getenv().getOrDefault("WORKSHOP_NODE_HEAP_MB", "768"));
    }

    /** Our nodes that are running now, in node order. */
    public List<NodeSpec> runningNodes() {
        return layout.slots().stream().filter(n -> NodeProcess.running(n).isPresent()).toList();
    }

    public Optional<ProcessHandle> process(NodeSpec node) {
        return NodeProcess.running(node);
    }

    /** How many nodes the running cluster was started with; 0 when none of ours runs. */
    public int expectedNodes() {
        List<NodeSpec> running = runningNodes();
        if (running.isEmpty()) {
            return 0;
        }
        int highest = running.get(running.size() - 1).number();
        try {
            return Math.max(highest, ClusterLayout.validNodes(Files.readString(layout.home().resolve(SIZE_FILE)), SIZE_FILE));
        } catch (IOException | ClusterException noRecord) {
            return highest;
        }
    }

    /** Nodes of the running cluster whose process is gone (killed, crashed, machine slept). */
    public List<NodeSpec> missingNodes() {
        return layout.nodes(expectedNodes()).stream().filter(n -> NodeProcess.running(n).isEmpty()).toList();
    }

    /**
     * Starts our cluster unless some of it runs: the stopped cluster's nodes with their data when
     * their folders hold it (after a reboot, say; a room's cluster stays one), else a fresh cluster
     * of the asked size (3 when none was asked), as a room's cluster when one is given (logins on;
     * see {@link RoomAccess}). Says its plan in one line first; empty when ours already ran. Holds
     * a file lock so two lessons or test JVMs started at once do not both launch nodes.
     */
    /**
     * Fetches what a node needs without starting one (the server's jars, and a JDK 17 when none is
     * found), so the cluster can start later with the network cut. Says what it has, in one line.
     */
    public static String fetchServer() {
        ServerRuntime.javaExecutable();
        String[] jars = ServerRuntime.classpath().split(File.pathSeparator);
        return "Apache Cassandra's server: " + jars.length + " jars; its nodes run on " + ServerRuntime.describe();
    }

    public Optional<StoppedCluster.Plan> start(OptionalInt asked, Optional<RoomCluster> room, Consumer<String> announce) {
        Preflight.requireSupportedPlatform();
        Path java = ServerRuntime.javaExecutable();
        String classpath = ServerRuntime.classpath();
        try (Processes.Held lock = lock()) {
            if (!runningNodes().isEmpty()) {
                return Optional.empty();
            }
            StoppedCluster.Plan plan = nextStart(asked);
            int nodes = plan.nodes();
            throwFirst(Preflight.check(layout, nodes, heapMb()));
            announce.accept(plan.announce());
            if (plan instanceof StoppedCluster.Resume) {
                write(SIZE_FILE, Integer.toString(nodes));
                resume(nodes, java, classpath);
            } else {
                wipe(nodeFolders());
                write(SIZE_FILE, Integer.toString(nodes));
                deleteIfExists(layout.home().resolve(ROOM_FILE));
                room.ifPresent(r -> write(ROOM_FILE, r.address()));
                launch(layout.nodes(nodes), nodes, java, classpath, true);
            }
            return Optional.of(plan);
        }
    }

    /** What the next start would do with the folders on disk; throws, with the fix, when it would refuse. */
    public StoppedCluster.Plan nextStart(OptionalInt asked) {
        return stopped().plan(asked, DEFAULT_NODES);
    }

    /** The node folders left on disk with no node of ours running, as a start finds them. */
    private StoppedCluster stopped() {
        OptionalInt recorded;
        try {
            recorded = OptionalInt.of(ClusterLayout.validNodes(Files.readString(layout.home().resolve(SIZE_FILE)), SIZE_FILE));
        } catch (IOException | ClusterException noRecord) {
            recorded = OptionalInt.empty();
        }
        // A node writes its system keyspace's folder at its first start; our config writes only "data".
        Set<Integer> withData = layout.slots().stream().filter(n -> Files.isDirectory(n.dir().resolve("data").resolve("system")))
                .map(NodeSpec::number).collect(Collectors.toSet());
        return new StoppedCluster(recorded, withData, layout.home().toString());
    }

    /** A node that cannot start from its folder is stopped with the others; the folders stay for the learner's call. */
    private void resume(int nodes, Path java, String classpath) {
        try {
            launch(layout.nodes(nodes), nodes, java, classpath, false);
        } catch (ClusterException e) {
            throw new ClusterException("Restarting the stopped cluster from its folders: " + e.problem().what(),
                    "./jbang down && ./jbang up (starts fresh; the stopped cluster's tables are lost)", e);
        }
    }

    /** Restarts the missing nodes of the running cluster with their data; returns them. */
    public List<NodeSpec> heal() {
        if (missingNodes().isEmpty()) {
            return List.of();
        }
        Preflight.requireSupportedPlatform();
        Path java = ServerRuntime.javaExecutable();
        String classpath = ServerRuntime.classpath();
        try (Processes.Held lock = lock()) {
            List<NodeSpec> missing = missingNodes();
            if (missing.isEmpty()) {
                return List.of();
            }
            int size = expectedNodes();
            List<Problem> problems = new ArrayList<>(Preflight.leftoverProblems(layout));
            problems.addAll(Preflight.portProblems(layout, size));
            throwFirst(problems);
            launch(missing, size, java, classpath, false);
            return missing;
        }
    }

    /** Returns once no other command is starting or healing nodes (their nodes are missing until then). */
    public void awaitOtherStarts() {
        try (Processes.Held lock = lock()) {
            // taken and released: whoever held it has finished
        }
    }

    /** The room this cluster serves, if it was started as a room's cluster; healed nodes stay one. */
    public Optional<RoomCluster> room() {
        try {
            return Optional.of(new RoomCluster(Files.readString(layout.home().resolve(ROOM_FILE)).trim()));
        } catch (IOException notARoom) {
            return Optional.empty();
        }
    }

    /** Where a room's admin login is kept while its cluster lives (see {@link RoomAccess}). */
    Path roomAdminFile() {
        return layout.home().resolve("room-admin.properties");
    }

    private Processes.Held lock() {
        return Processes.lock(layout.home().resolve("start.lock"), LOCK_TIMEOUT);
    }

    private static void throwFirst(List<Problem> problems) {
        if (!problems.isEmpty()) {
            throw new ClusterException(problems.get(0).what(), problems.get(0).fix());
        }
    }

    /** The seed (node1) first when it is among them, since the others join through it; the rest together. */
    private void launch(List<NodeSpec> nodes, int clusterSize, Path java, String classpath, boolean fresh) {
        NodeSpec seed = layout.node(1);
        Optional<RoomCluster> room = room();
        List<NodeSpec> first = nodes.contains(seed) ? List.of(seed) : List.of();
        List<NodeSpec> rest = nodes.stream().filter(n -> !n.equals(seed)).toList();
        try {
            for (List<NodeSpec> batch : List.of(first, rest)) {
                CompletableFuture.allOf(batch.stream()
                        .map(node -> CompletableFuture.runAsync(() -> startNode(node, seed, clusterSize, room, java, classpath)))
                        .toArray(CompletableFuture[]::new)).join(); // each start is bounded by its own poll
            }
            deleteIfExists(layout.home().resolve(FAILED_START_FILE));
        } catch (CompletionException e) {
            RuntimeException cause = e.getCause() instanceof RuntimeException r ? r : e;
            write(FAILED_START_FILE, Instant.now().truncatedTo(ChronoUnit.SECONDS) + " "
                    + (cause instanceof ClusterException c ? c.problem().what() : cause.toString()) + "\n");
            if (fresh) {
                stop();
            } else {
                nodes.forEach(n -> n.process().stop(Duration.ZERO));
            }
            throw cause;
        }
    }

    /** Starts one node and waits for its CQL port; a retryable death is retried, each retry said in one line. */
    private void startNode(NodeSpec node, NodeSpec seed, int clusterSize, Optional<RoomCluster> room, Path java, String classpath) {
        boolean portRetried = false;
        int gossipRetries = 0;
        while (true) {
            long logStart = NodeProcess.logLength(node);
            ProcessHandle process = NodeProcess.launch(node, NodeConfig.write(node, seed, clusterSize, room), java, classpath,
                    heapMb(), NodeConfig.properties(clusterSize, room));
            boolean settled = Poll.until(node.name() + " (pid " + process.pid() + ") to open port " + node.nativePort(),
                            START_TIMEOUT).every(Duration.ofMillis(250))
                    .tryAwait(() -> !process.isAlive() || Processes.listening(node.nativePort()));
            if (settled && process.isAlive()) {
                return;
            }
            if (process.isAlive()) {
                Processes.terminate(process, Duration.ZERO, node.name());
                throw new ClusterException(node.name() + " (pid " + process.pid() + ") did not open port "
                        + node.nativePort() + " within " + START_TIMEOUT.toMinutes() + " minutes. The end of its log:\n"
                        + NodeProcess.logTail(node, 25), "./jbang down, close other programs, then ./jbang up --nodes 1");
            }
            String log = NodeProcess.logSince(node, logStart);
            OptionalInt taken = NodeProcess.portInUse(log, node);
            if (taken.isPresent()) {
                int port = taken.getAsInt();
                if (portRetried) {
                    throw new ClusterException(node.name() + " could not listen on port " + port + ": "
                            + PortHolder.of(port).map(holder -> holder + " holds it").orElse("another process holds it")
                            + ".", Preflight.portFix(layout, port));
                }
                // Usually an outgoing socket or another JVM's RMI port that the system handed out
                // between our check and the start, and gone a moment later: one more try.
                portRetried = true;
                System.err.printf("%s could not listen on port %d (another process had it); trying once more.%n",
                        node.name(), port);
                continue;
            }
            Optional<String> cause = NodeProcess.retryableCause(log);
            if (cause.isEmpty() || gossipRetries == START_RETRIES) {
                throw new ClusterException(node.name() + " stopped while starting"
                        + cause.map(c -> " (" + c + ", " + START_RETRIES + " retries)").orElse("")
                        + ". The end of its log:\n" + NodeProcess.logTail(node, 25),
                        "./jbang doctor (then ./jbang down && ./jbang up)");
            }
            gossipRetries++;
            System.err.printf("%s stopped at start: %s (a busy machine); retry %d of %d.%n",
                    node.name(), cause.get(), gossipRetries, START_RETRIES);
        }
    }

    /**
     * Kills every node process of this checkout, whatever its number, and deletes their data:
     * no graceful drain, since the data goes anyway. Returns how many stopped.
     */
    public int stop() {
        List<ProcessHandle> ours = NodeProcess.marked(layout).stream()
                .filter(m -> m.owner() == Processes.Owner.OURS).map(Processes.Marked::process).toList();
        ours.forEach(p -> Processes.terminate(p, Duration.ZERO, "node pid " + p.pid()));
        wipe(nodeFolders());
        deleteIfExists(layout.home().resolve(SIZE_FILE));
        deleteIfExists(layout.home().resolve(STARTED_BY_TESTS));
        deleteIfExists(layout.home().resolve(ROOM_FILE));
        deleteIfExists(roomAdminFile());
        return ours.size();
    }

    /** Node processes of this checkout that are not part of the running cluster. */
    public List<Processes.Marked> orphans() {
        List<Long> running = layout.slots().stream().map(NodeProcess::running).flatMap(Optional::stream)
                .map(ProcessHandle::pid).toList();
        return NodeProcess.marked(layout).stream()
                .filter(m -> m.owner() == Processes.Owner.OURS && !running.contains(m.pid())).toList();
    }

    /** Node JVMs that carry our marker but that no checkout manages any more. */
    public List<Processes.Marked> leftovers() {
        return NodeProcess.marked(layout).stream().filter(m -> m.owner() == Processes.Owner.ABANDONED).toList();
    }

    /** Node JVMs another checkout manages: never touched, only mentioned. */
    public List<Processes.Marked> managedElsewhere() {
        return NodeProcess.marked(layout).stream().filter(m -> m.owner() == Processes.Owner.ELSEWHERE).toList();
    }

    public int stopLeftovers() {
        List<Processes.Marked> leftovers = leftovers();
        leftovers.forEach(m -> Processes.terminate(m.process(), LEFTOVER_GRACE, "leftover node pid " + m.pid()));
        return leftovers.size();
    }

    /** The last start that failed, with when and why, until a start succeeds. */
    public Optional<String> lastFailedStart() {
        try {
            return Optional.of(Files.readString(layout.home().resolve(FAILED_START_FILE)).trim());
        } catch (IOException none) {
            return Optional.empty();
        }
    }

    /** Bytes on disk under a node's folder: data, commit log, logs. */
    public static long diskBytes(NodeSpec node) {
        if (!Files.isDirectory(node.dir())) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(node.dir())) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        } catch (IOException | UncheckedIOException raced) {
            return 0;
        }
    }

    /** Every node folder under our home, whatever its number. */
    private List<Path> nodeFolders() {
        if (!Files.isDirectory(layout.home())) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(layout.home())) {
            return children.filter(p -> p.getFileName().toString().matches("node\\d+") && Files.isDirectory(p)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + layout.home(), e);
        }
    }

    private static void wipe(List<Path> folders) {
        for (Path folder : folders) {
            try (Stream<Path> files = Files.walk(folder)) {
                List<Path> all = new ArrayList<>(files.toList());
                all.sort(Comparator.reverseOrder());
                all.forEach(p -> p.toFile().delete());
            } catch (IOException | UncheckedIOException e) {
                throw new ClusterException("Cannot delete " + folder + ": " + e.getMessage(),
                        "close programs that use files in it, then ./jbang down");
            }
        }
    }

    private void write(String file, String content) {
        try {
            Files.createDirectories(layout.home());
            Files.writeString(layout.home().resolve(file), content);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + file + " in " + layout.home(), e);
        }
    }

    private static void deleteIfExists(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot delete " + file, e);
        }
    }
}
