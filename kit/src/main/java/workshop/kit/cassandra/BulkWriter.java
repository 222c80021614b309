package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongFunction;
import workshop.kit.terminal.Progress;

/** Loads many rows quickly: asynchronous writes with a bounded number in flight, and a progress bar. */
public final class BulkWriter {

    private static final int IN_FLIGHT = 128;
    /**
     * Rows per batch of one partition: enough to save most round trips, few enough that a batch
     * of the lessons' rows (about 150 bytes each) stays a small request.
     */
    public static final int BATCH_ROWS = 32;

    private BulkWriter() {}

    /** How a load went: statements written and the wall-clock time they took. */
    public record Load(long statements, Duration elapsed) {
        public double perSecond() {
            return statements / Math.max(elapsed.toNanos() / 1e9, 1e-9);
        }
    }

    /** Executes statement(i) for i in [0, count), at most 128 at a time, showing progress under the given label. */
    public static Load write(CqlSession session, String label, long count, LongFunction<Statement<?>> statement) {
        return inFlight(session, label, count, count, i -> statement.apply(i), i -> 1, System.nanoTime());
    }

    /**
     * As {@link #write}, with the rows of one partition (same table, same partition key) sent
     * together as unlogged batches of up to 32: a batch of one partition is applied as one
     * mutation on the replicas that own it, so it costs the cluster no more than its rows sent one
     * by one, and saves a request per row. Rows of different partitions never share a batch.
     */
    public static Load writeByPartition(CqlSession session, String label, long count,
            LongFunction<BoundStatement> statement) {
        long started = System.nanoTime(); // grouping the rows is part of the load's time
        List<Statement<?>> requests = byPartition(count, statement);
        return inFlight(session, label, count, requests.size(), i -> requests.get((int) i),
                i -> requests.get((int) i) instanceof BatchStatement b ? b.size() : 1, started);
    }

    /** The rows grouped into batches by partition; a partition of one row is sent as it is. */
    static List<Statement<?>> byPartition(long count, LongFunction<BoundStatement> statement) {
        Map<List<Object>, List<BatchableStatement<?>>> partitions = new LinkedHashMap<>();
        for (long i = 0; i < count; i++) {
            BoundStatement row = statement.apply(i);
            ByteBuffer key = row.getRoutingKey();
            if (key == null) {
                throw new IllegalArgumentException("Not every partition key column of " + row.getPreparedStatement()
                        .getQuery() + " is bound, so its rows cannot be grouped by partition");
            }
            String table = row.getPreparedStatement().getVariableDefinitions().get(0).getTable().asInternal();
            partitions.computeIfAbsent(List.of(table, key), k -> new ArrayList<>()).add(row);
        }
        List<Statement<?>> requests = new ArrayList<>();
        for (List<BatchableStatement<?>> rows : partitions.values()) {
            for (int from = 0; from < rows.size(); from += BATCH_ROWS) {
                List<BatchableStatement<?>> batch = rows.subList(from, Math.min(from + BATCH_ROWS, rows.size()));
                requests.add(batch.size() == 1 ? batch.get(0) : BatchStatement.newInstance(DefaultBatchType.UNLOGGED, batch));
            }
        }
        return requests;
    }

    /** Sends requests 0 to requests - 1, at most 128 in flight, counting rows(i) rows done as each one completes. */
    private static Load inFlight(CqlSession session, String label, long statements, long requests,
            LongFunction<Statement<?>> request, LongFunction<Integer> rows, long started) {
        Semaphore permits = new Semaphore(IN_FLIGHT);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (Progress progress = Progress.of(label, statements)) {
            for (long i = 0; i < requests && failure.get() == null; i++) {
                permits.acquireUninterruptibly();
                int done = rows.apply(i);
                session.executeAsync(request.apply(i)).whenComplete((result, error) -> {
                    if (error != null) {
                        failure.compareAndSet(null, error);
                    }
                    progress.stepBy(done);
                    permits.release();
                });
            }
            permits.acquireUninterruptibly(IN_FLIGHT); // wait for the last writes
        }
        if (failure.get() != null) {
            throw new CompletionException("Loading " + label + " failed", failure.get());
        }
        return new Load(statements, Duration.ofNanos(System.nanoTime() - started));
    }

    /** The plain loop, one write after the other, each waiting for its answer: the baseline write() is measured against. */
    public static Load writeOneByOne(CqlSession session, String label, long count, LongFunction<Statement<?>> statement) {
        long started = System.nanoTime();
        try (Progress progress = Progress.of(label, count)) {
            for (long i = 0; i < count; i++) {
                session.execute(statement.apply(i));
                progress.step();
            }
        }
        return new Load(count, Duration.ofNanos(System.nanoTime() - started));
    }
}
