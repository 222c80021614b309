package workshop.lesson07;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Reference solution: each event carries the reservation's whole state and its version, so
 * applying it is one upsert that only takes effect when the event is newer than the stored row. A
 * duplicate (same version) and a late older event change nothing; a cancellation stays as a row
 * marked CANCELLED, so a booking event that arrives after it cannot bring the reservation back.
 */
public class UserReservationsView {

    private final DataSource db;

    public UserReservationsView(DataSource db) {
        this.db = db;
    }

    public void apply(ReservationEvent event) {
        try (Connection connection = db.getConnection();
             PreparedStatement upsert = connection.prepareStatement("""
                     MERGE INTO user_reservations AS stored
                     USING (VALUES (CAST(? AS BIGINT), CAST(? AS DATE), CAST(? AS TIME), CAST(? AS UUID),
                                    CAST(? AS VARCHAR), CAST(? AS INT), CAST(? AS VARCHAR), CAST(? AS INT)))
                           AS incoming (user_id, slot_date, slot_time, reservation_id, restaurant_name, party_size,
                                     status, version)
                     ON stored.user_id = incoming.user_id AND stored.slot_date = incoming.slot_date
                        AND stored.slot_time = incoming.slot_time AND stored.reservation_id = incoming.reservation_id
                     WHEN MATCHED AND stored.version < incoming.version THEN
                       UPDATE SET restaurant_name = incoming.restaurant_name, party_size = incoming.party_size,
                                  status = incoming.status, version = incoming.version
                     WHEN NOT MATCHED THEN
                       INSERT VALUES (incoming.user_id, incoming.slot_date, incoming.slot_time, incoming.reservation_id,
                                      incoming.restaurant_name, incoming.party_size, incoming.status, incoming.version)""")) {
            upsert.setLong(1, event.userId());
            upsert.setObject(2, event.date());
            upsert.setObject(3, event.time());
            upsert.setObject(4, event.reservationId());
            upsert.setString(5, event.restaurantName());
            upsert.setInt(6, event.partySize());
            upsert.setString(7, event.kind() == ReservationEvent.Kind.CANCELLED ? "CANCELLED" : "BOOKED");
            upsert.setInt(8, event.version());
            upsert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("Applying " + event + " failed: " + e.getMessage(), e);
        }
    }

    /** The diner's reservations on or after {@code from}, in date and time order; cancelled ones left out. */
    public List<UpcomingReservation> upcoming(long userId, LocalDate from) {
        try (Connection connection = db.getConnection();
             PreparedStatement select = connection.prepareStatement("""
                     SELECT reservation_id, restaurant_name, slot_date, slot_time, party_size
                     FROM user_reservations
                     WHERE user_id = ? AND slot_date >= ? AND status = 'BOOKED'
                     ORDER BY slot_date, slot_time, reservation_id""")) {
            select.setLong(1, userId);
            select.setObject(2, from);
            List<UpcomingReservation> upcoming = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    upcoming.add(new UpcomingReservation(rows.getObject(1, UUID.class), rows.getString(2),
                            rows.getObject(3, LocalDate.class), rows.getObject(4, LocalTime.class), rows.getInt(5)));
                }
            }
            return upcoming;
        } catch (SQLException e) {
            throw new IllegalStateException("Reading the reservations of user " + userId + " failed: " + e.getMessage(), e);
        }
    }
}
