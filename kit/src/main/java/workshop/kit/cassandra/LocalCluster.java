package workshop.kit.cassandra;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.Function;
import workshop.kit.LockFile;
import workshop.kit.ManagedProcess;
import workshop.kit.Problem;

/**
 * The embedded cluster: Apache Cassandra 5.0 nodes, each in its own JVM, started in the
 * background and left running for the next lesson until `down`.
 */
public final class LocalCluster {

    public static final int DEFAULT_NODES = 3;
    /** Long enough for another command's cold start on a busy laptop, short enough to notice a hang. */
    private static final Duration LOCK_TIMEOUT = Duration.ofMinutes(8);
    /** Graceful stop of a leftover that is not ours to wipe. */
    private static final Duration LEFTOVER_GRACE = Duration.ofSeconds(20);
    private final ClusterLayout layout;
    private final ClusterFolder folder;

    public LocalCluster(ClusterLayout layout) {
        this.layout = layout;
        this.folder = new ClusterFolder(layout.home());
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
        return Math.max(highest, folder.recordedSize().orElse(0));
    }

    /** Nodes of the running cluster whose process is gone (killed, crashed, machine slept). */
    public List<NodeSpec> missingNodes() {
        return layout.nodes(expectedNodes()).stream().filter(n -> NodeProcess.running(n).isEmpty()).toList();
    }

    /**
     * Fetches what a node needs without starting one (the server's jars, and a JDK 17 when none is
     * found), so the cluster can start later with the network cut. Says what it has, in one line.
     */
    public static String fetchServer() {
        ServerRuntime.javaExecutable();
        String[] jars = ServerRuntime.classpath().split(File.pathSeparator);
        return "Apache Cassandra's server: " + jars.length + " jars; its nodes run on " + ServerRuntime.describe();
    }

    /**
     * Starts our cluster unless some of it runs: the stopped cluster's nodes with their data when
     * their folders hold it (after a reboot, say; a room's cluster stays one), else a fresh cluster
     * of the asked size (3 when none was asked), as a room's cluster when one is given (logins on;
     * see {@link RoomAccess}). Says its plan in one line first; empty when ours already ran. Holds
     * a file lock so two lessons or test JVMs started at once do not both launch nodes.
     */
    public Optional<StoppedCluster.Plan> start(OptionalInt asked, Optional<RoomCluster> room, Consumer<String> announce) {
        Preflight.requireSupportedPlatform();
        Path java = ServerRuntime.javaExecutable();
        String classpath = ServerRuntime.classpath();
        try (LockFile.Held lock = lock()) {
            if (!runningNodes().isEmpty()) {
                return Optional.empty();
            }
            StoppedCluster.Plan plan = nextStart(asked);
            int nodes = plan.nodes();
            Preflight.require(Preflight.check(layout, nodes, heapMb()));
            announce.accept(plan.announce());
            ClassArchive archive = classArchive(java, classpath);
            boolean record = archive.missing(); // every start launches the seed, which lists the classes it loads
            if (plan instanceof StoppedCluster.Resume) {
                folder.write(ClusterFolder.SIZE, Integer.toString(nodes));
                resume(nodes, java, classpath, sharing(archive, record));
            } else {
                folder.wipeNodes();
                folder.write(ClusterFolder.SIZE, Integer.toString(nodes));
                folder.delete(ClusterFolder.ROOM);
                room.ifPresent(r -> folder.write(ClusterFolder.ROOM, r.address()));
                launch(layout.nodes(nodes), nodes, java, classpath, true, sharing(archive, record));
            }
            if (record) {
                System.err.println("Making the nodes' class archive, once (later starts load classes faster)...");
                System.err.println(archive.make(java, classpath, NodeProcess.jvmOptions()));
            }
            return Optional.of(plan);
        }
    }

    /** What the next start would do with the folders on disk; throws, with the fix, when it would refuse. */
    public StoppedCluster.Plan nextStart(OptionalInt asked) {
        return folder.stopped(layout).plan(asked, DEFAULT_NODES);
    }

    /** A node that cannot start from its folder is stopped with the others; the folders stay for the learner's call. */
    private void resume(int nodes, Path java, String classpath, Function<NodeSpec, List<String>> sharing) {
        try {
            launch(layout.nodes(nodes), nodes, java, classpath, false, sharing);
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
        try (LockFile.Held lock = lock()) {
            List<NodeSpec> missing = missingNodes();
            if (missing.isEmpty()) {
                return List.of();
            }
            int size = expectedNodes();
            List<Problem> problems = new ArrayList<>(Preflight.leftoverProblems(layout));
            problems.addAll(Preflight.portProblems(layout, size));
            Preflight.require(problems);
            launch(missing, size, java, classpath, false, sharing(classArchive(java, classpath), false));
            return missing;
        }
    }

    /** Returns once no other command is starting or healing nodes (their nodes are missing until then). */
    public void awaitOtherStarts() {
        try (LockFile.Held lock = lock()) {
            // taken and released: whoever held it has finished
        }
    }

    /** The room this cluster serves, if it was started as a room's cluster; healed nodes stay one. */
    public Optional<RoomCluster> room() {
        return folder.read(ClusterFolder.ROOM).map(RoomCluster::new);
    }

    /** Where a room's admin login is kept while its cluster lives (see {@link RoomAccess}). */
    Path roomAdminFile() {
        return folder.file(ClusterFolder.ROOM_ADMIN);
    }

    private LockFile.Held lock() {
        return LockFile.take(layout.home().resolve("start.lock"), LOCK_TIMEOUT);
    }

    private ClassArchive classArchive(Path java, String classpath) {
        return ClassArchive.of(layout.home(), java, classpath, NodeProcess.jvmOptions());
    }

    /** Each node's class-sharing flags: the archive when there is one; while there is none, the seed records its classes. */
    private Function<NodeSpec, List<String>> sharing(ClassArchive archive, boolean record) {
        return node -> record && node.number() == 1 ? archive.record() : archive.use();
    }

    /** The seed (node1) first when it is among them, since the others join through it; the rest together. */
    private void launch(List<NodeSpec> nodes, int clusterSize, Path java, String classpath, boolean fresh,
                        Function<NodeSpec, List<String>> sharing) {
        NodeSpec seed = layout.node(1);
        Optional<RoomCluster> room = room();
        List<NodeSpec> first = nodes.contains(seed) ? List.of(seed) : List.of();
        List<NodeSpec> rest = nodes.stream().filter(n -> !n.equals(seed)).toList();
        try {
            for (List<NodeSpec> batch : List.of(first, rest)) {
                CompletableFuture.allOf(batch.stream()
                        .map(node -> CompletableFuture.runAsync(() -> NodeProcess.start(layout, node, clusterSize, room, java, classpath,
                                sharing.apply(node))))
                        .toArray(CompletableFuture[]::new)).join(); // each start is bounded by its own poll
            }
            folder.delete(ClusterFolder.FAILED_START);
        } catch (CompletionException e) {
            RuntimeException cause = e.getCause() instanceof RuntimeException r ? r : e;
            folder.write(ClusterFolder.FAILED_START, Instant.now().truncatedTo(ChronoUnit.SECONDS) + " "
                    + (cause instanceof ClusterException c ? c.problem().what() : cause.toString()) + "\n");
            if (fresh) {
                stop();
            } else {
                nodes.forEach(n -> n.process().stop(Duration.ZERO));
            }
            throw cause;
        }
    }

    /**
     * Kills every node process of this checkout, whatever its number, and deletes their data:
     * no graceful drain, since the data goes anyway. Returns how many stopped.
     */
    public int stop() {
        List<ProcessHandle> ours = NodeProcess.marked(layout, ManagedProcess.Owner.OURS).stream()
                .map(ManagedProcess.Marked::process).toList();
        ours.forEach(p -> ManagedProcess.terminate(p, Duration.ZERO, "node pid " + p.pid()));
        folder.wipeNodes();
        folder.delete(ClusterFolder.SIZE, ClusterFolder.STARTED_BY_TESTS, ClusterFolder.ROOM, ClusterFolder.ROOM_ADMIN);
        return ours.size();
    }

    /** Node processes of this checkout that are not part of the running cluster. */
    public List<ManagedProcess.Marked> orphans() {
        List<Long> running = layout.slots().stream().map(NodeProcess::running).flatMap(Optional::stream)
                .map(ProcessHandle::pid).toList();
        return NodeProcess.marked(layout, ManagedProcess.Owner.OURS).stream().filter(m -> !running.contains(m.pid())).toList();
    }

    /** Node JVMs that carry our marker but that no checkout manages any more. */
    public List<ManagedProcess.Marked> leftovers() {
        return NodeProcess.marked(layout, ManagedProcess.Owner.ABANDONED);
    }

    /** Node JVMs another checkout manages: never touched, only mentioned. */
    public List<ManagedProcess.Marked> managedElsewhere() {
        return NodeProcess.marked(layout, ManagedProcess.Owner.ELSEWHERE);
    }

    public int stopLeftovers() {
        List<ManagedProcess.Marked> leftovers = leftovers();
        leftovers.forEach(m -> ManagedProcess.terminate(m.process(), LEFTOVER_GRACE, "leftover node pid " + m.pid()));
        return leftovers.size();
    }

    /** The last start that failed, with when and why, until a start succeeds. */
    public Optional<String> lastFailedStart() {
        return folder.read(ClusterFolder.FAILED_START);
    }
}
