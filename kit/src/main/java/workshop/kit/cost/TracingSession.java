package workshop.kit.cost;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import com.datastax.oss.driver.internal.core.session.SessionWrapper;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * A session that turns tracing on for every statement run through it and remembers the result
 * sets, so the cost of code we did not write (a learner's exercise) can be measured afterwards.
 * Statements run with executeAsync are traced but not counted; the exercises run synchronously.
 */
public final class TracingSession extends SessionWrapper implements CqlSession {

    private static final int TRACE_READERS = 8;

    private final CqlSession plain;
    private final List<CountingResultSet> results = new ArrayList<>();
    private TraceReader reader;

    public TracingSession(CqlSession plain) {
        super(plain);
        this.plain = plain;
    }

    @Override
    public <RequestT extends Request, ResultT> ResultT execute(RequestT request, GenericType<ResultT> resultType) {
        Request traced = request instanceof Statement<?> statement ? statement.setTracing(true) : request;
        @SuppressWarnings("unchecked")
        ResultT result = super.execute((RequestT) traced, resultType);
        if (result instanceof ResultSet resultSet) {
            CountingResultSet counting = new CountingResultSet(resultSet);
            synchronized (results) {
                results.add(counting);
            }
            @SuppressWarnings("unchecked")
            ResultT wrapped = (ResultT) counting;
            return wrapped;
        }
        return result;
    }

    /** Runs the work and returns its value with the cost of every statement it ran through this session. */
    public <T> Measured<T> measure(Supplier<T> work) {
        int before;
        synchronized (results) {
            before = results.size();
        }
        T value = work.get();
        List<CountingResultSet> ran;
        synchronized (results) {
            ran = new ArrayList<>(results.subList(before, results.size()));
        }
        return new Measured<>(value, costOf(ran));
    }

    public QueryCost measure(Runnable work) {
        return measure(() -> {
            work.run();
            return null;
        }).cost();
    }

    private QueryCost costOf(List<CountingResultSet> ran) {
        if (reader == null) {
            reader = new TraceReader(plain);
        }
        List<Callable<QueryCost>> reads = new ArrayList<>();
        for (CountingResultSet resultSet : ran) {
            List<ExecutionInfo> pages = resultSet.getExecutionInfos();
            for (int page = 0; page < pages.size(); page++) {
                UUID traceId = pages.get(page).getTracingId();
                if (traceId != null) {
                    // Rows returned are known per result set, not per page: count them once.
                    long returned = page == 0 ? resultSet.rowsTaken() : 0;
                    reads.add(() -> reader.read(traceId, returned));
                }
            }
        }
        return QueryCost.sum(readAll(reads));
    }

    /**
     * Each trace takes a few polls to settle, mostly spent waiting: a scan of many token ranges
     * leaves one trace per range, so they are read side by side rather than one after another.
     */
    private static List<QueryCost> readAll(List<Callable<QueryCost>> reads) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(TRACE_READERS, reads.size())));
        try {
            List<QueryCost> costs = new ArrayList<>();
            for (Future<QueryCost> read : pool.invokeAll(reads)) {
                costs.add(read.get());
            }
            return costs;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while reading traces", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** The untraced session underneath, for setup that should not be measured. */
    public CqlSession plain() {
        return plain;
    }
}
