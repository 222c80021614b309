package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.util.Optional;

/**
 * How many nodes the session sees up. On a one-node cluster every query asks that one node, so a
 * lesson whose point is "one node instead of all of them" says so instead of showing 1 against 1.
 */
public final class NodesSeen {

    private NodesSeen() {}

    public static int up(CqlSession session) {
        return (int) session.getMetadata().getNodes().values().stream()
                .filter(node -> node.getState() == NodeState.UP).count();
    }

    /** A sentence for a single-node cluster, naming what the lesson cannot show on it; empty otherwise. */
    public static Optional<String> caveat(CqlSession session, String whatNeedsSeveral) {
        return caveat(up(session), whatNeedsSeveral);
    }

    /** The sentence, only on a single-node cluster: where a lesson's words about other nodes do not hold there. */
    public static Optional<String> onOneNode(CqlSession session, String sentence) {
        return onOneNode(up(session), sentence);
    }

    static Optional<String> onOneNode(int nodes, String sentence) {
        return nodes > 1 ? Optional.empty() : Optional.of(sentence);
    }

    static Optional<String> caveat(int nodes, String whatNeedsSeveral) {
        return onOneNode(nodes, "This cluster has one node, so every query here asks 1 node and \"nodes asked\" "
                + "cannot tell the designs apart: " + whatNeedsSeveral + " shows only on several nodes "
                + "(./jbang down && ./jbang up --nodes 3, when the laptop has the memory).");
    }
}
