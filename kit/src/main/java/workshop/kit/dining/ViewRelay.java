package workshop.kit.dining;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import workshop.kit.h2.MemoryDatabase;
import workshop.kit.h2.Sql;

/** Reads the outbox in order and applies each event to user_reservations as a versioned upsert. */
public final class ViewRelay {

    private final MemoryDatabase db;
    private long deliveredUpTo;

    public ViewRelay(MemoryDatabase db) {
        this.db = db;
    }

    /** Applies every event after the last one delivered; returns how many. */
    public int deliverNew() throws SQLException {
        return deliverFrom(deliveredUpTo);
    }

    /** What a relay that crashed before saving its position does: sends the last event again. */
    public void redeliverLast() throws SQLException {
        deliverFrom(deliveredUpTo - 1);
    }

    private int deliverFrom(long after) throws SQLException {
        try (Connection connection = db.connect()) {
            List<Long> sequence = Sql.list(connection, row -> row.getLong(1),
                    "SELECT event_seq FROM outbox WHERE event_seq > ? ORDER BY event_seq", after);
            for (long seq : sequence) {
                Sql.update(connection, """
                        MERGE INTO user_reservations AS stored
                        USING (SELECT user_id, slot_date, slot_time, reservation_id, restaurant_name, party_size,
                                      CASE kind WHEN 'CANCELLED' THEN 'CANCELLED' ELSE 'BOOKED' END AS status, version
                               FROM outbox WHERE event_seq = ?) AS event
                        ON stored.user_id = event.user_id AND stored.slot_date = event.slot_date
                           AND stored.slot_time = event.slot_time AND stored.reservation_id = event.reservation_id
                        WHEN MATCHED AND stored.version < event.version THEN UPDATE SET
                          party_size = event.party_size, status = event.status, version = event.version
                        WHEN NOT MATCHED THEN INSERT VALUES (event.user_id, event.slot_date, event.slot_time,
                          event.reservation_id, event.restaurant_name, event.party_size, event.status, event.version)""",
                        seq);
                deliveredUpTo = Math.max(deliveredUpTo, seq);
            }
            return sequence.size();
        }
    }

    /** The diner's rows in user_reservations, whatever their status. */
    public long rows(long diner) throws SQLException {
        return count("SELECT COUNT(*) FROM user_reservations WHERE user_id = ?", diner);
    }

    /** The diner's rows that show as booked. */
    public long listed(long diner) throws SQLException {
        return count("SELECT COUNT(*) FROM user_reservations WHERE user_id = ? AND status = 'BOOKED'", diner);
    }

    /** Events in the outbox not yet applied. */
    public long lag() throws SQLException {
        return count("SELECT COUNT(*) FROM outbox WHERE event_seq > ?", deliveredUpTo);
    }

    private long count(String sql, Object... parameters) throws SQLException {
        try (Connection connection = db.connect()) {
            return Sql.count(connection, sql, parameters);
        }
    }
}
