package workshop.kit.cassandra;

import java.nio.file.Path;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import workshop.kit.EphemeralPorts;
import workshop.kit.Workshop;

/**
 * Ports and folders of the local cluster. Node n (from 1) listens on storage port
 * 7000+n-1, native (CQL) port 9042+n-1 and JMX port 7199+n-1, unless
 * WORKSHOP_CASSANDRA_PORT moves the native base (the other bases move with it: base 19042 puts
 * storage on 17000-17002 and JMX on 17199-17201).
 */
public record ClusterLayout(int storageBase, int nativeBase, int jmxBase, Path home) {

    public static final int MIN_NODES = 1;
    public static final int MAX_NODES = 3;
    /** The first CQL port when WORKSHOP_CASSANDRA_PORT is not set: Cassandra's own default. */
    public static final int DEFAULT_NATIVE_PORT = 9042;
    private static final int STORAGE_OFFSET = 7000 - DEFAULT_NATIVE_PORT;
    private static final int JMX_OFFSET = 7199 - DEFAULT_NATIVE_PORT;
    /**
     * Bases offered when ours are taken: all nine ports of each lie between 1024 and 32767, below
     * every usual ephemeral range (Linux's 32768-60999, IANA's 49152-65535), and no two overlap.
     */
    private static final List<Integer> ALTERNATIVE_BASES = List.of(19042, 29042, 14042, 24042, 31042);

    public static ClusterLayout standard() {
        String configured = System.getenv().getOrDefault("WORKSHOP_CASSANDRA_PORT", Integer.toString(DEFAULT_NATIVE_PORT));
        return at(parseBase(configured, EphemeralPorts.ofThisMachine()), Workshop.stateDir().resolve("cassandra"));
    }

    static ClusterLayout at(int nativeBase, Path home) {
        return new ClusterLayout(nativeBase + STORAGE_OFFSET, nativeBase, nativeBase + JMX_OFFSET, home);
    }

    static int parseBase(String value, EphemeralPorts ephemeral) {
        int base;
        try {
            base = Integer.parseInt(value.trim());
        } catch (NumberFormatException notANumber) {
            base = -1;
        }
        if (base + STORAGE_OFFSET < 1024 || base + MAX_NODES - 1 > 65535) {
            throw new ClusterException("WORKSHOP_CASSANDRA_PORT is '" + value + "'; it must be a port from "
                    + (1024 - STORAGE_OFFSET) + " to " + (65535 - MAX_NODES + 1) + ".", advice(ephemeral));
        }
        ClusterLayout layout = at(base, Path.of("unused"));
        if (ephemeral.containsAny(layout.ports())) {
            IntSummaryStatistics range = layout.ports().summaryStatistics();
            // The system gives these ports to outgoing sockets and to other JVMs' RMI servers at
            // random, so a node could find its port taken between the check and its start.
            throw new ClusterException("WORKSHOP_CASSANDRA_PORT=" + base + " puts the cluster's ports ("
                    + range.getMin() + "-" + range.getMax() + ") in this machine's ephemeral range (" + ephemeral
                    + "), where the system hands ports out at random.", advice(ephemeral));
        }
        return base;
    }

    /** A base whose ports all stay out of the ephemeral range; where none does, the range is the thing to change. */
    private static String advice(EphemeralPorts ephemeral) {
        return alternatives(ephemeral).findFirst()
                .map(base -> "export WORKSHOP_CASSANDRA_PORT=" + base + " (or unset it for " + DEFAULT_NATIVE_PORT + ")")
                .orElse("no port range of ours stays out of this machine's ephemeral range (" + ephemeral
                        + "); give it back Linux's default: sudo sysctl -w net.ipv4.ip_local_port_range=\"32768 60999\"");
    }

    /** The alternative bases whose ports all stay out of the machine's ephemeral range. */
    private static Stream<Integer> alternatives(EphemeralPorts ephemeral) {
        return ALTERNATIVE_BASES.stream().filter(base -> !ephemeral.containsAny(at(base, Path.of("unused")).ports()));
    }

    /**
     * The one check of a node count, wherever it comes from (WORKSHOP_NODES or --nodes); the fix
     * names valid counts only, never the refused one.
     */
    public static int validNodes(String value, String source) {
        try {
            int nodes = Integer.parseInt(value.trim());
            if (nodes >= MIN_NODES && nodes <= MAX_NODES) {
                return nodes;
            }
        } catch (NumberFormatException notANumber) {
            // refused below
        }
        String fix = source.startsWith("--")
                ? "./jbang up " + source + " " + MAX_NODES + " (or " + MIN_NODES + " on a small laptop)"
                : "export " + source + "=" + MAX_NODES + " (or " + MIN_NODES + " on a small laptop)";
        throw new ClusterException(source + " is '" + value + "'; the local cluster runs " + MIN_NODES + " to " + MAX_NODES
                + " nodes.", fix);
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

    /** Every port the largest cluster on this layout would listen on. */
    IntStream ports() {
        return slots().stream().flatMapToInt(n -> IntStream.of(n.storagePort(), n.nativePort(), n.jmxPort()));
    }

    /** A base port, other than ours, whose whole range (CQL, storage, JMX of every node) is free. */
    OptionalInt freeBase(IntPredicate inUse, EphemeralPorts ephemeral) {
        return alternatives(ephemeral).mapToInt(Integer::intValue)
                .filter(base -> base != nativeBase)
                .filter(base -> at(base, home).ports().noneMatch(inUse))
                .findFirst();
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
