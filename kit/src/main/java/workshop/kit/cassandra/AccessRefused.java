package workshop.kit.cassandra;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.kit.Problem;

/** What a learner reads when a room's cluster refuses their login or one of their statements. */
public final class AccessRefused {

    /** The driver's exception for a statement the user's permissions do not allow (named, so no driver class is loaded). */
    public static final String UNAUTHORIZED = "com.datastax.oss.driver.api.core.servererrors.UnauthorizedException";
    /** Cassandra's wording: "User alice has no SELECT permission on <table bob_lesson01.t> or any of its parents". */
    private static final Pattern NO_PERMISSION =
            Pattern.compile("User (\\S+) has no (\\S+) permission on <(\\w+) ([^>]+)>");

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

    /** A refused statement, from the server's message: whose permission is missing on what, and the way back to one's own keyspaces. */
    public static Problem statement(String serverMessage) {
        Matcher refusal = NO_PERMISSION.matcher(serverMessage);
        if (!refusal.find()) {
            return new Problem("The cluster refused the statement: " + serverMessage,
                    "ask your instructor which permissions your user has");
        }
        String user = refusal.group(1);
        return new Problem("The cluster refused user " + user + " " + refusal.group(2) + " on " + refusal.group(3) + " "
                + refusal.group(4) + ": a learner works only in keyspaces they created, named with their namespace.",
                "export WORKSHOP_NAMESPACE=" + user + " (the namespace your instructor's ./jbang room add printed)");
    }
}
