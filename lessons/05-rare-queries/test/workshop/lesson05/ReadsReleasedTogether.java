package workshop.lesson05;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.lang.reflect.Method;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import workshop.testkit.Interposed;

/**
 * A session whose synchronous queries, once answered, wait for each other and return together:
 * the workers of an export then handle their rows at the same moment, so results gathered into a
 * collection that is not thread-safe are lost every time, not once in a while. A worker that comes
 * alone (fewer threads than expected) waits at most a second, then goes on. Holding the queries
 * also makes the export's concurrency certain to show: as many queries as it runs side by side
 * are under way at once, counted by {@link #mostAtOnce()}.
 */
final class ReadsReleasedTogether {

    private final CyclicBarrier together;
    private final AtomicInteger underWay = new AtomicInteger();
    private final AtomicInteger most = new AtomicInteger();
    private final AtomicInteger sent = new AtomicInteger();
    private final CqlSession session;

    ReadsReleasedTogether(CqlSession session, int readers) {
        this.together = new CyclicBarrier(readers);
        this.session = Interposed.around(CqlSession.class, session, this::sent, this::answered);
    }

    CqlSession session() {
        return session;
    }

    /** Queries sent through the session. */
    int queries() {
        return sent.get();
    }

    /** The most queries under way at one moment, from the call until its rows were released. */
    int mostAtOnce() {
        return most.get();
    }

    private void sent(Method method, Object[] args) {
        if (query(method, args)) {
            sent.incrementAndGet();
            most.accumulateAndGet(underWay.incrementAndGet(), Math::max);
        }
    }

    private void answered(Method method, Object[] args) throws InterruptedException {
        if (!query(method, args)) {
            return;
        }
        try {
            together.await(1, TimeUnit.SECONDS);
        } catch (TimeoutException | BrokenBarrierException alone) {
            together.reset();
        } finally {
            underWay.decrementAndGet();
        }
    }

    private static boolean query(Method method, Object[] args) {
        return method.getName().equals("execute") && args.length > 0
                && args[0] instanceof Statement<?>;
    }
}
