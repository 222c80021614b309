package workshop.lesson04b;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.List;
import workshop.kit.cassandra.Keyspaces;

/**
 * Reference solution: jobs ((queue), job_id) with a static column done_up_to, the id of the last job
 * done. take reads done_up_to, then the jobs after it: the tombstones of the jobs done all lie before
 * where it starts, so it steps over none. done deletes the job and moves done_up_to, one write of the
 * partition; done_up_to is overwritten in place, which leaves no tombstone.
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
                  queue text, job_id bigint, payload text, done_up_to bigint STATIC,
                  PRIMARY KEY ((queue), job_id))"""));
        insertJob = session.prepare("INSERT INTO jobs (queue, job_id, payload) VALUES (?, ?, ?)");
        doneUpTo = session.prepare("SELECT done_up_to FROM jobs WHERE queue = ? LIMIT 1");
        jobsAfter = session.prepare("SELECT job_id, payload FROM jobs WHERE queue = ? AND job_id > ? LIMIT ?");
        deleteJob = session.prepare("DELETE FROM jobs WHERE queue = ? AND job_id = ?");
        moveDoneUpTo = session.prepare("UPDATE jobs SET done_up_to = ? WHERE queue = ?");
    }

    public void push(String queue, Job job) {
        session.execute(insertJob.bind(queue, job.id(), job.payload()));
    }

    // tag::take[]
    public List<Job> take(String queue, int n) {
        if (n < 1 || n > 1_000) {
            throw new IllegalArgumentException("n must be between 1 and 1,000, was " + n);
        }
        Row cursor = session.execute(doneUpTo.bind(queue)).one();
        long after = cursor == null || cursor.isNull("done_up_to") ? Long.MIN_VALUE : cursor.getLong("done_up_to");
        return session.execute(jobsAfter.bind(queue, after, n)).all().stream()
                .map(row -> new Job(row.getLong("job_id"), row.getString("payload")))
                .toList();
    }
    // end::take[]

    public void done(String queue, long jobId) {
        // One partition, so the batch is one write: the job's tombstone and the new start land together.
        session.execute(BatchStatement.newInstance(BatchType.UNLOGGED,
                deleteJob.bind(queue, jobId), moveDoneUpTo.bind(jobId, queue)));
    }
}
