package workshop.grading;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * Whose turn it is on the machine: a check that may run beside other lessons' checks, or one that
 * must run alone (the second look at an unexpected result). Which lessons may be graded beside
 * which is the pool's business ({@link LessonPool}). Fair, so a check waiting to run alone is not
 * overtaken by those arriving after it.
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
