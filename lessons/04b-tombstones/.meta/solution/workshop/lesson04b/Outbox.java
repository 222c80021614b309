package workshop.lesson04b;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.List;
import workshop.kit.cassandra.Keyspaces;

/**
 * Reference solution: jobs ((queue), job_id), and queue_progress ((queue)) holding done_up_to, the id
 * of the last job done, one row a queue overwritten in place (an overwrite leaves no tombstone). take
 * reads done_up_to, then the jobs after it: the tombstones of the jobs done all lie before where it
 * starts, so it steps over none. (A static column of jobs would not do: reading it alone, the node
 * steps over the partition's tombstones to its first live row.)
 */
public class Outbox {

    private final CqlSession session;
    private PreparedStatement insertJob;
    private PreparedStatement doneUpTo;
    private PreparedStatement jobsAfter;
    private PreparedStatement deleteJob;
    private PreparedStatement moveDoneUpTo;

    public Outbox(CqlSession session) {
        this.session = session;
    }

    public void createTables() {
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS jobs (
                  queue text, job_id bigint, payload text,
                  PRIMARY KEY ((queue), job_id))"""));
        session.execute(Keyspaces.schema("CREATE TABLE IF NOT EXISTS queue_progress (queue text PRIMARY KEY, done_up_to bigint)"));
        insertJob = session.prepare("INSERT INTO jobs (queue, job_id, payload) VALUES (?, ?, ?)");
        doneUpTo = session.prepare("SELECT done_up_to FROM queue_progress WHERE queue = ?");
        jobsAfter = session.prepare("SELECT job_id, payload FROM jobs WHERE queue = ? AND job_id > ? LIMIT ?");
        deleteJob = session.prepare("DELETE FROM jobs WHERE queue = ? AND job_id = ?");
        moveDoneUpTo = session.prepare("UPDATE queue_progress SET done_up_to = ? WHERE queue = ?");
    }

    public void push(String queue, Job job) {
        session.execute(insertJob.bind(queue, job.id(), job.payload()));
    }

    // tag::take[]
    public List<Job> take(String queue, int n) {
        if (n < 1 || n > 1_000) {
            throw new IllegalArgumentException("n must be between 1 and 1,000, was " + n);
        }
        Row progress = session.execute(doneUpTo.bind(queue)).one();
        long after = progress == null || progress.isNull("done_up_to") ? Long.MIN_VALUE : progress.getLong("done_up_to");
        return session.execute(jobsAfter.bind(queue, after, n)).all().stream()
                .map(row -> new Job(row.getLong("job_id"), row.getString("payload")))
                .toList();
    }
    // end::take[]

    public void done(String queue, long jobId) {
        // The job first: a crash between the two leaves the progress behind, and take re-reads one tombstone.
        session.execute(deleteJob.bind(queue, jobId));
        session.execute(moveDoneUpTo.bind(jobId, queue));
    }
}
