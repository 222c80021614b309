package workshop.lesson05;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import workshop.testkit.Interposed;

/**
 * A session whose synchronous queries, once answered, wait for each other and return together:
 * the workers of an export then handle their rows at the same moment, so results gathered into a
 * collection that is not thread-safe are lost every time, not once in a while. A worker that comes
 * alone (fewer threads than expected) waits at most a second, then goes on.
 */
final class ReadsReleasedTogether {

    private ReadsReleasedTogether() {}

    static CqlSession of(CqlSession session, int readers) {
        CyclicBarrier together = new CyclicBarrier(readers);
        return Interposed.around(CqlSession.class, session, Interposed::nothing, (method, args) -> {
            if (method.getName().equals("execute") && args.length > 0 && args[0] instanceof Statement<?>) {
                try {
                    together.await(1, TimeUnit.SECONDS);
                } catch (TimeoutException | BrokenBarrierException alone) {
                    together.reset();
                }
            }
        });
    }
}
