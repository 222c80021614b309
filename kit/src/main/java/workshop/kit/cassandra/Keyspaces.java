package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import workshop.kit.Poll;
import workshop.kit.WorkshopException;

/**
 * Creates and drops the keyspaces lessons and tests own. On a shared cluster each learner sets
 * WORKSHOP_NAMESPACE (their name), and every keyspace the workshop creates or drops carries it as
 * a prefix: lesson01 becomes alice_lesson01. So a lesson only ever drops its own keyspace in its
 * own namespace, never another learner's, nor anything the workshop did not name.
 */
public final class Keyspaces {

    /** Cassandra's limit on a keyspace name. */
    static final int MAX_NAME = 48;
    /** How long a schema change may take to reach every node before the check gives up and names the laggard. */
    static final Duration SCHEMA_AGREEMENT = Duration.ofSeconds(60);
    private static final Pattern NAMESPACE = Pattern.compile("[a-z][a-z0-9_]{0,19}");

    private Keyspaces() {}

    /**
     * The namespace: the system property workshop.namespace (tests set it), else WORKSHOP_NAMESPACE,
     * else in a room (WORKSHOP_ROOM) one from the learner's git name ({@link LearnerName}), else none
     * (a cluster of one's own).
     */
    public static Optional<String> namespace() {
        String configured = System.getProperty("workshop.namespace", System.getenv("WORKSHOP_NAMESPACE"));
        if (configured == null || configured.isBlank()) {
            return Room.fromEnvironment().map(room -> InARoom.NAMESPACE);
        }
        String namespace = configured.trim();
        if (!isNamespace(namespace)) {
            throw new ClusterException("WORKSHOP_NAMESPACE is '" + namespace + "'; it becomes part of keyspace names, so it"
                    + " must be 1 to 20 lower-case letters, digits or _, starting with a letter.",
                    "export WORKSHOP_NAMESPACE=" + suggestion(namespace));
        }
        return Optional.of(namespace);
    }

    /** Whether the name can be a namespace (and so a room's learner name). */
    static boolean isNamespace(String name) {
        return NAMESPACE.matcher(name).matches();
    }

    /** The keyspace's name on the cluster: the workshop's name for it, in the current namespace. */
    public static String name(String keyspace) {
        return name(namespace(), keyspace);
    }

    static String name(Optional<String> namespace, String keyspace) {
        String full = namespace.map(ns -> ns + "_" + keyspace).orElse(keyspace);
        // Too long: keep the namespace and the end of the name, which tells test classes apart.
        return full.length() <= MAX_NAME ? full
                : namespace.map(ns -> ns + "_").orElse("") + keyspace.substring(full.length() - MAX_NAME);
    }

    /**
     * Drops the keyspace if a previous run left it, then creates it empty with one replica per
     * row, so every trace shows exactly which node holds which data. Returns its name on the
     * cluster (see {@link #name}).
     */
    public static String recreate(CqlSession session, String keyspace) {
        return recreateNamed(session, name(keyspace), 1);
    }

    /** {@link #recreate} by the keyspace's name on the cluster, whatever the namespace is now. */
    public static String recreateNamed(CqlSession session, String name) {
        return recreateNamed(session, name, 1);
    }

    private static String recreateNamed(CqlSession session, String name, int replicationFactor) {
        dropNamed(session, name);
        session.execute(schema("CREATE KEYSPACE " + CqlIdentifier.fromInternal(name).asCql(true)
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': " + replicationFactor + "}"));
        awaitSchemaAgreement(session);
        return name;
    }

    /**
     * Waits until every node that is up reports the same schema version, asking each node itself
     * (gossip can lag behind). The driver's own wait gives up quietly after a few seconds on a busy
     * machine, and a node that has not applied a new table then answers "table does not exist".
     */
    public static void awaitSchemaAgreement(CqlSession session) {
        List<String> lagging = new ArrayList<>();
        boolean agreed = Poll.until("every node to apply the new schema", SCHEMA_AGREEMENT).every(Duration.ofMillis(200))
                .tryAwait(() -> {
                    lagging.clear();
                    lagging.addAll(lagging(session));
                    return lagging.isEmpty();
                });
        if (!agreed) {
            throw new WorkshopException("After " + SCHEMA_AGREEMENT.toSeconds() + " s, " + String.join(", ", lagging)
                    + " had not applied the latest schema change (the machine may be very busy).",
                    "Rerun; if it happens again, ./jbang status shows whether that node is healthy.");
        }
    }

    /** Nodes whose schema version differs from the most common one, by name. */
    private static List<String> lagging(CqlSession session) {
        Map<Node, UUID> versions = new HashMap<>();
        for (Node node : session.getMetadata().getNodes().values()) {
            if (node.getState() == NodeState.UP) {
                Row row = session.execute(SimpleStatement.newInstance("SELECT schema_version FROM system.local")
                        .setNode(node)).one();
                versions.put(node, row == null ? null : row.getUuid("schema_version"));
            }
        }
        Map<UUID, Long> counts = versions.values().stream().filter(java.util.Objects::nonNull)
                .collect(Collectors.groupingBy(v -> v, Collectors.counting()));
        UUID agreed = counts.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
        return versions.entrySet().stream().filter(e -> agreed == null || !agreed.equals(e.getValue()))
                .map(e -> nodeName(e.getKey())).sorted().toList();
    }

    private static String nodeName(Node node) {
        String endpoint = node.getEndPoint().toString();
        return node.getBroadcastRpcAddress().map(a -> {
            String ours = ClusterLayout.standard().nameOfPort(a.getPort());
            return ours != null ? ours + " (" + endpoint + ")" : endpoint;
        }).orElse(endpoint);
    }

    /** Recreates the keyspace and makes it the session's, so CQL can name tables without it. */
    public static String recreateAndUse(CqlSession session, String keyspace) {
        return recreateAndUse(session, keyspace, 1);
    }

    /**
     * As {@link #recreateAndUse(CqlSession, String)} with several replicas of every row: the one
     * lesson about replication, whose traces are about replicas rather than where data lives.
     */
    public static String recreateAndUse(CqlSession session, String keyspace, int replicationFactor) {
        String name = recreateNamed(session, name(keyspace), replicationFactor);
        session.execute("USE " + CqlIdentifier.fromInternal(name).asCql(true));
        return name;
    }

    /**
     * Drops the keyspace, in the current namespace, if it exists. Looked up first: on a room's
     * cluster DROP KEYSPACE IF EXISTS needs the DROP permission even for a keyspace that does not
     * exist, and a learner holds it only on keyspaces they created.
     */
    public static void drop(CqlSession session, String keyspace) {
        dropNamed(session, name(keyspace));
    }

    private static void dropNamed(CqlSession session, String name) {
        if (session.execute(SimpleStatement.newInstance("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?",
                name)).one() != null) {
            session.execute(schema("DROP KEYSPACE IF EXISTS " + CqlIdentifier.fromInternal(name).asCql(true)));
            awaitSchemaAgreement(session);
        }
    }

    /** Schema changes wait for every node to agree, which takes longer than a query. */
    public static SimpleStatement schema(String cql) {
        return SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(60));
    }

    /** Asks git once per JVM, and only in a room. */
    private static final class InARoom {
        static final String NAMESPACE = LearnerName.ofThisMachine();
    }

    static String suggestion(String namespace) {
        String cleaned = namespace.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        cleaned = cleaned.matches("[a-z].*") ? cleaned : "l" + cleaned;
        return cleaned.substring(0, Math.min(20, cleaned.length()));
    }
}
