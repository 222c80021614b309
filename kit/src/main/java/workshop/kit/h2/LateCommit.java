package workshop.kit.h2;

import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
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

    private LateCommit() {}

    public static <T> Result<T> run(MemoryDatabase db, Function<DataSource, T> first, Function<DataSource, T> second,
                                    Step between) throws SQLException {
        CompletableFuture<T> one;
        T two;
        try (HeldCommit held = new HeldCommit(db.dataSource())) {
            one = CompletableFuture.supplyAsync(() -> first.apply(held.dataSource()));
            if (!held.awaitCommitting(one)) {
                one.join(); // it failed before its commit: that failure is the one to see
                throw new IllegalStateException("The first transaction ended without committing");
            }
            two = second.apply(db.dataSource());
            between.run();
        }
        return new Result<>(one.join(), two);
    }
}
