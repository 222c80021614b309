package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.loadbalancing.NodeDistance;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import workshop.kit.Poll;
import workshop.kit.Ports;
import workshop.kit.Workshop;

/**
 * Finds or starts a cluster and opens sessions to it. In order: CASSANDRA_CONTACT_POINTS if set
 * (a remote cluster: never started or stopped by us; see {@link CassandraSettings} for its
 * datacenter, credentials and TLS); else whatever answers on the local native port (our nodes, or
 * containers); else the embedded cluster, started and left running.
 */
public final class Cassandra {

    static {
        sendDriverLogToFile();
    }

    /**
     * The driver's own log (reconnection warnings when a node is down, say) goes to a file: the
     * terminal tells the lesson's story, and a failure explains itself in one line. The logger reads
     * this once, when the driver first logs: a tool that loads code of its own calls it first.
     */
    public static void sendDriverLogToFile() {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel",
                System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));
        if (System.getProperty("org.slf4j.simpleLogger.logFile") == null) {
            driverLog().ifPresent(log -> System.setProperty("org.slf4j.simpleLogger.logFile", log.toString()));
        }
    }

    private static final Duration RING_TIMEOUT = Duration.ofMinutes(2);
    /**
     * How long the driver gathers schema changes before it refreshes its metadata once for all of
     * them. Statements here change the schema one at a time and each waits for the refresh, so a
     * short window costs nothing; the driver's 1 s made a keyspace of 3 tables take 5.6-6.4 s to
     * drop and recreate on one node, against 0.7 s with this one. That second also hid that the
     * driver's wait for the nodes to agree can end too soon: see {@link AgreeingSession}.
     */
    public static final Duration SCHEMA_REFRESH_WINDOW = Duration.ofMillis(10);

    private final List<InetSocketAddress> contactPoints;
    private final CassandraSettings settings;
    private final int expectedNodes;
    private final ClusterLayout layout;

    private Cassandra(List<InetSocketAddress> contactPoints, CassandraSettings settings, int expectedNodes, ClusterLayout layout) {
        this.contactPoints = contactPoints;
        this.settings = settings;
        this.expectedNodes = expectedNodes;
        this.layout = layout;
    }

    /** Finds a cluster, or starts the embedded one, and waits until the driver sees every node up. */
    public static Cassandra findOrStart() {
        return findOrStart(CassandraSettings.fromEnvironment());
    }

    /** Written when a build's tests started the cluster, so the end of the build knows to stop it. */
    public static Path startedByTestsMarker() {
        return ClusterLayout.standard().home().resolve("started-by-tests");
    }

    /**
     * Only the Maven build sets the property (see the root pom): a learner's check keeps the cluster.
     * Here, not in one test extension, so whichever module's tests start the cluster first mark it.
     */
    private static void markIfABuildStartedIt() {
        if (Boolean.getBoolean("workshop.tests.stopClusterAfterBuild")) {
            try {
                Files.writeString(startedByTestsMarker(), "the test run started this cluster\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * A build's cluster made the given size: the cluster this build's tests started (or none yet)
     * is stopped and started again with that many nodes, marked as the build's, so its end stops it.
     * Left as it is: a cluster that ran before the build (someone's own, with their data), a remote
     * one, containers on our port, and any cluster when WORKSHOP_NODES asked for a size. Returns
     * what was done, in one line, or empty when nothing was.
     */
    public static Optional<String> resizeForBuild(int nodes) {
        ClusterLayout layout = ClusterLayout.standard();
        LocalCluster local = new LocalCluster(layout);
        int ours = local.expectedNodes();
        boolean buildsOwn = ours == 0 ? !Ports.listening(layout.node(1).nativePort()) : Files.exists(startedByTestsMarker());
        if (ours == nodes || !buildsOwn || LocalCluster.askedNodes().isPresent() || CassandraSettings.fromEnvironment().remote()) {
            return Optional.empty();
        }
        long started = System.nanoTime();
        int stopped = ours == 0 ? 0 : local.stop();
        local.start(OptionalInt.of(nodes), Optional.empty(), line -> { });
        markIfABuildStartedIt();
        String stops = stopped == 0 ? "" : String.format("%d node(s) stopped, ", stopped);
        return Optional.of(String.format("The build's cluster: %s%d started in %.1f s.", stops, nodes, (System.nanoTime() - started) / 1e9));
    }

    public static Cassandra findOrStart(CassandraSettings settings) {
        ClusterLayout layout = ClusterLayout.standard();
        if (settings.remote()) {
            return new Cassandra(settings.contactPoints(), settings, 0, layout);
        }
        LocalCluster local = new LocalCluster(layout);
        if (settings.credentials().isEmpty()) {
            // On the instructor's machine, the room's own commands and lessons log in as its admin.
            settings = RoomAccess.admin(local).map(settings::withCredentials).orElse(settings);
        }
        requireEveryNode(local);
        // A lesson killed while it held a node paused (lesson 10) must not leave the next one waiting on it.
        PausedNode.resumeAny(layout).forEach(node -> System.err.println(node + " was paused by an earlier run; resumed."));
        int ours = local.expectedNodes();
        NodeSpec first = layout.node(1);
        if (ours == 0 && Ports.listening(first.nativePort())) {
            // Not ours, but it speaks CQL on our port: containers from docker/, for example.
            return new Cassandra(List.of(address(first)), settings, 0, layout);
        }
        if (ours == 0) {
            long started = System.nanoTime();
            local.start(sizeToStart(), Optional.empty(), line -> System.err.println(line + " (it stays up until ./jbang down)..."))
                    .ifPresent(plan -> System.err.printf("Cluster up in %.1f s.%n", (System.nanoTime() - started) / 1e9));
            ours = local.expectedNodes();
            markIfABuildStartedIt();
        }
        return new Cassandra(List.of(address(first)), settings, ours, layout);
    }

    /**
     * The size asked for by WORKSHOP_NODES; else, for a build's tests, the root pom's one node (every
     * lesson that needs more is graded on three at the build's end); else none, which is three.
     */
    private static OptionalInt sizeToStart() {
        String build = System.getProperty("workshop.tests.nodes");
        OptionalInt asked = LocalCluster.askedNodes();
        return asked.isPresent() || build == null ? asked : OptionalInt.of(ClusterLayout.validNodes(build, "workshop.tests.nodes"));
    }

    /** The running local cluster, reached with the given settings' login; nothing is started. */
    static Cassandra running(LocalCluster local, CassandraSettings settings) {
        return new Cassandra(List.of(address(local.layout().node(1))), settings, local.expectedNodes(), local.layout());
    }

    /** A session with no keyspace, once every expected node is up in the driver's view. */
    public CqlSession connect() {
        return connect(null);
    }

    public CqlSession connect(String keyspace) {
        if (embedded()) {
            requireEveryNode(new LocalCluster(layout));
        }
        return Poll.until("the driver to see " + expectedNodes + " node(s) up", RING_TIMEOUT).every(Duration.ofMillis(500))
                .get(() -> {
                    CqlSession session = open(keyspace, true);
                    requireDatacenter(session);
                    if (nodesUp(session) >= expectedNodes) {
                        return Optional.of(session);
                    }
                    session.close();
                    return Optional.empty();
                }, "./jbang status shows each node; ./jbang up restarts a stopped one with its data");
    }

    /**
     * A session that never sends a request to the named node, so nothing waits on it while it is
     * paused: it still replicates the data, the other nodes coordinate.
     */
    public CqlSession connectAvoiding(String nodeName) {
        return Poll.until("the driver to see the nodes other than " + nodeName, RING_TIMEOUT).every(Duration.ofMillis(500))
                .get(() -> {
                    CqlSession session = builder(null, true).withNodeDistanceEvaluator(
                            (node, localDc) -> nameOf(node).equals(nodeName) ? NodeDistance.IGNORED : null).build();
                    if (nodesUp(session) >= expectedNodes - 1) {
                        return Optional.of(session);
                    }
                    session.close();
                    return Optional.empty();
                }, "./jbang status shows each node; ./jbang up restarts a stopped one with its data");
    }

    /** Our node of that name, on the embedded cluster only: another cluster's processes are not ours to pause. */
    public Optional<NodeSpec> localNode(String name) {
        return embedded() ? layout.slots().stream().filter(n -> n.name().equals(name)).findFirst() : Optional.empty();
    }

    /** Nodes the driver sees up. */
    public static long nodesUp(CqlSession session) {
        return session.getMetadata().getNodes().values().stream().filter(n -> n.getState() == NodeState.UP).count();
    }

    /** Before the first statement: every node of our running cluster has its process, else which is down. */
    private static void requireEveryNode(LocalCluster local) {
        List<NodeSpec> missing = local.missingNodes();
        if (!missing.isEmpty()) {
            local.awaitOtherStarts();
            missing = local.missingNodes();
        }
        if (!missing.isEmpty()) {
            String names = String.join(", ", missing.stream().map(NodeSpec::name).toList());
            throw new ClusterException(names + (missing.size() == 1 ? " is" : " are") + " down (of "
                    + local.expectedNodes() + " nodes); lessons and checks need every node of the cluster.",
                    "./jbang up (restarts " + names + " with its data)");
        }
    }

    /** The driver only sends queries to the local datacenter: a misspelt one leaves it no node to ask. */
    private void requireDatacenter(CqlSession session) {
        Set<String> datacenters = new TreeSet<>();
        session.getMetadata().getNodes().values().forEach(n -> datacenters.add(String.valueOf(n.getDatacenter())));
        if (!datacenters.contains(settings.datacenter())) {
            session.close();
            throw new ClusterException("The cluster has no datacenter named '" + settings.datacenter() + "'; its datacenters: "
                    + datacenters + ".", "export CASSANDRA_LOCAL_DC=" + datacenters.iterator().next());
        }
    }

    /**
     * A session for a few statements on tables they name, without the schema and token metadata a
     * connection otherwise fetches first: on a shared cluster, every learner's keyspaces.
     */
    public CqlSession connectWithoutMetadata() {
        return open(null, false);
    }

    private CqlSession open(String keyspace, boolean metadata) {
        try {
            return new AgreeingSession(builder(keyspace, metadata).build());
        } catch (AllNodesFailedException e) {
            if (e.getAllErrors().values().stream().flatMap(List::stream).anyMatch(AuthenticationException.class::isInstance)) {
                throw new LoginRefused(AccessRefused.login(settings.credentials(), contactPoints.toString()), e);
            }
            String fix = settings.remote()
                    ? "check the hosts and ports, CASSANDRA_LOCAL_DC, CASSANDRA_USERNAME/PASSWORD and CASSANDRA_SSL*,"
                            + " or unset CASSANDRA_CONTACT_POINTS to use the local cluster"
                    : "./jbang status (then ./jbang down && ./jbang up)";
            String where = settings.remote() ? settings.toString() : contactPoints.toString();
            throw new ClusterException("Cannot connect to Cassandra (" + where + "): "
                    + e.getAllErrors().values().stream().flatMap(List::stream).map(Throwable::toString).findFirst()
                            .orElse(e.getMessage()), fix);
        }
    }

    private CqlSessionBuilder builder(String keyspace, boolean metadata) {
        ProgrammaticDriverConfigLoaderBuilder config = DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(60))
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, SCHEMA_REFRESH_WINDOW)
                .withInt(DefaultDriverOption.REQUEST_PAGE_SIZE, 5000)
                // A design that copies a post to every follower sends the copies at once (1,501 for lesson
                // 04d's largest account): one connection a node takes them all, however fast the machine
                // sends them, so what a lesson shows and a check grades is the design's cost, not the
                // driver's default of 1,024 requests in flight ("No connection was available").
                .withInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS, 32768)
                // Server warnings (a large batch, say) belong in the lesson that teaches them, not in the log.
                .withBoolean(DefaultDriverOption.REQUEST_LOG_WARNINGS, false)
                // Lessons switch to their keyspace with USE (Keyspaces.recreateAndUse) on purpose, before any query.
                .withBoolean(DefaultDriverOption.REQUEST_WARN_IF_SET_KEYSPACE, false)
                // Closing waits for the driver's threads to stay idle this long (2 s by default): at the
                // end of every lesson and command, after its last statement has been answered.
                .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
                .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0);
        if (!metadata) {
            config.withBoolean(DefaultDriverOption.METADATA_SCHEMA_ENABLED, false)
                    .withBoolean(DefaultDriverOption.METADATA_TOKEN_MAP_ENABLED, false);
        }
        settings.applyTo(config);
        CqlSessionBuilder builder = CqlSession.builder()
                .addContactPoints(contactPoints)
                .withLocalDatacenter(settings.datacenter())
                .withConfigLoader(config.build());
        return keyspace == null ? builder : builder.withKeyspace(CqlIdentifier.fromCql(keyspace));
    }

    /** Whether the cluster is the embedded one (so node names like node1 apply). */
    public boolean embedded() {
        return expectedNodes > 0;
    }

    /** A short name for a node: node1..node3 for ours, host:port otherwise. */
    public String nameOf(Node node) {
        InetSocketAddress address = (InetSocketAddress) node.getEndPoint().resolve();
        String ours = layout.nameOfPort(address.getPort());
        return ours != null ? ours : address.getHostString() + ":" + address.getPort();
    }

    private static InetSocketAddress address(NodeSpec node) {
        return new InetSocketAddress("127.0.0.1", node.nativePort());
    }

    private static Optional<Path> driverLog() {
        try {
            Path log = Workshop.stateDir().resolve("logs").resolve("driver.log");
            Files.createDirectories(log.getParent());
            return Optional.of(log);
        } catch (IOException | RuntimeException outsideTheWorkshop) {
            return Optional.empty();
        }
    }
}
