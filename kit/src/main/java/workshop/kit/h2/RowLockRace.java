package workshop.kit.h2;

import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javax.sql.DataSource;

/**
 * Two transactions after the same row, in a fixed order on every run: the first holds its commit
 * back until the second is queued behind its row lock, then commits. Each side gets the data source
 * to run its unchanged code on; the result says whether the second really waited.
 */
public final class RowLockRace {

    public record Result<T>(T first, T second, boolean secondWaited) {}

    private RowLockRace() {}

    public static <T> Result<T> run(MemoryDatabase db, Function<DataSource, T> first, Function<DataSource, T> second)
            throws SQLException {
        CountDownLatch firstCommitting = new CountDownLatch(1);
        CountDownLatch secondQueued = new CountDownLatch(1);
        DataSource held = BeforeCommit.run(() -> {
            firstCommitting.countDown();
            await(secondQueued);
        }, db.dataSource());
        CompletableFuture<T> one = CompletableFuture.supplyAsync(() -> first.apply(held));
        boolean waited;
        CompletableFuture<T> two;
        try {
            boolean committing = false;
            while (!committing && !one.isDone()) { // the first either reaches its commit or ends without one
                committing = await(firstCommitting, 20);
            }
            two = CompletableFuture.supplyAsync(() -> second.apply(db.dataSource()));
            waited = committing && db.awaitBlockedSessions(1, two::isDone);
        } finally {
            secondQueued.countDown();
        }
        return new Result<>(one.join(), two.join(), waited);
    }

    private static void await(CountDownLatch latch) {
        await(latch, Long.MAX_VALUE);
    }

    private static boolean await(CountDownLatch latch, long millis) {
        try {
            return latch.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
