package workshop.kit.cost;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.List;

/** Runs one statement with tracing on and reports what it cost, counted from the trace. */
public final class CostProbe {

    private final TracingSession traced;

    public CostProbe(CqlSession session) {
        this.traced = session instanceof TracingSession t ? t : new TracingSession(session);
    }

    /** Reads every row (every page) of the statement's result. */
    public Measured<List<Row>> read(Statement<?> statement) {
        return traced.measure(() -> traced.execute(statement).all());
    }

    /** Applies a write or a batch; the cost counts the partitions it wrote. */
    public QueryCost write(Statement<?> statement) {
        return traced.measure(() -> {
            traced.execute(statement);
        });
    }
}
