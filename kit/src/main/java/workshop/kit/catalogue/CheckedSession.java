package workshop.kit.catalogue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import com.datastax.oss.driver.internal.core.session.SessionWrapper;
import com.datastax.oss.protocol.internal.util.Bytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;

/**
 * The session a catalogue is given. Outside a check it is the plain session (loading data is not
 * traced); while a pattern runs it sends every statement through the tracing session and notes
 * which partition each one names, so two reads of the same partition count as one partition.
 */
final class CheckedSession extends SessionWrapper implements CqlSession {

    /** A statement run while measuring: the partition its key names (null when unknown) and its tables. */
    private record Executed(String partition, Set<String> tables) {}

    private final TracingSession traced;
    private List<Executed> executed;

    CheckedSession(TracingSession traced) {
        super(traced.plain());
        this.traced = traced;
    }

    @Override
    public <RequestT extends Request, ResultT> ResultT execute(RequestT request, GenericType<ResultT> resultType) {
        if (executed == null) {
            return super.execute(request, resultType);
        }
        ResultT result = traced.execute(request, resultType);
        if (result instanceof ResultSet resultSet) {
            executed.add(executed(request, resultSet));
        }
        return result;
    }

    /** Runs the code with tracing and reports what its statements touched. */
    Observation observe(Supplier<?> run) {
        executed = new ArrayList<>();
        try {
            QueryCost cost = traced.measure(() -> {
                run.get();
            });
            return observation(cost, executed);
        } catch (RuntimeException thrown) {
            return Observation.failed(thrown);
        } finally {
            executed = null;
        }
    }

    private static Observation observation(QueryCost cost, List<Executed> ran) {
        Set<String> tables = new TreeSet<>();
        Set<String> partitions = new HashSet<>();
        boolean everyKeyKnown = true;
        for (Executed statement : ran) {
            tables.addAll(statement.tables());
            everyKeyKnown &= statement.partition() != null;
            if (statement.partition() != null) {
                partitions.add(statement.partition());
            }
        }
        // Keys only say which partition was read when each request read exactly one.
        boolean keysTell = everyKeyKnown && cost.rangeScans() == 0 && cost.partitionsRead() <= cost.requests();
        int distinct = keysTell ? partitions.size() : cost.partitionsRead();
        return new Observation(cost.partitionsRead(), distinct, cost.rangeScans(), cost.nodesRead(), tables,
                cost.rowsRead(), cost.rowsReturned(), cost.requests(), cost.elapsed(), null);
    }

    private static Executed executed(Request request, ResultSet result) {
        Set<String> tables = new TreeSet<>();
        result.getColumnDefinitions().forEach(column -> tables.add(tableOf(column)));
        String partition = null;
        if (request instanceof BoundStatement bound) {
            bound.getPreparedStatement().getVariableDefinitions().forEach(column -> tables.add(tableOf(column)));
            ByteBuffer key = bound.getRoutingKey();
            if (key != null && tables.size() == 1) {
                partition = tables.iterator().next() + ":" + Bytes.toHexString(key.duplicate());
            }
        }
        return new Executed(partition, tables);
    }

    private static String tableOf(ColumnDefinition column) {
        return column.getTable().asInternal();
    }
}
