package workshop.lesson04b;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;

/**
 * Exercise 04b: an outbox of mail to send, a queue kept in Cassandra, without the tombstone pile.
 *
 * The questions:
 *   push(queue, job)  a new job, its id larger than every id pushed to that queue before:
 *                     50,000 a day a queue
 *   take(queue, n)    the n oldest jobs not done yet, oldest first: 200/s, from any worker, also
 *                     one that has just started (a new Outbox on the same tables)
 *   done(queue, id)   a job is sent: it leaves the queue and its payload is not kept. Workers finish
 *                     jobs in the order they took them.
 *
 * The rules the tests hold you to:
 *   - take reads one partition (at most two reads of it, or one read each of two partitions), at
 *     most n + 1 live rows and at most 100 tombstone cells, however many jobs were ever done
 *     (a day of jobs done is 50,000 tombstones: the node warns past 1,000 and refuses past 100,000)
 *   - take never returns a job that is done, and never skips one that is not
 * Table names, keys and columns are yours: the tests grade answers and measured cost only.
 *
 * The tests give you a session bound to a keyspace of your own: write table names without a
 * keyspace. Use prepared statements with bound values.
 */
public class Outbox {

    private final CqlSession session;

    public Outbox(CqlSession session) {
        this.session = session;
    }

    /**
     * Creates the tables: where does take start reading, and what must it step over to get there?
     * Every worker calls it when it starts; tables that exist already must stay as they are.
     */
    public void createTables() {
        // TODO: the jobs, and what a worker that has just started needs to know
        throw new UnsupportedOperationException("TODO: create the outbox's tables");
    }

    public void push(String queue, Job job) {
        // TODO: store the job in its queue
        throw new UnsupportedOperationException("TODO: push a job");
    }

    /**
     * The queue's n oldest jobs not done yet, oldest first.
     *
     * @throws IllegalArgumentException when n is not between 1 and 1,000
     */
    public List<Job> take(String queue, int n) {
        // TODO: start reading where the jobs not done begin, not at the partition's head
        throw new UnsupportedOperationException("TODO: take the oldest jobs");
    }

    /** The job is sent: remove it, and remember how far the queue is done. */
    public void done(String queue, long jobId) {
        // TODO: remove the job without leaving its tombstone where take starts reading
        throw new UnsupportedOperationException("TODO: mark a job done");
    }
}
