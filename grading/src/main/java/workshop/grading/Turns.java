package workshop.grading;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * Whose turn it is on the cluster: a check that may run beside other lessons' checks, or one that
 * must run alone (a lesson whose tests take hold of the nodes, and the second look at an unexpected
 * result). Fair, so a check waiting to run alone is not overtaken by those arriving after it.
 */
final class Turns {

    private final ReadWriteLock lock = new ReentrantReadWriteLock(true);

    <T> T beside(Supplier<T> check) {
        return holding(lock.readLock(), check);
    }

    void alone(Runnable checks) {
        holding(lock.writeLock(), () -> {
            checks.run();
            return null;
        });
    }

    private static <T> T holding(Lock lock, Supplier<T> check) {
        lock.lock();
        try {
            return check.get();
        } finally {
            lock.unlock();
        }
    }
}
