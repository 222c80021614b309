package workshop.kit.terminal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.kit.Problem;

/**
 * What a learner reads when a room's cluster refuses one of their statements. Told by the
 * driver's exception name and the server's wording, so {@link Failures} explains it without
 * loading a driver class or depending on the Cassandra code.
 */
public final class RefusedStatement {

    /** The driver's exception for a statement the user's permissions do not allow. */
    static final String UNAUTHORIZED = "com.datastax.oss.driver.api.core.servererrors.UnauthorizedException";
    /** Cassandra's wording: "User alice has no SELECT permission on <table bob_lesson01.t> or any of its parents". */
    private static final Pattern NO_PERMISSION =
            Pattern.compile("User (\\S+) has no (\\S+) permission on <(\\w+) ([^>]+)>");

    private RefusedStatement() {}

    /** From the server's message: whose permission is missing on what, and the way back to one's own keyspaces. */
    public static Problem explain(String serverMessage) {
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
