package workshop.kit.h2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

class LateCommitTest {

    @Test
    void theFirstTakesTheLowerNumberButIsInvisibleUntilTheStepBetweenHasRun() throws SQLException {
        try (MemoryDatabase db = MemoryDatabase.open("late_commit_test")) {
            try (Connection connection = db.connect()) {
                Sql.update(connection, "CREATE TABLE events (seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
                        + " who VARCHAR(10))");
            }
            List<Long> seenBetween = new ArrayList<>();
            LateCommit.Result<Integer> result = LateCommit.run(db, ds -> insert(ds, "ana"), ds -> insert(ds, "ben"),
                    () -> seenBetween.add(db.count("SELECT COUNT(*) FROM events")));
            assertEquals(List.of(1L), seenBetween, "between, only the second's row is committed");
            assertEquals(1, result.first());
            assertEquals(1, db.count("SELECT seq FROM events WHERE who = 'ana'"), "the first took the lower number");
            assertEquals(2, db.count("SELECT seq FROM events WHERE who = 'ben'"));
        }
    }

    private static int insert(DataSource ds, String who) {
        try (Connection connection = ds.getConnection()) {
            connection.setAutoCommit(false);
            int inserted = Sql.update(connection, "INSERT INTO events (who) VALUES (?)", who);
            connection.commit();
            return inserted;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
