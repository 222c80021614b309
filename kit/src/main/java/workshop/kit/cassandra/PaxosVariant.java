package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.Optional;

/**
 * Which Paxos a node runs for lightweight transactions: "v1" (four steps, Cassandra's classic
 * protocol) or "v2" (an option since Cassandra 4.1, fewer round trips), read from the node's settings so
 * a lesson counting Paxos steps can say which protocol it counted.
 */
public final class PaxosVariant {

    private PaxosVariant() {}

    /** The coordinator's paxos_variant setting; empty when the node does not expose it. */
    public static Optional<String> of(CqlSession session) {
        try {
            Row row = session.execute("SELECT value FROM system_views.settings WHERE name = 'paxos_variant'").one();
            return Optional.ofNullable(row).map(r -> r.getString("value"));
        } catch (RuntimeException notExposed) {
            return Optional.empty();
        }
    }

    /** One sentence for a lesson that counted Paxos steps: which protocol ran, and what that means for the count. */
    public static String sentence(CqlSession session) {
        return sentence(of(session));
    }

    static String sentence(Optional<String> variant) {
        if (variant.isEmpty()) {
            return "This node does not say which Paxos it runs (paxos_variant); the steps above are those"
                    + " of the classic protocol, v1.";
        }
        if (variant.get().startsWith("v1")) {
            return "This cluster runs Paxos " + variant.get() + " (paxos_variant), the classic four steps."
                    + " Since Cassandra 4.1 a node can run v2 instead, with fewer round trips per conditional write.";
        }
        return "This cluster runs Paxos " + variant.get() + " (paxos_variant), which needs fewer round trips"
                + " than the classic four steps: the trace shows its steps, and the count above may differ"
                + " from v1's four.";
    }
}
