package workshop.kit.cassandra;

import java.util.Optional;
import workshop.kit.Problem;

/**
 * What a learner reads when a room's cluster refuses their login. A refused statement is
 * {@link workshop.kit.terminal.RefusedStatement}, which the failure report reads without this package.
 */
final class AccessRefused {

    private AccessRefused() {}

    /** A refused login: no credentials where the cluster wants some, or credentials it does not accept. */
    static Problem login(Optional<CassandraSettings.Credentials> credentials, String where) {
        return credentials.map(c -> new Problem("The cluster (" + where + ") refused the login of user " + c.username()
                                + ": wrong user name or password, or the user was removed.",
                        "check CASSANDRA_USERNAME and CASSANDRA_PASSWORD; your instructor's ./jbang room add "
                                + c.username() + " gives a new password"))
                .orElseGet(() -> new Problem("The cluster (" + where + ") asks for a user name and password, and none is set.",
                        "export CASSANDRA_USERNAME and CASSANDRA_PASSWORD as your instructor's ./jbang room add printed them"));
    }
}
