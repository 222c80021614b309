package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Creates and drops the keyspaces lessons and tests own. On a shared cluster each learner sets
 * WORKSHOP_NAMESPACE (their name), and every keyspace the workshop creates or drops carries it as
 * a prefix: lesson01 becomes alice_lesson01. So a lesson only ever drops its own keyspace in its
 * own namespace, never another learner's, nor anything the workshop did not name.
 */
public final class Keyspaces {

    /** Cassandra's limit on a keyspace name. */
    static final int MAX_NAME = 48;
    private static final Pattern NAMESPACE = Pattern.compile("[a-z][a-z0-9_]{0,19}");

    private Keyspaces() {}

    /**
     * The namespace: the system property workshop.namespace (tests set it), else WORKSHOP_NAMESPACE,
     * else none (a cluster of one's own).
     */
    public static Optional<String> namespace() {
        String configured = System.getProperty("workshop.namespace", System.getenv("WORKSHOP_NAMESPACE"));
        if (configured == null || configured.isBlank()) {
            return Optional.empty();
        }
        String namespace = configured.trim();
        if (!NAMESPACE.matcher(namespace).matches()) {
            throw new ClusterException("WORKSHOP_NAMESPACE is '" + namespace + "'; it becomes part of keyspace names, so it"
                    + " must be 1 to 20 lower-case letters, digits or _, starting with a letter.",
                    "export WORKSHOP_NAMESPACE=" + suggestion(namespace));
        }
        return Optional.of(namespace);
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
        drop(session, keyspace);
        String name = name(keyspace);
        session.execute(schema("CREATE KEYSPACE " + CqlIdentifier.fromInternal(name).asCql(true)
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
        return name;
    }

    /** Recreates the keyspace and makes it the session's, so CQL can name tables without it. */
    public static String recreateAndUse(CqlSession session, String keyspace) {
        String name = recreate(session, keyspace);
        session.execute("USE " + CqlIdentifier.fromInternal(name).asCql(true));
        return name;
    }

    /** Drops the keyspace, in the current namespace, if it exists. */
    public static void drop(CqlSession session, String keyspace) {
        session.execute(schema("DROP KEYSPACE IF EXISTS " + CqlIdentifier.fromInternal(name(keyspace)).asCql(true)));
    }

    /** Schema changes wait for every node to agree, which takes longer than a query. */
    public static SimpleStatement schema(String cql) {
        return SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(60));
    }

    private static String suggestion(String namespace) {
        String cleaned = namespace.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        cleaned = cleaned.matches("[a-z].*") ? cleaned : "l" + cleaned;
        return cleaned.substring(0, Math.min(20, cleaned.length()));
    }
}
