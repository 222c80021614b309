package workshop.kit.cassandra;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import workshop.kit.Workshop;

/**
 * Ports and folders of the local cluster. Node n (from 1) listens on storage port
 * 7000+n-1, native (CQL) port 9042+n-1 and JMX port 7199+n-1, unless
 * WORKSHOP_CASSANDRA_PORT moves the native base (the other bases move with it).
 */
public record ClusterLayout(int storageBase, int nativeBase, int jmxBase, Path home) {

    public static final int MAX_NODES = 3;
    /** The first CQL port when WORKSHOP_CASSANDRA_PORT is not set: Cassandra's own default. */
    public static final int DEFAULT_NATIVE_PORT = 9042;

    public static ClusterLayout standard() {
        int nativeBase = Integer.parseInt(System.getenv().getOrDefault("WORKSHOP_CASSANDRA_PORT",
                Integer.toString(DEFAULT_NATIVE_PORT)));
        int shift = nativeBase - DEFAULT_NATIVE_PORT;
        return new ClusterLayout(7000 + shift, nativeBase, 7199 + shift, Workshop.stateDir().resolve("cassandra"));
    }

    public NodeSpec node(int number) {
        return new NodeSpec(number, storageBase + number - 1, nativeBase + number - 1, jmxBase + number - 1,
                home.resolve("node" + number));
    }

    /** All node slots, whether or not they run: `down` and `status` look at each. */
    public List<NodeSpec> slots() {
        return nodes(MAX_NODES);
    }

    public List<NodeSpec> nodes(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(this::node).toList();
    }

    /** Finds our node by any of its ports (traces name nodes by storage port, the driver by native port). */
    public String nameOfPort(int port) {
        for (NodeSpec node : slots()) {
            if (node.storagePort() == port || node.nativePort() == port) {
                return node.name();
            }
        }
        return null;
    }
}
