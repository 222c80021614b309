package workshop.kit.cost;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import com.datastax.oss.driver.internal.core.session.SessionWrapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * A session that measures the code run inside {@link #measure}: while a measurement is open,
 * every statement run through it (synchronously or with executeAsync, from any thread) is traced
 * and its result followed; outside one, statements run untraced and nothing is kept, so setup
 * costs no trace and no memory. Inside and out, it notes how each statement was made (see
 * {@link #statements()}): a trace does not say whether values were bound or a statement prepared.
 */
public final class TracingSession extends SessionWrapper implements CqlSession {

    private static final int TRACE_READERS = 8;
    /** How long one trace may take to settle; a trace that does not is read once more before it counts as incomplete. */
    private static final Duration SETTLE_LIMIT = Duration.ofSeconds(10);
    /** How long a measurement waits for an asynchronous statement it started to finish. */
    private static final Duration ASYNC_LIMIT = Duration.ofSeconds(30);

    /** The statements of one open measurement. */
    private static final class Recording {
        final List<CompletableFuture<? extends Traced>> ran = new CopyOnWriteArrayList<>();
    }

    private final CqlSession plain;
    private final List<Recording> open = new CopyOnWriteArrayList<>();
    private final StatementRecorder statements = new StatementRecorder();
    private TraceReader reader;

    public TracingSession(CqlSession plain) {
        super(plain);
        this.plain = plain;
    }

    @Override
    public <RequestT extends Request, ResultT> ResultT execute(RequestT request, GenericType<ResultT> resultType) {
        statements.ran(request, !open.isEmpty());
        if (open.isEmpty() || !(request instanceof Statement<?> statement)) {
            return super.execute(request, resultType);
        }
        @SuppressWarnings("unchecked")
        RequestT traced = (RequestT) statement.setTracing(true);
        ResultT result = super.execute(traced, resultType);
        if (result instanceof ResultSet resultSet) {
            CountingResultSet counting = new CountingResultSet(resultSet);
            record(CompletableFuture.completedFuture(counting));
            @SuppressWarnings("unchecked")
            ResultT wrapped = (ResultT) counting;
            return wrapped;
        }
        if (Statement.ASYNC.equals(resultType) && result instanceof CompletionStage<?> stage) {
            CountingAsyncResultSet.Pages pages = new CountingAsyncResultSet.Pages();
            CompletableFuture<AsyncResultSet> counting = stage.toCompletableFuture()
                    .thenApply(page -> new CountingAsyncResultSet((AsyncResultSet) page, pages));
            record(counting.thenApply(page -> pages));
            @SuppressWarnings("unchecked")
            ResultT wrapped = (ResultT) counting;
            return wrapped;
        }
        return result;
    }

    private void record(CompletableFuture<? extends Traced> statement) {
        open.forEach(recording -> recording.ran.add(statement));
    }

    /** Runs the work and returns its value with the cost of every statement it ran through this session. */
    public <T> Measured<T> measure(Supplier<T> work) {
        Recording recording = new Recording();
        open.add(recording);
        T value;
        try {
            value = work.get();
        } finally {
            open.remove(recording);
        }
        return new Measured<>(value, costOf(recording.ran));
    }

    public QueryCost measure(Runnable work) {
        return measure(() -> {
            work.run();
            return null;
        }).cost();
    }

    private synchronized TraceReader reader() {
        if (reader == null) {
            reader = new TraceReader(plain);
        }
        return reader;
    }

    private QueryCost costOf(List<CompletableFuture<? extends Traced>> ran) {
        TraceReader traces = reader();
        List<Callable<QueryCost>> reads = new ArrayList<>();
        for (CompletableFuture<? extends Traced> statement : ran) {
            Traced done = finished(statement);
            if (done == null) {
                continue;
            }
            List<UUID> pages = done.traceIds();
            for (int page = 0; page < pages.size(); page++) {
                UUID traceId = pages.get(page);
                // Rows returned are known per statement, not per page: count them once.
                boolean first = page == 0;
                long returned = first ? done.rowsTaken() : 0;
                reads.add(() -> {
                    QueryCost cost = traces.read(traceId, first, returned, SETTLE_LIMIT);
                    return cost.complete() ? cost : traces.read(traceId, first, returned, SETTLE_LIMIT);
                });
            }
        }
        return QueryCost.sum(readAll(reads));
    }

    /** The statement once it finished; null when it failed (the caller saw that) or never finished. */
    private static Traced finished(CompletableFuture<? extends Traced> statement) {
        try {
            return statement.get(ASYNC_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for a measured statement", e);
        } catch (ExecutionException | TimeoutException failedOrRunning) {
            return null;
        }
    }

    /**
     * Each trace takes a few polls to settle, mostly spent waiting: a scan of many token ranges
     * leaves one trace per range, so they are read side by side rather than one after another.
     */
    private static List<QueryCost> readAll(List<Callable<QueryCost>> reads) {
        if (reads.isEmpty()) {
            return List.of();
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(TRACE_READERS, reads.size()), work -> {
            Thread thread = new Thread(work, "trace-reader");
            thread.setDaemon(true);
            return thread;
        });
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

    /** How the statements run through this session were made (see {@link StatementRecorder}). */
    public StatementRecorder statements() {
        return statements;
    }

    /** The untraced session underneath, for setup that should not be measured. */
    public CqlSession plain() {
        return plain;
    }
}
