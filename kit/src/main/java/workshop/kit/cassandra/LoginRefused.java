package workshop.kit.cassandra;

import workshop.kit.Problem;

/** The cluster wants a login and refused the one given (or none was given). */
public final class LoginRefused extends ClusterException {

    LoginRefused(Problem problem, Throwable cause) {
        super(problem, cause);
    }
}
