package workshop.room;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.nio.file.Path;
import workshop.kit.WorkshopException;
import workshop.kit.cassandra.Cassandra;

/**
 * A learner on another machine, run by {@link RoomOverNetworkTest} in a network namespace of its
 * own: connects to the room's cluster with the settings its login gave (CASSANDRA_CONTACT_POINTS,
 * CASSANDRA_USERNAME, CASSANDRA_PASSWORD), says the address of every node the driver sees, tries a
 * wrong join code, joins the room with the right one, and sends a failing check's grade.
 * Arguments: the room's URL, the join code, the learner's checkout folder.
 */
final class NetworkLearner {

    private NetworkLearner() {}

    public static void main(String... args) {
        try (CqlSession session = Cassandra.findOrStart().connect()) {
            for (Node node : session.getMetadata().getNodes().values()) {
                System.out.println("node " + node.getBroadcastRpcAddress().map(a -> a.getAddress().getHostAddress() + ":"
                        + a.getPort()).orElse("unknown") + " " + node.getState());
            }
            System.out.println("release " + session.execute("SELECT release_version FROM system.local").one().getString(0));
        }
        RoomClient client = new RoomClient(Path.of(args[2]));
        try {
            client.join(args[0], args[1] + "0");
            System.out.println("wrong code taken");
        } catch (WorkshopException refused) {
            System.out.println("wrong code: " + refused.problem().what());
        }
        System.out.println("joined: " + client.join(args[0], args[1]));
        System.out.println("room: " + client.deliver(SampleGrades.grade("failed"), System.out).orElse("not joined"));
    }
}
