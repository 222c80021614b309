package workshop.lesson07;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.UUID;

/**
 * What the booking transaction wrote to the outbox, as the relay delivers it: the whole state of
 * one reservation after a change, numbered per reservation (version 1 is the booking, each later
 * change adds one). A reservation keeps its date and time; a change only alters the party size or
 * cancels it. Delivery is at least once and in no guaranteed order. Given: you do not need to change it.
 */
public record ReservationEvent(UUID reservationId, int version, Kind kind, long userId, String restaurantName,
                               LocalDate date, LocalTime time, int partySize) {

    public enum Kind { BOOKED, CHANGED, CANCELLED }

    /** The event an outbox row holds (the outbox table's columns are named as the fields are). */
    public static ReservationEvent fromOutbox(ResultSet row) throws SQLException {
        return new ReservationEvent(row.getObject("reservation_id", UUID.class), row.getInt("version"),
                Kind.valueOf(row.getString("kind")), row.getLong("user_id"), row.getString("restaurant_name"),
                row.getObject("slot_date", LocalDate.class), row.getObject("slot_time", LocalTime.class),
                row.getInt("party_size"));
    }
}
