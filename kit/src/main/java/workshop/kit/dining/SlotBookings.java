package workshop.kit.dining;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import workshop.kit.h2.MemoryDatabase;
import workshop.kit.h2.Sql;

/**
 * Lesson 07's booking, on the {@link DiningSchema} tables: the slot row is the lock. A conditional
 * UPDATE claims it only while its reservation_id is still NULL; the reservation and its outbox event
 * commit in the same local transaction, since every row involved starts with restaurant_id. It is
 * the demonstration the lesson runs; the exercise asks for the same behaviour behind its own API.
 */
public final class SlotBookings {

    /** What the booking API answers, with its HTTP status. */
    public enum Outcome {
        BOOKED(201, "booked"), TAKEN(409, "taken"), PARTY_TOO_LARGE(422, "party too large"),
        UNKNOWN_SLOT(404, "no such slot"), IN_THE_PAST(422, "sitting is over");

        private final int status;
        private final String label;

        Outcome(int status, String label) {
            this.status = status;
            this.label = label;
        }

        /** "201 booked". */
        public String describe() {
            return status + " " + label;
        }
    }

    /** One diner asking for one table at one sitting. */
    public record Request(UUID reservationId, long restaurantId, LocalDate date, LocalTime time, int tableId, long userId, int party) {
        /** The same slot for another diner, with a fresh reservation id. */
        public Request forDiner(long user) {
            return new Request(UUID.randomUUID(), restaurantId, date, time, tableId, user, party);
        }
    }

    /** The outcome and how many slot rows the claim changed (1 for the winner). */
    public record Answer(Outcome outcome, int rowsChanged) {}

    /** How many answers of each outcome, every outcome present. */
    public static Map<Outcome, Long> tally(List<Answer> answers) {
        Map<Outcome, Long> tally = new EnumMap<>(Outcome.class);
        for (Outcome outcome : Outcome.values()) {
            tally.put(outcome, 0L);
        }
        answers.forEach(a -> tally.merge(a.outcome(), 1L, Long::sum));
        return tally;
    }

    private final MemoryDatabase db;
    private final Clock clock;

    public SlotBookings(MemoryDatabase db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public Answer book(Request request) {
        return book(request, () -> { });
    }

    /** beforeCommit runs inside a winning transaction: the lesson uses it to hold a claim open. */
    public Answer book(Request request, Runnable beforeCommit) {
        try (Connection connection = db.connect()) {
            connection.setAutoCommit(false);
            try {
                Answer answer = book(connection, request, beforeCommit);
                if (answer.outcome() == Outcome.BOOKED) {
                    connection.commit();
                } else {
                    connection.rollback();
                }
                return answer;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Booking " + request + " failed: " + e.getMessage(), e);
        }
    }

    private Answer book(Connection connection, Request request, Runnable beforeCommit) throws SQLException {
        List<String[]> restaurant = Sql.list(connection, row -> new String[] {row.getString(1), row.getString(2)},
                "SELECT name, timezone FROM restaurants WHERE restaurant_id = ?", request.restaurantId());
        if (restaurant.isEmpty()) {
            return new Answer(Outcome.UNKNOWN_SLOT, 0);
        }
        ZoneId zone = ZoneId.of(restaurant.get(0)[1]);
        if (!LocalDateTime.of(request.date(), request.time()).isAfter(LocalDateTime.now(clock.withZone(zone)))) {
            return new Answer(Outcome.IN_THE_PAST, 0);
        }
        String slot = " WHERE restaurant_id = ? AND slot_date = ? AND slot_time = ? AND table_id = ?";
        int changed = Sql.update(connection, "UPDATE slots SET reservation_id = ?" + slot
                        + " AND reservation_id IS NULL AND seats >= ?", request.reservationId(), request.restaurantId(),
                request.date(), request.time(), request.tableId(), request.party());
        if (changed == 0) {
            List<Integer> seats = Sql.list(connection, row -> row.getInt(1), "SELECT seats FROM slots" + slot,
                    request.restaurantId(), request.date(), request.time(), request.tableId());
            Outcome why = seats.isEmpty() ? Outcome.UNKNOWN_SLOT
                    : seats.get(0) < request.party() ? Outcome.PARTY_TOO_LARGE : Outcome.TAKEN;
            return new Answer(why, 0);
        }
        Sql.update(connection, "INSERT INTO reservations VALUES (?, ?, ?, ?, ?, ?, ?, 'BOOKED', CURRENT_TIMESTAMP)",
                request.restaurantId(), request.reservationId(), request.tableId(), request.date(), request.time(),
                request.userId(), request.party());
        Sql.update(connection, """
                INSERT INTO outbox (reservation_id, version, kind, user_id, restaurant_name, slot_date, slot_time, party_size)
                VALUES (?, 1, 'BOOKED', ?, ?, ?, ?, ?)""", request.reservationId(), request.userId(),
                restaurant.get(0)[0], request.date(), request.time(), request.party());
        beforeCommit.run();
        return new Answer(Outcome.BOOKED, changed);
    }
}
