package workshop.kit.catalogue;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;

/**
 * An application's access patterns together with the tables and data that serve them: what
 * {@link CatalogueCheck} runs, and what {@code ./jbang catalogue} runs on a class of your own.
 * A class implementing it needs a constructor without arguments.
 */
public interface Catalogue {

    /** A short name for the report. */
    String name();

    /**
     * Creates the tables and loads realistic data: enough rows that a scan costs what a scan
     * costs. The session is bound to a keyspace of the checker's: write table names without one.
     * Keep the session; the statements of every pattern run on it, and the checker traces them.
     */
    void setUp(CqlSession session);

    /** The patterns, each with its plan and the code that serves it; called after {@link #setUp}. */
    List<AccessPattern> patterns();

    /**
     * The tables as the design plans them, before they exist: drawn by {@code ./jbang catalogue --plan},
     * and compared with the schema setUp builds (a reversed clustering order, a missing key column).
     * None by default: the diagram then draws the schema alone.
     */
    default List<TableShape> plannedTables() {
        return List.of();
    }
}
