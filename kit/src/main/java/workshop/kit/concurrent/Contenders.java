package workshop.kit.concurrent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;

/**
 * Runs tasks that must overlap: each gets its own thread, and every thread waits at a gate that
 * opens only when all of them are ready, so none has finished before the last one starts.
 */
public final class Contenders {

    private static final long GIVE_UP_SECONDS = 60;

    private Contenders() {}

    /** Runs task(0) .. task(n - 1) at once and returns their results in that order. */
    public static <T> List<T> race(int n, IntFunction<Callable<T>> task) {
        CountDownLatch ready = new CountDownLatch(n);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(n);
        try {
            List<Future<T>> running = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Callable<T> work = task.apply(i);
                running.add(threads.submit(() -> {
                    ready.countDown();
                    go.await();
                    return work.call();
                }));
            }
            if (!ready.await(GIVE_UP_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("Only " + (n - ready.getCount()) + " of " + n + " threads started");
            }
            go.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> result : running) {
                results.add(result.get(GIVE_UP_SECONDS, TimeUnit.SECONDS));
            }
            return results;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime
                    : new IllegalStateException("A contender failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("A contender was still running after " + GIVE_UP_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while contenders ran", e);
        } finally {
            threads.shutdownNow();
        }
    }
}
