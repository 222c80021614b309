package workshop.lesson07;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import workshop.fixtures.concurrent.Contenders;
import workshop.fixtures.dining.DiningSchema;
import workshop.fixtures.h2.MemoryDatabase;
import workshop.fixtures.h2.Sql;
import workshop.lesson07.BookingRefused.Reason;
import workshop.testkit.MovableClock;
import workshop.testkit.RaceLost;

@Tag("task-1")
class Task1SlotBookingTest {

    static final long RESTAURANT = 1;
    static final ZoneId PARIS = ZoneId.of("Europe/Paris");
    /** Noon in Paris on 10 March 2030: "today" for every test. */
    static final Clock NOON = Clock.fixed(ZonedDateTime.of(2030, 3, 10, 12, 0, 0, 0, PARIS).toInstant(), PARIS);
    static final LocalDate TODAY = LocalDate.of(2030, 3, 10);
    static final List<LocalTime> SITTINGS = List.of(LocalTime.of(11, 0), LocalTime.of(19, 30), LocalTime.of(21, 0));
    /** Seats of tables 1..10. */
    static final int[] SEATS = {2, 2, 4, 4, 4, 4, 6, 6, 8, 8};
    static final int DAYS = 40;

    private static MemoryDatabase db;
    private static SlotBooking booking;
    /** Hands each test its own future slots, so tests never share one. */
    private static final AtomicInteger NEXT_SLOT = new AtomicInteger();
    /** Diners of the load test, new ones on every repetition. */
    private static final AtomicLong NEXT_USER = new AtomicLong(1_000_000);

    @BeforeEach
    void loadOnce() throws SQLException {
        if (booking != null) {
            return;
        }
        db = MemoryDatabase.open("lesson07_slot_booking");
        try (Connection connection = db.connect()) {
            DiningSchema.create(connection);
            DiningSchema.addRestaurant(connection, RESTAURANT, "Le Sept", "Lyon", "French", PARIS);
            DiningSchema.addTables(connection, RESTAURANT, SEATS);
            // From yesterday on: yesterday's and this morning's sittings exist but are over.
            DiningSchema.openSlots(connection, RESTAURANT, TODAY.minusDays(1), DAYS, SITTINGS);
        }
        booking = new SlotBooking(db.dataSource(), NOON);
    }

    @AfterAll
    static void close() throws SQLException {
        if (db != null) {
            db.close();
        }
        booking = null;
    }

    /** A slot no other test uses: tomorrow onwards, evening sittings, every table in turn. */
    static BookingRequest freshSlot(long user, int party) {
        int n = NEXT_SLOT.getAndIncrement();
        int table = n % SEATS.length + 1;
        LocalTime sitting = SITTINGS.get(1 + n / SEATS.length % 2);
        LocalDate date = TODAY.plusDays(1 + n / (SEATS.length * 2));
        return new BookingRequest(UUID.randomUUID(), RESTAURANT, date, sitting, table, user, Math.min(party, SEATS[table - 1]));
    }

    static BookingRequest sameSlot(BookingRequest slot, long user) {
        return new BookingRequest(UUID.randomUUID(), slot.restaurantId(), slot.date(), slot.time(), slot.tableId(), user,
                slot.partySize());
    }

    @Test
    @DisplayName("a free table is booked: the slot, the reservation and one outbox event, all committed")
    void booksAFreeTable() throws SQLException {
        BookingRequest request = freshSlot(42, 2);
        BookingResult result = booking.book(request);
        assertEquals(new BookingResult.Booked(request.reservationId()), result);
        assertEquals(201, result.status());
        assertEquals(request.reservationId(), holderOf(request), "the slot row should hold the reservation id");
        assertEquals(1, count("SELECT COUNT(*) FROM reservations WHERE reservation_id = ? AND user_id = ? AND party_size = ?"
                        + " AND table_id = ? AND slot_date = ? AND slot_time = ? AND status = 'BOOKED'",
                request.reservationId(), request.userId(), request.partySize(), request.tableId(), request.date(), request.time()),
                "expected one reservations row with the request's table, sitting, diner, party size and status BOOKED");
        assertEquals(1, count("SELECT COUNT(*) FROM outbox WHERE reservation_id = ? AND version = 1 AND kind = 'BOOKED'"
                        + " AND user_id = ? AND restaurant_name = 'Le Sept' AND slot_date = ? AND slot_time = ? AND party_size = ?",
                request.reservationId(), request.userId(), request.date(), request.time(), request.partySize()),
                "expected one outbox row (version 1, BOOKED, with the restaurant's name), written in the booking's transaction");
    }

    @Test
    @DisplayName("the second diner for a taken table gets 409 and writes nothing")
    void secondDinerIsTold() throws SQLException {
        BookingRequest first = freshSlot(1, 2);
        booking.book(first);
        BookingRequest second = sameSlot(first, 2);
        BookingResult result = booking.book(second);
        assertInstanceOf(BookingResult.Taken.class, result, "the table was already booked");
        assertEquals(409, result.status());
        assertEquals(first.reservationId(), holderOf(first), "the first diner's booking must stand");
        assertNothingWrittenFor(second);
    }

    @RepeatedTest(5)
    @DisplayName("50 diners released at once for one table: exactly one wins, 49 are told, one reservation")
    void fiftyDinersOneWinner() throws SQLException {
        BookingRequest slot = freshSlot(0, 2);
        List<BookingRequest> diners = new ArrayList<>();
        for (int d = 0; d < 50; d++) {
            diners.add(sameSlot(slot, 100 + d));
        }
        List<BookingResult> results = Contenders.race(diners.size(), d -> () -> booking.book(diners.get(d)));
        List<UUID> winners = results.stream().filter(r -> r instanceof BookingResult.Booked)
                .map(r -> ((BookingResult.Booked) r).reservationId()).toList();
        long told = results.stream().filter(r -> r instanceof BookingResult.Taken).count();
        if (winners.size() != 1) {
            fail(winners.size() + " of 50 diners were told they booked table " + slot.tableId() + " at " + slot.time()
                    + ". Each one read the slot as free before any of the others wrote. Let the write decide:"
                    + " UPDATE slots SET reservation_id = ? WHERE <slot> AND reservation_id IS NULL, then count the rows changed.");
        }
        assertEquals(49, told, "every loser must be told the table is taken: " + results);
        assertEquals(winners.get(0), holderOf(slot), "the slot must hold the winner's reservation id");
        assertEquals(1, count("SELECT COUNT(*) FROM reservations WHERE slot_date = ? AND slot_time = ? AND table_id = ?",
                slot.date(), slot.time(), slot.tableId()), "one reservation for the table at that sitting");
        assertEquals(1, count("SELECT COUNT(*) FROM outbox WHERE slot_date = ? AND slot_time = ? AND reservation_id = ?",
                slot.date(), slot.time(), winners.get(0)), "one outbox event, the winner's");
    }

    @Test
    @DisplayName("a claim in flight wins: book() waits for the other transaction, then answers 409")
    void claimInFlight() throws Exception {
        BookingRequest slot = freshSlot(7, 2);
        UUID otherDiner = UUID.randomUUID();
        try (Connection other = db.connect()) {
            other.setAutoCommit(false);
            assertEquals(1, Sql.update(other, "UPDATE slots SET reservation_id = ? WHERE restaurant_id = ? AND slot_date = ?"
                            + " AND slot_time = ? AND table_id = ? AND reservation_id IS NULL",
                    otherDiner, slot.restaurantId(), slot.date(), slot.time(), slot.tableId()));
            // Not committed yet: our diner now asks for the same table.
            CompletableFuture<BookingResult> ours = CompletableFuture.supplyAsync(() -> booking.book(slot));
            boolean queued = db.awaitBlockedSessions(1, ours::isDone);
            other.commit();
            BookingResult result = ours.join();
            if (!queued || !(result instanceof BookingResult.Taken)) {
                throw new RaceLost("Another transaction had claimed table " + slot.tableId() + " but not committed yet; book() "
                        + (queued ? "waited for it, then" : "did not wait for it and") + " answered " + result + "."
                        + " A read cannot see an uncommitted claim, so deciding from a read books the table twice."
                        + " Write with the condition in the WHERE clause (reservation_id IS NULL): the database makes the"
                        + " second writer wait for the first, then re-checks the condition and changes 0 rows: 409.");
            }
        }
        assertEquals(otherDiner, holderOf(slot), "the committed claim must stand");
        assertNothingWrittenFor(slot);
    }

    @RepeatedTest(3)
    @DisplayName("under load: 8 threads, 2,000 bookings over 100 tables-and-sittings, one winner per slot, none lost")
    void underLoad() throws SQLException {
        List<BookingRequest> slots = new ArrayList<>();
        for (int s = 0; s < 100; s++) {
            slots.add(freshSlot(0, 2));
        }
        int threads = 8;
        int each = 250;
        long firstUser = NEXT_USER.getAndAdd(threads);
        // Each thread's choice of slots comes from a seeded generator: the same attempts on every run.
        List<long[]> tallies = Contenders.race(threads, t -> () -> {
            Random random = new Random(t);
            long[] bookedAndTaken = new long[2];
            for (int i = 0; i < each; i++) {
                BookingRequest request = sameSlot(slots.get(random.nextInt(slots.size())), firstUser + t);
                bookedAndTaken[booking.book(request) instanceof BookingResult.Booked ? 0 : 1]++;
            }
            return bookedAndTaken;
        });
        long booked = tallies.stream().mapToLong(t -> t[0]).sum();
        long taken = tallies.stream().mapToLong(t -> t[1]).sum();
        assertEquals((long) threads * each, booked + taken, "every attempt gets an answer");
        assertEquals(slots.size(), booked, booked + " of " + threads * each + " attempts were told they booked one of "
                + slots.size() + " slots, each asked for many times: every slot must have exactly one winner. Let the write"
                + " decide: UPDATE slots SET reservation_id = ? WHERE <slot> AND reservation_id IS NULL, then count the"
                + " rows changed.");
        String ours = "user_id BETWEEN " + firstUser + " AND " + (firstUser + threads - 1);
        assertEquals(booked, count("SELECT COUNT(*) FROM reservations WHERE " + ours),
                "reservations beyond the winners mean a diner was double booked; fewer mean a booking was lost");
        assertEquals(booked, count("SELECT COUNT(*) FROM reservations r JOIN slots s ON s.reservation_id = r.reservation_id"
                        + " AND s.restaurant_id = r.restaurant_id AND s.slot_date = r.slot_date AND s.slot_time = r.slot_time"
                        + " AND s.table_id = r.table_id WHERE r." + ours),
                "each winner's reservation must be the one its slot holds");
        assertEquals(booked, count("SELECT COUNT(*) FROM outbox WHERE " + ours), "one outbox event per booking");
    }

    @Test
    @DisplayName("a booking whose reservation cannot be written leaves its table free: claim, reservation and event commit together")
    void laterStepFails() throws SQLException {
        BookingRequest first = freshSlot(8, 2);
        assertInstanceOf(BookingResult.Booked.class, booking.book(first), "a free table");
        // A second table under the same reservation id: the claim succeeds, the reservation row cannot be written.
        BookingRequest other = freshSlot(8, 2);
        BookingRequest reused = new BookingRequest(first.reservationId(), other.restaurantId(), other.date(), other.time(),
                other.tableId(), other.userId(), other.partySize());
        BookingResult result;
        try {
            result = booking.book(reused);
        } catch (RuntimeException expected) {
            result = null; // the reservation's key is taken: failing is right, as long as nothing stays claimed
        }
        UUID holder = holderOf(other);
        if (holder != null) {
            fail(String.format("""
                    book() claimed table %d at %s, then could not write its reservation (its id was already used)
                      and answered %s, yet the table is still held by that id: no one can book it. The claim, the
                      reservation and the outbox event must commit together or not at all: one transaction
                      (connection.setAutoCommit(false), commit() after the last write, rollback() on any failure).""",
                    other.tableId(), other.time(), result == null ? "with an exception" : result));
        }
        assertEquals(1, count("SELECT COUNT(*) FROM outbox WHERE reservation_id = ?", first.reservationId()),
                "only the first booking's event may be in the outbox");
    }

    @Test
    @DisplayName("'now' is the restaurant's: a server clock in UTC still refuses a sitting already over in Paris")
    void nowInTheRestaurantsZone() {
        // 11:30 in Paris is 10:30 in UTC: the 11:00 sitting is over, though it is still ahead on a UTC clock.
        Clock utcServer = Clock.fixed(ZonedDateTime.of(TODAY, LocalTime.of(11, 30), PARIS).toInstant(), ZoneOffset.UTC);
        SlotBooking onUtcServer = new SlotBooking(db.dataSource(), utcServer);
        BookingRequest over = new BookingRequest(UUID.randomUUID(), RESTAURANT, TODAY, SITTINGS.get(0), 3, 6, 2);
        BookingResult result;
        try {
            result = onUtcServer.book(over);
        } catch (BookingRefused refused) {
            assertEquals(Reason.IN_THE_PAST, refused.reason(), refused.getMessage());
            return;
        }
        fail("At 11:30 in Paris (10:30 UTC) a server whose clock is in UTC answered " + result + " for the 11:00 sitting,"
                + " which is over. Sittings are in the restaurant's local time: take 'now' in the restaurant's zone,"
                + " LocalDateTime.now(clock.withZone(zone)), not in the clock's own zone.");
    }

    @Test
    @DisplayName("a sitting that starts right now is not in the future: at 19:30, 19:30 is refused")
    void sittingStartingNow() {
        ZonedDateTime now = ZonedDateTime.of(TODAY, SITTINGS.get(1), PARIS);
        Clock atTheSitting = Clock.fixed(now.toInstant(), PARIS);
        SlotBooking booking = new SlotBooking(db.dataSource(), atTheSitting);
        String answer = Answer.of(() -> booking.book(today(SITTINGS.get(1), 2)));
        if (!answer.equals(Answer.OVER)) {
            fail("At 19:30:00 exactly, book() answered " + answer + " for the 19:30 sitting. A"
                    + " sitting that starts now is not in the future, so it is refused;"
                    + " sitting.isBefore(now) lets that very instant through. Refuse every sitting"
                    + " that is not after now: !sitting.isAfter(now).");
        }
    }

    @Test
    @DisplayName("'now' is read on every call: once the clock passes 19:30, 19:30 is refused")
    void nowOnEveryCall() {
        MovableClock clock = MovableClock.at(ZonedDateTime.of(TODAY, LocalTime.of(19, 0), PARIS));
        SlotBooking booking = new SlotBooking(db.dataSource(), clock);
        assertEquals(Answer.BOOKED, Answer.of(() -> booking.book(today(SITTINGS.get(1), 6))),
                "at 19:00 the 19:30 sitting is still ahead");
        clock.moveTo(ZonedDateTime.of(TODAY, LocalTime.of(20, 0), PARIS));
        String later = Answer.of(() -> booking.book(today(SITTINGS.get(1), 7)));
        if (!later.equals(Answer.OVER)) {
            fail("The clock moved from 19:00 to 20:00 between two calls of one SlotBooking; the"
                    + " second call answered " + later + " for the 19:30 sitting, which is over. It"
                    + " judged by a 'now' kept from before (from the constructor?), and one"
                    + " SlotBooking serves as long as the app runs. Read the clock on every call:"
                    + " LocalDateTime.now(clock.withZone(zone)) inside book().");
        }
    }

    /** A table at a sitting today: only these tests use today's evening sittings. */
    static BookingRequest today(LocalTime sitting, int table) {
        return new BookingRequest(UUID.randomUUID(), RESTAURANT, TODAY, sitting, table, 9, 2);
    }

    @Test
    @DisplayName("a party larger than the table is refused (422) and nothing is written")
    void partyTooLarge() throws SQLException {
        BookingRequest slot = freshSlot(3, 2);
        BookingRequest tooMany = new BookingRequest(slot.reservationId(), RESTAURANT, slot.date(), slot.time(),
                slot.tableId(), 3, SEATS[slot.tableId() - 1] + 1);
        assertRefused(Reason.PARTY_TOO_LARGE, tooMany);
        assertEquals(null, holderOf(slot), "the slot must stay free");
    }

    @Test
    @DisplayName("a slot that does not exist is refused (404) and nothing is written")
    void unknownSlot() throws SQLException {
        BookingRequest slot = freshSlot(4, 2);
        assertRefused(Reason.UNKNOWN_SLOT, new BookingRequest(UUID.randomUUID(), RESTAURANT, slot.date(),
                LocalTime.of(17, 45), slot.tableId(), 4, 2));
        assertRefused(Reason.UNKNOWN_SLOT, new BookingRequest(UUID.randomUUID(), RESTAURANT, slot.date(), slot.time(),
                SEATS.length + 1, 4, 2));
        assertRefused(Reason.UNKNOWN_SLOT, new BookingRequest(UUID.randomUUID(), 999, slot.date(), slot.time(),
                slot.tableId(), 4, 2));
    }

    @Test
    @DisplayName("a sitting already over in the restaurant's zone is refused (422) and nothing is written")
    void inThePast() throws SQLException {
        assertRefused(Reason.IN_THE_PAST, new BookingRequest(UUID.randomUUID(), RESTAURANT, TODAY.minusDays(1),
                SITTINGS.get(1), 1, 5, 2));
        // 11:00 today in Paris is over at noon Paris time, though it is still 11:00 in UTC.
        assertRefused(Reason.IN_THE_PAST, new BookingRequest(UUID.randomUUID(), RESTAURANT, TODAY, SITTINGS.get(0), 1, 5, 2));
    }

    private static void assertRefused(Reason reason, BookingRequest request) throws SQLException {
        long reservations = count("SELECT COUNT(*) FROM reservations");
        long events = count("SELECT COUNT(*) FROM outbox");
        long held = count("SELECT COUNT(*) FROM slots WHERE reservation_id IS NOT NULL");
        BookingRefused refused = assertThrows(BookingRefused.class, () -> booking.book(request),
                "expected BookingRefused(" + reason + ") for " + request);
        assertEquals(reason, refused.reason(), refused.getMessage());
        assertEquals(reservations, count("SELECT COUNT(*) FROM reservations"), "a refused booking writes no reservation");
        assertEquals(events, count("SELECT COUNT(*) FROM outbox"), "a refused booking writes no outbox event");
        assertEquals(held, count("SELECT COUNT(*) FROM slots WHERE reservation_id IS NOT NULL"), "a refused booking claims no slot");
    }

    private static void assertNothingWrittenFor(BookingRequest loser) throws SQLException {
        assertEquals(0, count("SELECT COUNT(*) FROM reservations WHERE reservation_id = ?", loser.reservationId()),
                "the losing diner must have no reservation row");
        assertEquals(0, count("SELECT COUNT(*) FROM outbox WHERE reservation_id = ?", loser.reservationId()),
                "the losing diner must have no outbox event");
    }

    private static UUID holderOf(BookingRequest slot) throws SQLException {
        try (Connection connection = db.connect()) {
            return Sql.list(connection, row -> row.getObject(1, UUID.class), "SELECT reservation_id FROM slots"
                            + " WHERE restaurant_id = ? AND slot_date = ? AND slot_time = ? AND table_id = ?",
                    slot.restaurantId(), slot.date(), slot.time(), slot.tableId()).get(0);
        }
    }

    private static long count(String sql, Object... parameters) throws SQLException {
        try (Connection connection = db.connect()) {
            return Sql.count(connection, sql, parameters);
        }
    }
}
