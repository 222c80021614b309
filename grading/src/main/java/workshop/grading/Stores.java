package workshop.grading;

import java.io.PrintStream;
import java.nio.file.Files;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.LocalCluster;
import workshop.kit.dynamo.MotoServer;
import workshop.testkit.DynamoExtension;

/** The stores the grading's tests used: a cluster or emulator the build had to start is stopped at its end. */
final class Stores {

    private Stores() {}

    /** Stops what the tests started (they leave the stores running, for the next test); what was running before stays. */
    static void stopIfTestsStartedThem(PrintStream out) {
        if (Files.exists(Cassandra.startedByTestsMarker())) {
            out.println("Stopped the " + LocalCluster.standard().stop() + " Cassandra node(s) this build started.");
        }
        if (Files.exists(DynamoExtension.startedByTestsMarker()) && MotoServer.standard().stop()) {
            out.println("Stopped the DynamoDB emulator this build started.");
        }
    }
}
