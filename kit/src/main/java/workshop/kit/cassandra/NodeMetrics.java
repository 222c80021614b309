package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.management.Attribute;
import javax.management.JMException;
import javax.management.MalformedObjectNameException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * What CQL does not tell: how big a table's partitions are on each node, read from the node's own
 * metrics over JMX (the interface nodetool uses). Size metrics cover data on disk only, so
 * flush() first. Our nodes listen for JMX on 127.0.0.1 (7199, 7200, 7201); other clusters on 7199.
 */
public final class NodeMetrics {

    private static final int DEFAULT_JMX_PORT = 7199;

    /** One table's partitions on one node, from its SSTables. */
    public record TableOnNode(long partitions, long largestPartitionBytes) {}

    private final Map<String, InetSocketAddress> jmxByNode = new TreeMap<>();

    private NodeMetrics() {}

    /** The JMX endpoint of every node the session sees, named as {@link Cassandra#nameOf(Node)} names them. */
    public static NodeMetrics of(Cassandra cassandra, CqlSession session) {
        NodeMetrics metrics = new NodeMetrics();
        ClusterLayout layout = ClusterLayout.standard();
        for (Node node : session.getMetadata().getNodes().values()) {
            InetSocketAddress cql = (InetSocketAddress) node.getEndPoint().resolve();
            int jmxPort = layout.slots().stream().filter(n -> n.nativePort() == cql.getPort()).mapToInt(NodeSpec::jmxPort)
                    .findFirst().orElse(DEFAULT_JMX_PORT);
            metrics.jmxByNode.put(cassandra.nameOf(node), new InetSocketAddress(cql.getHostString(), jmxPort));
        }
        return metrics;
    }

    /**
     * Writes the table's memtables to disk on every node, then compacts its files into one per node,
     * so the size metrics see each partition whole (a partition written across several flushes is
     * otherwise counted file by file). Waits until both are done.
     */
    public void flushAndCompact(String keyspace, String table) {
        ObjectName storage = storageService();
        String[] tables = {table};
        jmxByNode.forEach((node, address) -> onNode(node, address, jmx -> {
            jmx.invoke(storage, "forceKeyspaceFlush", new Object[] {keyspace, tables},
                    new String[] {String.class.getName(), String[].class.getName()});
            jmx.invoke(storage, "forceKeyspaceCompaction", new Object[] {false, keyspace, tables},
                    new String[] {boolean.class.getName(), String.class.getName(), String[].class.getName()});
            return null;
        }));
    }

    /** Writes the table's memtables to disk on every node (nodetool flush), and waits until it is done. */
    public void flush(String keyspace, String table) {
        ObjectName storage = storageService();
        jmxByNode.forEach((node, address) -> onNode(node, address, jmx -> jmx.invoke(storage, "forceKeyspaceFlush",
                new Object[] {keyspace, new String[] {table}}, new String[] {String.class.getName(), String[].class.getName()})));
    }

    /** The tombstones one read may cross before the node warns, and before it refuses the read (cassandra.yaml). */
    public record TombstoneThresholds(long warn, long failure) {}

    /** The thresholds as the first node holds them now: tombstone_warn_threshold and tombstone_failure_threshold. */
    public TombstoneThresholds tombstoneThresholds() {
        Map.Entry<String, InetSocketAddress> first = jmxByNode.entrySet().iterator().next();
        return onNode(first.getKey(), first.getValue(), jmx -> new TombstoneThresholds(
                ((Number) jmx.getAttribute(storageService(), "TombstoneWarnThreshold")).longValue(),
                ((Number) jmx.getAttribute(storageService(), "TombstoneFailureThreshold")).longValue()));
    }

    /** Per node: how many partitions of the table it holds on disk, and the size of the largest (uncompressed bytes). */
    public Map<String, TableOnNode> table(String keyspace, String table) {
        Map<String, TableOnNode> byNode = new TreeMap<>();
        jmxByNode.forEach((node, address) -> byNode.put(node, onNode(node, address, jmx -> new TableOnNode(
                gauge(jmx, keyspace, table, "EstimatedPartitionCount"), gauge(jmx, keyspace, table, "MaxPartitionSize")))));
        return byNode;
    }

    /** Hints the node has written for replicas that did not acknowledge a write (since it started). */
    public long hintsWritten(String node) {
        return count(node, "org.apache.cassandra.metrics:type=Storage,name=TotalHints");
    }

    /** Hints the node has delivered to their replica (since it started). */
    public long hintsDelivered(String node) {
        return count(node, "org.apache.cassandra.metrics:type=HintsService,name=HintsSucceeded");
    }

    /** The nodes this node's failure detector holds down now, by name (what nodetool status shows as DN). */
    public Set<String> seenDown(String node) {
        ClusterLayout layout = ClusterLayout.standard();
        Map<?, ?> states = onNode(node, jmx(node), jmx -> (Map<?, ?>) jmx.getAttribute(
                objectName("org.apache.cassandra.net:type=FailureDetector"), "SimpleStatesWithPort"));
        Set<String> down = new TreeSet<>();
        states.forEach((endpoint, state) -> {
            if ("DOWN".equals(state)) {
                String address = endpoint.toString();
                String name = layout.nameOfPort(Integer.parseInt(address.substring(address.lastIndexOf(':') + 1)));
                down.add(name != null ? name : address);
            }
        });
        return down;
    }

    /**
     * Stops the nodes from delivering their hints (nodetool pausehandoff) until the result is
     * closed (resumehandoff), so a lesson can look at a replica that has missed writes before the
     * hints repair it. A JVM shutdown hook resumes delivery if the lesson is stopped first.
     */
    public HeldHints holdHints(List<String> nodes) {
        HeldHints held = new HeldHints(nodes);
        Runtime.getRuntime().addShutdownHook(held.resumeOnExit);
        held.dispatch("pauseDispatch");
        return held;
    }

    /** Hint delivery held on some nodes; {@link #close} lets them deliver again. */
    public final class HeldHints implements AutoCloseable {

        private final List<String> nodes;
        private final Thread resumeOnExit;
        private boolean resumed;

        private HeldHints(List<String> nodes) {
            this.nodes = List.copyOf(nodes);
            this.resumeOnExit = new Thread(() -> dispatch("resumeDispatch"), "resume hint delivery");
        }

        private void dispatch(String operation) {
            ObjectName hints = objectName("org.apache.cassandra.hints:type=HintsService");
            nodes.forEach(node -> onNode(node, jmx(node), jmx -> jmx.invoke(hints, operation, new Object[0], new String[0])));
        }

        @Override
        public synchronized void close() {
            if (resumed) {
                return;
            }
            resumed = true;
            dispatch("resumeDispatch");
            try {
                Runtime.getRuntime().removeShutdownHook(resumeOnExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or about to: it resumes the same nodes
            }
        }
    }

    /**
     * Sets how long the nodes, as coordinators, wait for replicas before they give up
     * (write_request_timeout and read_request_timeout, 10 s and 20 s on our nodes) until the result is
     * closed. A write sent to a frozen replica expires after this long and the replica drops it
     * unapplied when it wakes (its coordinator keeps a hint instead), so a test can make a replica
     * miss writes in about a second rather than ten, and a level that needs the frozen replica
     * fails in a second too.
     */
    public Timeouts shortenTimeouts(List<String> nodes, Duration timeout) {
        Timeouts timeouts = new Timeouts(nodes);
        Runtime.getRuntime().addShutdownHook(timeouts.restoreOnExit);
        timeouts.before.keySet().forEach(setting -> timeouts.set(setting.node(), setting.attribute(), timeout.toMillis()));
        return timeouts;
    }

    /** Request timeouts changed on some nodes; {@link #close} restores each node's own. */
    public final class Timeouts implements AutoCloseable {

        private static final List<String> ATTRIBUTES = List.of("WriteRpcTimeout", "ReadRpcTimeout");

        private record Setting(String node, String attribute) {}

        private final Map<Setting, Long> before = new LinkedHashMap<>();
        private final Thread restoreOnExit;
        private boolean restored;

        private Timeouts(List<String> nodes) {
            for (String node : nodes) {
                for (String attribute : ATTRIBUTES) {
                    before.put(new Setting(node, attribute), onNode(node, jmx(node),
                            jmx -> ((Number) jmx.getAttribute(storageService(), attribute)).longValue()));
                }
            }
            this.restoreOnExit = new Thread(this::restore, "restore request timeouts");
        }

        private void set(String node, String attribute, long millis) {
            onNode(node, jmx(node), jmx -> {
                jmx.setAttribute(storageService(), new Attribute(attribute, millis));
                return null;
            });
        }

        private void restore() {
            before.forEach((setting, millis) -> set(setting.node(), setting.attribute(), millis));
        }

        @Override
        public synchronized void close() {
            if (restored) {
                return;
            }
            restored = true;
            restore();
            try {
                Runtime.getRuntime().removeShutdownHook(restoreOnExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or about to: it restores the same values
            }
        }
    }

    private static ObjectName storageService() {
        return objectName("org.apache.cassandra.db:type=StorageService");
    }

    private InetSocketAddress jmx(String node) {
        InetSocketAddress address = jmxByNode.get(node);
        if (address == null) {
            throw new IllegalArgumentException("No node " + node + " among " + jmxByNode.keySet());
        }
        return address;
    }

    /** A counter's value; 0 while the node has not registered it (it does so on first use). */
    private long count(String node, String metric) {
        ObjectName name = objectName(metric);
        return onNode(node, jmx(node), jmx -> jmx.isRegistered(name) ? ((Number) jmx.getAttribute(name, "Count")).longValue() : 0);
    }

    private static long gauge(MBeanServerConnection jmx, String keyspace, String table, String metric)
            throws JMException, IOException {
        ObjectName name = objectName("org.apache.cassandra.metrics:type=Table,keyspace=" + keyspace
                + ",scope=" + table + ",name=" + metric);
        // A node that holds none of the table's data has no files to estimate from, and says -1.
        return Math.max(0, ((Number) jmx.getAttribute(name, "Value")).longValue());
    }

    private static ObjectName objectName(String name) {
        try {
            return new ObjectName(name);
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private interface JmxCall<T> {
        T on(MBeanServerConnection jmx) throws JMException, IOException;
    }

    private static <T> T onNode(String node, InetSocketAddress address, JmxCall<T> call) {
        JMXServiceURL url;
        try {
            url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + address.getHostString() + ":" + address.getPort() + "/jmxrmi");
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
        try (JMXConnector connector = JMXConnectorFactory.connect(url)) {
            return call.on(connector.getMBeanServerConnection());
        } catch (IOException e) {
            throw new ClusterException("Cannot reach " + node + "'s JMX port at " + address + " (" + e.getMessage() + ").",
                    "use the local cluster (unset CASSANDRA_CONTACT_POINTS), or expose each node's JMX port without authentication");
        } catch (JMException e) {
            throw new IllegalStateException(node + " refused a JMX call: " + e.getMessage(), e);
        }
    }
}
