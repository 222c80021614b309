package workshop.lesson07;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Reference solution: the slot row is the lock. One conditional UPDATE claims it only while its
 * reservation_id is still NULL; the database serialises concurrent claims on that row, so exactly
 * one sees "1 row changed". The reservation and its outbox event commit in the same local
 * transaction, since every row involved starts with restaurant_id.
 */
public class SlotBooking {

    private final DataSource db;
    private final Clock clock;

    public SlotBooking(DataSource db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public BookingResult book(BookingRequest request) {
        try (Connection connection = db.getConnection()) {
            connection.setAutoCommit(false);
            try {
                BookingResult result = book(connection, request);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Booking " + request + " failed: " + e.getMessage(), e);
        }
    }

    private BookingResult book(Connection connection, BookingRequest request) throws SQLException {
        Restaurant restaurant = restaurant(connection, request)
                .orElseThrow(() -> new BookingRefused(BookingRefused.Reason.UNKNOWN_SLOT, request));
        if (!LocalDateTime.of(request.date(), request.time()).isAfter(LocalDateTime.now(clock.withZone(restaurant.zone)))) {
            throw new BookingRefused(BookingRefused.Reason.IN_THE_PAST, request);
        }
        if (claim(connection, request) == 1) {
            insertReservation(connection, request);
            insertEvent(connection, request, restaurant.name);
            return new BookingResult.Booked(request.reservationId());
        }
        // Nothing changed: say why, from the row as the winner left it.
        try (PreparedStatement slot = slotStatement(connection, "SELECT seats, reservation_id FROM slots", request);
             ResultSet row = slot.executeQuery()) {
            if (!row.next()) {
                throw new BookingRefused(BookingRefused.Reason.UNKNOWN_SLOT, request);
            }
            if (row.getInt("seats") < request.partySize()) {
                throw new BookingRefused(BookingRefused.Reason.PARTY_TOO_LARGE, request);
            }
            return new BookingResult.Taken();
        }
    }

    private record Restaurant(String name, ZoneId zone) {}

    private static Optional<Restaurant> restaurant(Connection connection, BookingRequest request) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT name, timezone FROM restaurants WHERE restaurant_id = ?")) {
            select.setLong(1, request.restaurantId());
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(new Restaurant(row.getString(1), ZoneId.of(row.getString(2))))
                        : Optional.empty();
            }
        }
    }

    /** 1 when this request took the table, 0 when it was taken, too small, or does not exist. */
    // tag::claim[]
    private static int claim(Connection connection, BookingRequest request) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement("""
                UPDATE slots SET reservation_id = ?
                WHERE restaurant_id = ? AND slot_date = ? AND slot_time = ? AND table_id = ?
                  AND reservation_id IS NULL AND seats >= ?""")) {
            update.setObject(1, request.reservationId());
            bindSlot(update, 2, request);
            update.setInt(6, request.partySize());
            return update.executeUpdate();
        }
    }
    // end::claim[]

    private static PreparedStatement slotStatement(Connection connection, String select, BookingRequest request)
            throws SQLException {
        PreparedStatement statement = connection.prepareStatement(select
                + " WHERE restaurant_id = ? AND slot_date = ? AND slot_time = ? AND table_id = ?");
        bindSlot(statement, 1, request);
        return statement;
    }

    private static void bindSlot(PreparedStatement statement, int first, BookingRequest request) throws SQLException {
        statement.setLong(first, request.restaurantId());
        statement.setObject(first + 1, request.date());
        statement.setObject(first + 2, request.time());
        statement.setInt(first + 3, request.tableId());
    }

    private void insertReservation(Connection connection, BookingRequest request) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO reservations (restaurant_id, reservation_id, table_id, slot_date, slot_time, user_id,
                                          party_size, status, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, 'BOOKED', ?)""")) {
            insert.setLong(1, request.restaurantId());
            insert.setObject(2, request.reservationId());
            insert.setInt(3, request.tableId());
            insert.setObject(4, request.date());
            insert.setObject(5, request.time());
            insert.setLong(6, request.userId());
            insert.setInt(7, request.partySize());
            insert.setObject(8, OffsetDateTime.now(clock));
            insert.executeUpdate();
        }
    }

    private static void insertEvent(Connection connection, BookingRequest request, String restaurantName)
            throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO outbox (reservation_id, version, kind, user_id, restaurant_name, slot_date, slot_time,
                                    party_size)
                VALUES (?, 1, 'BOOKED', ?, ?, ?, ?, ?)""")) {
            insert.setObject(1, request.reservationId());
            insert.setLong(2, request.userId());
            insert.setString(3, restaurantName);
            insert.setObject(4, request.date());
            insert.setObject(5, request.time());
            insert.setInt(6, request.partySize());
            insert.executeUpdate();
        }
    }
}
