package workshop.kit.room;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.PrintStream;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.terminal.Failures;

/**
 * Records a check's result in the room, in the background while the learner reads their grade.
 * Recording never changes the grade: when it fails, one line says so.
 */
public final class RoomRecorder {

    /** Long enough for a busy cluster, short enough that a dead one does not hold the learner's prompt. */
    private static final long WAIT_SECONDS = 30;

    private RoomRecorder() {}

    /** A recording under way. */
    public static final class Recording {
        private final Room room;
        private final CompletableFuture<Void> done;

        Recording(Room room, CompletableFuture<Void> done) {
            this.room = room;
            this.done = done;
        }

        /** Waits for it; says in one line when the result could not be recorded. */
        public void finish(PrintStream out) {
            String why;
            try {
                done.get(WAIT_SECONDS, TimeUnit.SECONDS);
                return;
            } catch (ExecutionException failed) {
                why = Failures.explain(failed.getCause()).what();
            } catch (TimeoutException slow) {
                why = "the cluster did not answer within " + WAIT_SECONDS + " s";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                why = "interrupted";
            }
            out.println(RoomGridText.fit("Not recorded in room " + room.name() + " (your grade stands): " + why));
        }
    }

    /** Starts recording when room mode is on (WORKSHOP_ROOM), as this learner's namespace; empty otherwise. */
    public static Optional<Recording> start(CheckResult result) {
        return Room.fromEnvironment().map(room -> start(room, Keyspaces.namespace().orElseThrow(), result));
    }

    /**
     * Records in the background, on a session of its own. One insert needs no schema or token
     * metadata, and on a room's cluster fetching them (every learner's keyspaces) is most of a
     * connection's time: this JVM's driver sessions go without.
     */
    public static Recording start(Room room, String learner, CheckResult result) {
        System.setProperty("datastax-java-driver.advanced.metadata.schema.enabled", "false");
        System.setProperty("datastax-java-driver.advanced.metadata.token-map.enabled", "false");
        return new Recording(room, CompletableFuture.runAsync(() -> {
            try (CqlSession session = Cassandra.findOrStart().connect()) {
                RoomTable.open(session).record(room, learner, result);
            }
        }));
    }
}
