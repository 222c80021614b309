package workshop.lesson04b;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;

@ExtendWith(CassandraExtension.class)
class OutboxTest {

    private static final String MAIL = "mail";
    private static final String QUIET = "quiet";
    private static final int PUSHED = 1_500;
    /** Past the node's warning of 1,000: a queue read from its head steps over every one of them. */
    private static final int DONE = 1_200;
    private static final int PAGE = 10;
    private static final long TOMBSTONES_AT_MOST = 100;
    private static TracingSession session;

    /** Loads once per class; while createTables, push, take or done fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        if (session != null) {
            return;
        }
        Outbox worker = new Outbox(traced);
        worker.createTables();
        LongStream.range(0, PUSHED).forEach(id -> worker.push(MAIL, job(id)));
        LongStream.range(0, 3).forEach(id -> worker.push(QUIET, job(id)));
        // A worker takes a page, sends it, marks each job done, and takes the next, up to job DONE.
        for (List<Job> page = worker.take(MAIL, PAGE); !page.isEmpty() && page.get(0).id() < DONE; page = worker.take(MAIL, PAGE)) {
            page.stream().filter(job -> job.id() < DONE).forEach(job -> worker.done(MAIL, job.id()));
        }
        session = traced;
    }

    /** A worker that has just started: it creates the tables (those that exist stay) and knows nothing else. */
    private static Outbox newWorker() {
        Outbox worker = new Outbox(session);
        worker.createTables();
        return worker;
    }

    private static Job job(long id) {
        return new Job(id, "mail number " + id);
    }

    private static List<Job> jobs(long from, long count) {
        return LongStream.range(from, from + count).mapToObj(OutboxTest::job).toList();
    }

    @Test
    @DisplayName("take returns the oldest jobs not done, oldest first")
    void oldestFirst() {
        assertEquals(jobs(DONE, PAGE), newWorker().take(MAIL, PAGE),
                "take(mail, " + PAGE + ") after jobs 0 to " + (DONE - 1) + " were done");
        assertEquals(jobs(0, 3), newWorker().take(QUIET, PAGE), "take(quiet, " + PAGE + "): 3 jobs pushed, none done");
    }

    @Test
    @DisplayName("a job done leaves the queue, and the next one is taken")
    void doneLeavesTheQueue() {
        Outbox worker = newWorker();
        LongStream.range(0, 3).forEach(id -> worker.push("small", job(id)));
        worker.done("small", 0);
        assertEquals(jobs(1, 2), worker.take("small", PAGE), "take(small, " + PAGE + ") after job 0 was done");
        worker.done("small", 1);
        assertEquals(jobs(2, 1), newWorker().take("small", PAGE),
                "take(small, " + PAGE + ") by a new worker after jobs 0 and 1 were done");
    }

    @Test
    @DisplayName("after 1,200 jobs done, a worker that has just started reads no tombstone pile")
    void noTombstonePile() {
        Outbox started = newWorker();
        Measured<List<Job>> taken = session.measure(() -> started.take(MAIL, PAGE));
        String call = "take(mail, " + PAGE + ") by a new worker, after " + String.format("%,d", DONE) + " jobs done";
        assertEquals(jobs(DONE, PAGE), taken.value(), call);
        QueryCost cost = taken.cost();
        if (cost.tombstonesRead() > TOMBSTONES_AT_MOST) {
            fail(String.format("""
                    %s read %,d live rows and %,d tombstone cells, past the brief's %,d.
                      Each job done is a tombstone at the head of the queue's partition, kept ten days, and a read
                      that starts at the head steps over all of them. Remember how far the queue is done, in the
                      store so a new worker knows it too, and start reading after it.""",
                    call, cost.rowsRead(), cost.tombstonesRead(), TOMBSTONES_AT_MOST));
        }
        CostExpectations.assertReadAtMost(call, cost, 2, PAGE + 1L,
                "Read where the queue's jobs not done begin, and only the page after it.");
    }

    @Test
    @DisplayName("a page below 1 or above 1,000 is refused before anything is read")
    void badPage() {
        assertThrows(IllegalArgumentException.class, () -> newWorker().take(MAIL, 0));
        assertThrows(IllegalArgumentException.class, () -> newWorker().take(MAIL, 1_001));
    }
}
