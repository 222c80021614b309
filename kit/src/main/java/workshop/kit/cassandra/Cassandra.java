package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * Finds or starts a cluster and opens sessions to it. In order: CASSANDRA_CONTACT_POINTS if set
 * (a remote cluster: never started or stopped by us); else whatever answers on the local native
 * port (our nodes, or containers); else the embedded cluster, started and left running.
 */
public final class Cassandra {

    static {
        // The driver logs its start-up at INFO; lessons should show their own story, not that.
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel",
                System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));
    }

    private static final Duration RING_TIMEOUT = Duration.ofMinutes(2);

    private final List<InetSocketAddress> contactPoints;
    private final String datacenter;
    private final int expectedNodes;
    private final ClusterLayout layout;

    private Cassandra(List<InetSocketAddress> contactPoints, String datacenter, int expectedNodes, ClusterLayout layout) {
        this.contactPoints = contactPoints;
        this.datacenter = datacenter;
        this.expectedNodes = expectedNodes;
        this.layout = layout;
    }

    /** Finds a cluster, or starts the embedded one, and waits until the driver sees every node up. */
    public static Cassandra findOrStart() {
        String configured = System.getenv("CASSANDRA_CONTACT_POINTS");
        String datacenter = System.getenv().getOrDefault("CASSANDRA_LOCAL_DC", "datacenter1");
        ClusterLayout layout = ClusterLayout.standard();
        if (configured != null && !configured.isBlank()) {
            return new Cassandra(parse(configured), datacenter, 0, layout);
        }
        LocalCluster local = new LocalCluster(layout);
        int ours = local.runningNodes().size();
        NodeSpec first = layout.node(1);
        if (ours == 0 && NodeProcess.listening(first.nativePort())) {
            // Not ours, but it speaks CQL on our port: containers from docker/, for example.
            return new Cassandra(List.of(address(first)), datacenter, 0, layout);
        }
        if (ours == 0) {
            int nodes = LocalCluster.requestedNodes();
            System.err.printf("Starting a local Cassandra cluster of %d node(s); it keeps running for the next lesson (./jbang down stops it)...%n", nodes);
            long started = System.nanoTime();
            local.start(nodes);
            System.err.printf("Cluster up in %.1f s.%n", (System.nanoTime() - started) / 1e9);
            ours = nodes;
        }
        return new Cassandra(List.of(address(first)), datacenter, ours, layout);
    }

    /** A session with no keyspace, once every expected node is up in the driver's view. */
    public CqlSession connect() {
        return connect(null);
    }

    public CqlSession connect(String keyspace) {
        long deadline = System.nanoTime() + RING_TIMEOUT.toNanos();
        while (true) {
            CqlSession session = builder(keyspace).build();
            long up = session.getMetadata().getNodes().values().stream().filter(n -> n.getState() == NodeState.UP).count();
            if (up >= expectedNodes) {
                return session;
            }
            session.close();
            if (System.nanoTime() > deadline) {
                throw new ClusterException("The driver sees " + up + " of " + expectedNodes + " nodes up.",
                        "./jbang status (then ./jbang down && ./jbang up)");
            }
            sleepQuietly(500);
        }
    }

    private CqlSessionBuilder builder(String keyspace) {
        DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(60))
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
                .withInt(DefaultDriverOption.REQUEST_PAGE_SIZE, 5000)
                // Server warnings (a large batch, say) belong in the lesson that teaches them, not in the log.
                .withBoolean(DefaultDriverOption.REQUEST_LOG_WARNINGS, false)
                .build();
        CqlSessionBuilder builder = CqlSession.builder()
                .addContactPoints(contactPoints)
                .withLocalDatacenter(datacenter)
                .withConfigLoader(config);
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

    private static List<InetSocketAddress> parse(String contactPoints) {
        return Arrays.stream(contactPoints.split(",")).map(String::trim).filter(s -> !s.isEmpty()).map(hostPort -> {
            int colon = hostPort.lastIndexOf(':');
            return colon < 0 ? new InetSocketAddress(hostPort, 9042)
                    : new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
        }).toList();
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
