package workshop.lesson08;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import workshop.testkit.Interposed;

/**
 * A session that lets another sender in between the code's read of a table and what it does next:
 * the race two servers run once in a while, made to happen every time. The other send runs once,
 * right after the first SELECT that names the table has returned.
 */
final class InterleavedSession {

    private InterleavedSession() {}

    static CqlSession afterFirstRead(CqlSession session, String table, Runnable otherSend) {
        AtomicBoolean done = new AtomicBoolean();
        return Interposed.around(CqlSession.class, session, Interposed::nothing, (method, args) -> {
            if (method.getName().equals("execute") && args.length > 0 && readsTable(args[0], table)
                    && done.compareAndSet(false, true)) {
                otherSend.run();
            }
        });
    }

    private static boolean readsTable(Object statement, String table) {
        String query = statement instanceof BoundStatement bound ? bound.getPreparedStatement().getQuery()
                : statement instanceof SimpleStatement simple ? simple.getQuery()
                : statement instanceof String text ? text : "";
        String normalized = query.toLowerCase(Locale.ROOT).strip();
        return normalized.startsWith("select") && normalized.matches("(?s).*\\bfrom\\s+" + table + "\\b.*");
    }
}
