package workshop.kit.cassandra;

import workshop.kit.Problem;
import workshop.kit.WorkshopException;

/** Something a learner can hit while starting or reaching the Cassandra cluster, with its fix. */
public class ClusterException extends WorkshopException {

    public ClusterException(String problem, String fix) {
        super(problem, fix);
    }

    public ClusterException(Problem problem, Throwable cause) {
        super(problem, cause);
    }

    public ClusterException(String problem, String fix, Throwable cause) {
        super(problem, fix, cause);
    }
}
