package workshop.kit.cassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import workshop.kit.Problem;

/**
 * The embedded cluster: Apache Cassandra 5.0 nodes, each in its own JVM, started in the
 * background and left running for the next lesson until `down`.
 */
public final class LocalCluster {

    public static final int DEFAULT_NODES = 3;
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

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
        int nodes = Integer.parseInt(System.getenv().getOrDefault("WORKSHOP_NODES", Integer.toString(DEFAULT_NODES)));
        if (nodes < 1 || nodes > ClusterLayout.MAX_NODES) {
            throw new ClusterException("WORKSHOP_NODES is " + nodes + "; the local cluster runs 1 to 3 nodes.",
                    "export WORKSHOP_NODES=3 (or 1 on a small laptop)");
        }
        return nodes;
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

    /**
     * Starts the requested number of nodes, unless they already run. Holds a file lock so two
     * lessons or test JVMs started at once do not both launch nodes.
     */
    public void start(int nodes) {
        try (FileChannel channel = lockChannel(); FileLock ignored = channel.lock()) {
            List<NodeSpec> running = runningNodes();
            if (running.size() >= nodes) {
                return;
            }
            if (!running.isEmpty()) {
                throw new ClusterException("Only " + running.size() + " of our nodes are running (" + names(running)
                        + "); a partial cluster would give wrong measurements.", "./jbang down && ./jbang up");
            }
            List<Problem> problems = Preflight.check(layout, nodes, heapMb());
            if (!problems.isEmpty()) {
                Problem first = problems.get(0);
                throw new ClusterException(first.what(), first.fix());
            }
            launch(layout.nodes(nodes));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void launch(List<NodeSpec> nodes) {
        Path java = ServerRuntime.javaExecutable();
        String classpath = ServerRuntime.classpath();
        NodeSpec seed = nodes.get(0);
        wipe(nodes);
        // The seed must answer gossip before the others can join; the rest may start together.
        startAndAwait(List.of(seed), seed, nodes.size(), java, classpath);
        startAndAwait(nodes.subList(1, nodes.size()), seed, nodes.size(), java, classpath);
    }

    private void startAndAwait(List<NodeSpec> batch, NodeSpec seed, int clusterSize, Path java, String classpath) {
        List<CompletableFuture<Void>> ready = batch.stream().map(node -> {
            Path yaml = NodeConfig.write(node, seed, clusterSize);
            ProcessHandle process = NodeProcess.launch(node, yaml, java, classpath, heapMb());
            return CompletableFuture.runAsync(() -> awaitNativePort(node, process));
        }).toList();
        try {
            CompletableFuture.allOf(ready.toArray(CompletableFuture[]::new)).join();
        } catch (java.util.concurrent.CompletionException e) {
            stop();
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    private void awaitNativePort(NodeSpec node, ProcessHandle process) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!NodeProcess.listening(node.nativePort())) {
            if (!process.isAlive()) {
                throw new ClusterException(node.name() + " stopped while starting. The end of its log:\n"
                        + NodeProcess.logTail(node, 25), "./jbang doctor (then ./jbang down && ./jbang up)");
            }
            if (System.nanoTime() > deadline) {
                throw new ClusterException(node.name() + " did not open port " + node.nativePort() + " within "
                        + START_TIMEOUT.toMinutes() + " minutes. The end of its log:\n" + NodeProcess.logTail(node, 25),
                        "./jbang down, close other programs, then ./jbang up --nodes 1");
            }
            sleep(250);
        }
    }

    /** Stops exactly our nodes (by pid file and marker) and deletes their data. Returns how many stopped. */
    public int stop() {
        int stopped = 0;
        for (NodeSpec node : layout.slots()) {
            Optional<ProcessHandle> process = NodeProcess.running(node);
            if (process.isPresent()) {
                NodeProcess.stop(process.get(), Duration.ofSeconds(20));
                stopped++;
            }
        }
        wipe(layout.slots());
        return stopped;
    }

    /** Node JVMs that carry our marker but no pid file of this checkout accounts for. */
    public List<ProcessHandle> leftovers() {
        return NodeProcess.leftovers(layout.slots());
    }

    public int stopLeftovers() {
        List<ProcessHandle> leftovers = leftovers();
        leftovers.forEach(p -> NodeProcess.stop(p, Duration.ofSeconds(20)));
        return leftovers.size();
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

    private static void wipe(List<NodeSpec> nodes) {
        for (NodeSpec node : nodes) {
            if (!Files.exists(node.dir())) {
                continue;
            }
            try (Stream<Path> files = Files.walk(node.dir())) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot delete " + node.dir(), e);
            }
        }
    }

    private FileChannel lockChannel() throws IOException {
        Files.createDirectories(layout.home());
        return FileChannel.open(layout.home().resolve("start.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    }

    private static String names(List<NodeSpec> nodes) {
        return String.join(", ", nodes.stream().map(NodeSpec::name).toList());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("Interrupted while waiting for the cluster.", "./jbang status");
        }
    }
}
