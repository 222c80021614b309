package workshop.kit.cassandra;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import workshop.kit.terminal.Progress;

/**
 * A batch job over a whole table: the same work on every token slice, several slices at once,
 * with progress. Work runs on plain threads with synchronous statements, so a TracingSession
 * can measure the whole scan.
 */
public final class TokenRangeScan {

    private TokenRangeScan() {}

    /** Runs work(slice) for every slice on `workers` threads; the first failure stops the scan and is thrown. */
    public static Duration forEachSlice(List<TokenSlice> slices, int workers, String label, Consumer<TokenSlice> work) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, was " + workers);
        }
        long started = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try (Progress progress = Progress.of(label, slices.size())) {
            List<Future<?>> done = slices.stream().<Future<?>>map(slice -> pool.submit(() -> {
                work.accept(slice);
                progress.step();
            })).toList();
            for (Future<?> slice : done) {
                slice.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while scanning " + label, e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return Duration.ofNanos(System.nanoTime() - started);
    }
}
