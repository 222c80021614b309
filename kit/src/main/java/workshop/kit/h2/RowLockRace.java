package workshop.kit.h2;

import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
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
        boolean waited;
        CompletableFuture<T> one;
        CompletableFuture<T> two;
        try (HeldCommit held = new HeldCommit(db.dataSource())) {
            one = CompletableFuture.supplyAsync(() -> first.apply(held.dataSource()));
            boolean committing = held.awaitCommitting(one); // the first either reaches its commit or ends without one
            two = CompletableFuture.supplyAsync(() -> second.apply(db.dataSource()));
            waited = committing && db.awaitBlockedSessions(1, two::isDone);
        }
        return new Result<>(one.join(), two.join(), waited);
    }
}
