package workshop.room;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.Room;
import workshop.kit.terminal.Failures;

/**
 * Records a check's result in the room. It connects while the lesson is graded (on a busy machine
 * a fresh connection takes tens of seconds) and inserts once the result is known, with the drawing
 * of the learner's design when the check made one. Recording never changes the grade: when it
 * fails, one line says so.
 */
public final class RoomRecorder {

    /** Long enough for a busy cluster, short enough that a dead one does not hold the learner's prompt. */
    private static final long WAIT_SECONDS = 30;

    private RoomRecorder() {}

    /** A recording under way: connecting, then inserting one row. */
    public static final class Recording {
        private final Room room;
        private final String learner;
        private final CompletableFuture<CqlSession> session;
        private CompletableFuture<Void> done;
        private boolean graded;

        Recording(Room room, String learner, CompletableFuture<CqlSession> session) {
            this.room = room;
            this.learner = learner;
            this.session = session;
            this.done = CompletableFuture.completedFuture(null);
        }

        /** Records the result as soon as the session is up; a grade withheld (empty) records nothing. */
        public Recording record(Optional<CheckResult> result) {
            result.ifPresent(r -> {
                graded = true;
                then(table -> table.record(room, learner, r));
            });
            return this;
        }

        /** Also publishes the drawing the check wrote, as the learner's latest, for the instructor's page. */
        public Recording show(String lesson, Path drawing) {
            then(table -> table.draw(room, learner, lesson, read(drawing)));
            return this;
        }

        /** One more write, once the session is up and the writes before it are done. */
        private void then(Consumer<RoomTable> write) {
            done = done.thenCombine(session, (before, s) -> s).thenAccept(s -> write.accept(RoomTable.open(s)));
        }

        private static String read(Path drawing) {
            try {
                return Files.readString(drawing);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot read the drawing " + drawing, e);
            }
        }

        /**
         * Waits for it; says in one line when the result could not be recorded. Returns what
         * happened, for the grade's file: "recorded", or "not recorded: " and why.
         */
        public String finish(PrintStream out) {
            String why;
            try {
                done.get(WAIT_SECONDS, TimeUnit.SECONDS);
                return graded ? "recorded" : "not recorded: no grade this time";
            } catch (ExecutionException failed) {
                why = Failures.explain(failed.getCause()).what();
            } catch (TimeoutException slow) {
                why = "the cluster did not answer within " + WAIT_SECONDS + " s";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                why = "interrupted";
            } finally {
                session.thenAccept(CqlSession::close); // now, or whenever a late connection comes up
            }
            out.println(RoomGridText.fit("Not recorded in room " + room.name() + " (your grade stands): " + why));
            return "not recorded: " + why;
        }
    }

    /** Starts connecting when room mode is on (WORKSHOP_ROOM), as this learner's namespace; empty otherwise. */
    public static Optional<Recording> start() {
        return Room.fromEnvironment().map(room -> start(room, Keyspaces.namespace().orElseThrow()));
    }

    /** Connects in the background, on a session of its own that fetches no metadata: it inserts one row. */
    public static Recording start(Room room, String learner) {
        return new Recording(room, learner, CompletableFuture.supplyAsync(() -> Cassandra.findOrStart().connectWithoutMetadata()));
    }
}
