package workshop.kit.dining;

import java.sql.Connection;
import java.sql.SQLException;
import workshop.kit.h2.MemoryDatabase;
import workshop.kit.h2.Sql;

/**
 * The job that keeps user_reservations' copy of a restaurant's name in step with restaurants.name,
 * the copy's source of truth. It finds the copies through the restaurant's own reservations, then
 * rewrites each in its diner's partition.
 */
public final class RenameJob {

    private static final String COPIES = "SELECT COUNT(*) FROM user_reservations WHERE reservation_id IN"
            + " (SELECT reservation_id FROM reservations WHERE restaurant_id = ?)";

    private final MemoryDatabase db;

    public RenameJob(MemoryDatabase db) {
        this.db = db;
    }

    /** Rows of user_reservations that carry the restaurant's name. */
    public long copies(long restaurant) throws SQLException {
        return count(COPIES, restaurant);
    }

    /** Copies that no longer match restaurants.name. */
    public long stale(long restaurant) throws SQLException {
        return count(COPIES + " AND restaurant_name <> (SELECT name FROM restaurants WHERE restaurant_id = ?)",
                restaurant, restaurant);
    }

    /** Changes the source of truth only, as the restaurant's own page would. */
    public void rename(long restaurant, String name) throws SQLException {
        try (Connection connection = db.connect()) {
            Sql.update(connection, "UPDATE restaurants SET name = ? WHERE restaurant_id = ?", name, restaurant);
        }
    }

    /** Rewrites every copy of the restaurant's name; returns the rows written. */
    public int run(long restaurant) throws SQLException {
        try (Connection connection = db.connect()) {
            return Sql.update(connection, """
                    UPDATE user_reservations SET restaurant_name = (SELECT name FROM restaurants WHERE restaurant_id = ?)
                    WHERE reservation_id IN (SELECT reservation_id FROM reservations WHERE restaurant_id = ?)""",
                    restaurant, restaurant);
        }
    }

    private long count(String sql, Object... parameters) throws SQLException {
        try (Connection connection = db.connect()) {
            return Sql.count(connection, sql, parameters);
        }
    }
}
