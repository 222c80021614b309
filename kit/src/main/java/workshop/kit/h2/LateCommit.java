package workshop.kit.h2;

import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javax.sql.DataSource;

/**
 * Two transactions that commit in the opposite order to the one they started in, on every run:
 * the first does all its work, then holds its commit back while the second runs to its end and a
 * step runs after it (a relay's poll, say); only then does the first commit. Each side gets the
 * data source to run its unchanged code on.
 */
public final class LateCommit {

    public record Result<T>(T first, T second) {}

    /** What runs while the first transaction is still open, the second already committed. */
    public interface Step {
        void run() throws SQLException;
    }

    private static final long GIVE_UP_SECONDS = 30;

    private LateCommit() {}

    public static <T> Result<T> run(MemoryDatabase db, Function<DataSource, T> first, Function<DataSource, T> second,
                                    Step between) throws SQLException {
        CountDownLatch firstCommitting = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        DataSource held = BeforeCommit.run(() -> {
            firstCommitting.countDown();
            await(release);
        }, db.dataSource());
        CompletableFuture<T> one = CompletableFuture.supplyAsync(() -> first.apply(held));
        T two;
        try {
            while (!await(firstCommitting, 20)) {
                if (one.isDone()) { // it ended without reaching a commit: that is the caller's error to see
                    one.join();
                    throw new IllegalStateException("The first transaction ended without committing");
                }
            }
            two = second.apply(db.dataSource());
            between.run();
        } finally {
            release.countDown();
        }
        return new Result<>(one.join(), two);
    }

    private static void await(CountDownLatch latch) {
        if (!await(latch, TimeUnit.SECONDS.toMillis(GIVE_UP_SECONDS))) {
            throw new IllegalStateException("The held transaction was not released within " + GIVE_UP_SECONDS + " s");
        }
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
