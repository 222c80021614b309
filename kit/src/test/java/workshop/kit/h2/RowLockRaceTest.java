package workshop.kit.h2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

class RowLockRaceTest {

    @Test
    void theSecondClaimWaitsForTheFirstCommitThenChangesNothing() throws SQLException {
        try (MemoryDatabase db = MemoryDatabase.open("row_lock_race_test")) {
            try (Connection connection = db.connect()) {
                Sql.update(connection, "CREATE TABLE seats (seat INT PRIMARY KEY, holder VARCHAR(10))");
                Sql.update(connection, "INSERT INTO seats VALUES (1, NULL)");
            }
            RowLockRace.Result<Integer> race = RowLockRace.run(db, ds -> claim(ds, "ana"), ds -> claim(ds, "ben"));
            assertEquals(1, race.first());
            assertEquals(0, race.second());
            assertTrue(race.secondWaited(), "the second claim never queued behind the first one's row lock");
            try (Connection connection = db.connect()) {
                assertEquals(1, Sql.count(connection, "SELECT COUNT(*) FROM seats WHERE holder = 'ana'"));
            }
        }
    }

    private static int claim(DataSource ds, String who) {
        try (Connection connection = ds.getConnection()) {
            connection.setAutoCommit(false);
            int changed = Sql.update(connection, "UPDATE seats SET holder = ? WHERE seat = 1 AND holder IS NULL", who);
            connection.commit();
            return changed;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
