package workshop.kit.tools;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cost.CostProbe;
import workshop.kit.cost.QueryCost;

/**
 * What the JShell prompt (./jbang --interactive tools/shell.java) offers: a connected session
 * and a one-call way to see what a query costs.
 */
public final class Shell {

    private static CqlSession session;
    private static CostProbe probe;

    private Shell() {}

    /** A session to the workshop's cluster, started if needed. */
    public static synchronized CqlSession session() {
        if (session == null) {
            session = Cassandra.findOrStart().connect();
            probe = new CostProbe(session);
        }
        return session;
    }

    /** Runs a CQL query with tracing on, prints what it cost and returns it. */
    public static QueryCost cost(String cql) {
        session();
        QueryCost cost = probe.read(SimpleStatement.newInstance(cql)).cost();
        System.out.println(cost.summary());
        return cost;
    }
}
