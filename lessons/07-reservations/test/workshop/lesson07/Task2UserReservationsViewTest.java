package workshop.lesson07;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import workshop.fixtures.dining.DiningSchema;
import workshop.fixtures.dining.OutboxRelay;
import workshop.fixtures.h2.LateCommit;
import workshop.fixtures.h2.MemoryDatabase;
import workshop.fixtures.h2.Sql;
import workshop.lesson07.ReservationEvent.Kind;

/** The simplest delivery first, so a mistake fails where its message names it. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("task-2")
class Task2UserReservationsViewTest {

    static final LocalDate FROM = LocalDate.of(2030, 3, 10);
    static final String PER_RESERVATION = "versions count per reservation: compare an event's version with the stored"
            + " row of the same reservation, not with the newest version applied so far";

    private static MemoryDatabase db;
    private static UserReservationsView view;
    /** Each test has diners of its own. */
    private static final AtomicLong NEXT_USER = new AtomicLong(1);

    @BeforeEach
    void loadOnce() throws SQLException {
        if (view != null) {
            return;
        }
        db = MemoryDatabase.open("lesson07_user_reservations");
        try (Connection connection = db.connect()) {
            DiningSchema.create(connection);
        }
        view = new UserReservationsView(db.dataSource());
    }

    @AfterAll
    static void close() throws SQLException {
        if (db != null) {
            db.close();
        }
        view = null;
    }

    /** The life of one reservation: booked (version 1), then each change one version later. */
    record Life(UUID id, long user, String restaurant, LocalDate date, LocalTime time, List<ReservationEvent> events) {

        static Life booked(long user, String restaurant, LocalDate date, LocalTime time, int party) {
            UUID id = UUID.randomUUID();
            List<ReservationEvent> events = new ArrayList<>();
            events.add(new ReservationEvent(id, 1, Kind.BOOKED, user, restaurant, date, time, party));
            return new Life(id, user, restaurant, date, time, events);
        }

        Life then(Kind kind, int party) {
            events.add(new ReservationEvent(id, events.size() + 1, kind, user, restaurant, date, time, party));
            return this;
        }

        ReservationEvent last() {
            return events.get(events.size() - 1);
        }

        /** What the diner should see: nothing once cancelled, else the latest state. */
        List<UpcomingReservation> expected() {
            ReservationEvent last = last();
            return last.kind() == Kind.CANCELLED ? List.of()
                    : List.of(new UpcomingReservation(id, restaurant, date, time, last.partySize()));
        }
    }

    static List<UpcomingReservation> expected(List<Life> lives) {
        return lives.stream().flatMap(l -> l.expected().stream())
                .sorted(Comparator.comparing(UpcomingReservation::date).thenComparing(UpcomingReservation::time))
                .toList();
    }

    @Test
    @Order(1)
    @DisplayName("events applied once, in order: the diner's list, by date and time, with the restaurant's name")
    void inOrderOnce() {
        long diner = NEXT_USER.getAndIncrement();
        long someoneElse = NEXT_USER.getAndIncrement();
        List<Life> lives = List.of(
                Life.booked(diner, "Le Sept", FROM.plusDays(3), LocalTime.of(19, 30), 2),
                Life.booked(diner, "Osteria", FROM.plusDays(1), LocalTime.of(21, 0), 4),
                Life.booked(diner, "Izakaya", FROM.plusDays(1), LocalTime.of(19, 0), 3));
        Life other = Life.booked(someoneElse, "Le Sept", FROM.plusDays(2), LocalTime.of(19, 30), 2);
        lives.forEach(l -> l.events().forEach(view::apply));
        other.events().forEach(view::apply);
        assertEquals(expected(lives), view.upcoming(diner, FROM), "three bookings, each version 1; " + PER_RESERVATION);
        assertEquals(other.expected(), view.upcoming(someoneElse, FROM));
    }

    @Test
    @Order(2)
    @DisplayName("through the outbox relay: a booking that commits after a later-numbered one is listed too")
    void relayedOutOfCommitOrder() throws SQLException {
        long diner = NEXT_USER.getAndIncrement();
        Life early = Life.booked(diner, "Le Sept", FROM.plusDays(6), LocalTime.of(19, 30), 2);
        Life late = Life.booked(diner, "Osteria", FROM.plusDays(7), LocalTime.of(20, 0), 4);
        OutboxRelay<ReservationEvent> relay = new OutboxRelay<>(db, ReservationEvent::fromOutbox, view::apply);
        // The first booking takes the lower event_seq but commits last, after the relay has polled once.
        LateCommit.run(db, ds -> writeEvent(ds, early.last()), ds -> writeEvent(ds, late.last()), relay::deliverNew);
        relay.deliverNew();
        assertEquals(expected(List.of(early, late)), view.upcoming(diner, FROM), "both bookings' events were handed"
                + " over, the second one by a later poll; " + PER_RESERVATION);
    }

    @Test
    @Order(3)
    @DisplayName("a duplicated event is harmless: delivered twice or three times, one row, same list")
    void duplicates() throws SQLException {
        long diner = NEXT_USER.getAndIncrement();
        Life life = Life.booked(diner, "Le Sept", FROM.plusDays(5), LocalTime.of(20, 0), 2);
        view.apply(life.last());
        view.apply(life.last());
        view.apply(life.last());
        assertEquals(life.expected(), view.upcoming(diner, FROM));
        assertEquals(1, rowsOf(diner), "one reservation must stay one row in user_reservations, however often its event arrives");
    }

    @Test
    @Order(4)
    @DisplayName("a cancellation that overtakes its booking stays cancelled")
    void cancelBeforeBooked() {
        long diner = NEXT_USER.getAndIncrement();
        Life life = Life.booked(diner, "Osteria", FROM.plusDays(2), LocalTime.of(19, 0), 2).then(Kind.CANCELLED, 2);
        view.apply(life.events().get(1));
        view.apply(life.events().get(0));
        assertEquals(List.of(), view.upcoming(diner, FROM),
                "version 2 (CANCELLED) arrived before version 1 (BOOKED); the older event must not bring the reservation back."
                        + " Keep a cancelled reservation as a row marked CANCELLED, with its version, and apply an event"
                        + " only when its version is greater than the stored one.");
    }

    @Test
    @Order(5)
    @DisplayName("an older change arriving late does not overwrite a newer one")
    void olderChangeArrivesLate() {
        long diner = NEXT_USER.getAndIncrement();
        Life life = Life.booked(diner, "Izakaya", FROM.plusDays(4), LocalTime.of(20, 30), 2)
                .then(Kind.CHANGED, 4).then(Kind.CHANGED, 6);
        view.apply(life.events().get(0));
        view.apply(life.events().get(2));
        view.apply(life.events().get(1));
        assertEquals(life.expected(), view.upcoming(diner, FROM),
                "version 3 says a party of 6; version 2 (a party of 4) came after it and is older. Store each row's version"
                        + " and apply an event only when its version is greater than the stored one.");
    }

    @Test
    @Order(6)
    @DisplayName("shuffled, duplicated delivery of 60 reservations' events gives the same list as in-order delivery")
    void shuffledAndDuplicated() throws SQLException {
        long diner = NEXT_USER.getAndIncrement();
        Random random = new Random(7);
        List<Life> lives = new ArrayList<>();
        List<ReservationEvent> delivery = new ArrayList<>();
        for (int r = 0; r < 60; r++) {
            // One reservation per sitting, so "date and time order" is a single order.
            Life life = Life.booked(diner, "Restaurant " + r % 7, FROM.plusDays(r / 4), LocalTime.of(18 + r % 4, 30), 2);
            for (int change = random.nextInt(4); change > 0; change--) {
                life.then(change == 1 && random.nextBoolean() ? Kind.CANCELLED : Kind.CHANGED, 1 + random.nextInt(8));
            }
            lives.add(life);
            for (ReservationEvent event : life.events()) {
                for (int copies = 1 + random.nextInt(3); copies > 0; copies--) {
                    delivery.add(event);
                }
            }
        }
        Collections.shuffle(delivery, random);
        delivery.forEach(view::apply);
        assertEquals(expected(lives), view.upcoming(diner, FROM));
        assertEquals(lives.size(), rowsOf(diner), "one row per reservation, cancelled ones included");
    }

    @Test
    @Order(7)
    @DisplayName("upcoming starts at the given date")
    void fromDate() {
        long diner = NEXT_USER.getAndIncrement();
        Life past = Life.booked(diner, "Le Sept", FROM.minusDays(1), LocalTime.of(19, 30), 2);
        Life today = Life.booked(diner, "Le Sept", FROM, LocalTime.of(12, 0), 2);
        view.apply(past.last());
        view.apply(today.last());
        assertEquals(today.expected(), view.upcoming(diner, FROM), "upcoming(diner, " + FROM + ") must include the"
                + " reservations on " + FROM + " itself (slot_date >= from) and none before it");
    }

    /** The outbox row a booking's transaction writes, in a transaction of its own. */
    private static int writeEvent(DataSource ds, ReservationEvent event) {
        try (Connection connection = ds.getConnection()) {
            connection.setAutoCommit(false);
            int written = Sql.update(connection, """
                    INSERT INTO outbox (reservation_id, version, kind, user_id, restaurant_name, slot_date, slot_time,
                                        party_size)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)""", event.reservationId(), event.version(), event.kind().name(),
                    event.userId(), event.restaurantName(), event.date(), event.time(), event.partySize());
            connection.commit();
            return written;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long rowsOf(long diner) throws SQLException {
        try (Connection connection = db.connect()) {
            return Sql.count(connection, "SELECT COUNT(*) FROM user_reservations WHERE user_id = ?", diner);
        }
    }
}
