package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongFunction;
import workshop.kit.terminal.Progress;

/** Loads many rows quickly: asynchronous writes with a bounded number in flight, and a progress bar. */
public final class BulkWriter {

    private static final int IN_FLIGHT = 128;

    private BulkWriter() {}

    /** How a load went: statements written and the wall-clock time they took. */
    public record Load(long statements, Duration elapsed) {
        public double perSecond() {
            return statements / Math.max(elapsed.toNanos() / 1e9, 1e-9);
        }
    }

    /** Executes statement(i) for i in [0, count), at most 128 at a time, showing progress under the given label. */
    public static Load write(CqlSession session, String label, long count, LongFunction<Statement<?>> statement) {
        Semaphore permits = new Semaphore(IN_FLIGHT);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long started = System.nanoTime();
        try (Progress progress = Progress.of(label, count)) {
            for (long i = 0; i < count && failure.get() == null; i++) {
                permits.acquireUninterruptibly();
                session.executeAsync(statement.apply(i)).whenComplete((result, error) -> {
                    if (error != null) {
                        failure.compareAndSet(null, error);
                    }
                    progress.step();
                    permits.release();
                });
            }
            permits.acquireUninterruptibly(IN_FLIGHT); // wait for the last writes
        }
        if (failure.get() != null) {
            throw new CompletionException("Loading " + label + " failed", failure.get());
        }
        return new Load(count, Duration.ofNanos(System.nanoTime() - started));
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
