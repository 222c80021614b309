///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/concurrent/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/dining/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/h2/*.java
//SOURCES ../07-reservations/given/workshop/lesson07/*.java
//SOURCES ../07-reservations/.meta/solution/workshop/lesson07/*.java
//MAIN booking_under_load
//DESCRIPTION Appendix to lesson 07: peak rates and sizing, the booking under load and at its edges, a lightweight transaction timed

import static workshop.fixtures.dining.SampleRestaurants.HALF_SEVEN;
import static workshop.fixtures.dining.SampleRestaurants.LE_SEPT;
import static workshop.fixtures.dining.SampleRestaurants.SITTINGS;
import static workshop.fixtures.dining.SampleRestaurants.TABLE_SEVEN;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import workshop.fixtures.concurrent.Contenders;
import workshop.fixtures.concurrent.SideBySide;
import workshop.fixtures.dining.SampleRestaurants;
import workshop.fixtures.h2.MemoryDatabase;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;
import workshop.lesson07.BookingRefused;
import workshop.lesson07.BookingRequest;
import workshop.lesson07.BookingResult;
import workshop.lesson07.LwtSlotBooking;
import workshop.lesson07.SlotBooking;

/** Lesson 07's booking is the reference solution's SlotBooking, compiled in; this appendix pushes on it. */
class booking_under_load {

    static final String KS = "lesson07a";
    static final Clock CLOCK = Clock.systemUTC();
    static final Recap RECAP = Recap.measured();

    public static void main(String... args) {
        Failures.guard(booking_under_load::run);
    }

    static void run() throws Exception {
        Story.title("07a", "appendix: the booking's numbers, under load and at its edges");
        peakRates();
        LocalDate evening = LocalDate.now(CLOCK.withZone(SampleRestaurants.PARIS)).plusDays(3);
        try (MemoryDatabase db = MemoryDatabase.open("lesson07a")) {
            try (Connection connection = db.connect()) {
                SampleRestaurants.open(connection, evening.minusDays(1));
            }
            SlotBooking bookings = new SlotBooking(db.dataSource(), CLOCK);
            fiftyAtOnce(db, bookings, evening);
            underLoad(db, bookings, evening);
            refused(db, bookings, evening);
        }
        timed(evening);
        RECAP.print("./jbang lesson07b");
    }

    static void peakRates() {
        Story.section("Peak rates, from daily volumes, and the sizing they give");
        long searchesPerDay = 20_000_000, bookingsPerDay = 1_000_000;
        double peakHourShare = 0.18;
        long searchPeak = Math.round(searchesPerDay * peakHourShare / 3_600);
        long bookingPeak = Math.round(bookingsPerDay * peakHourShare / 3_600);
        TextTable.of("per day", "average", "at peak (busiest hour: 18% of the day)")
                .row(String.format("%,d searches", searchesPerDay), String.format("%,.0f/s", searchesPerDay / 86_400.0),
                        String.format("%,d/s", searchPeak))
                .row(String.format("%,d bookings", bookingsPerDay), String.format("%,.1f/s", bookingsPerDay / 86_400.0),
                        String.format("%,d/s", bookingPeak))
                .print();
        Story.say("""
                A product owner speaks in days; a store is sized for its busiest second. Dividing by 86,400
                gives the average, but diners search and book in the evening: assume the busiest hour
                carries about 18%% of the day (a figure to replace with the real traffic's once there is
                some). That turns %,d searches and %,d bookings a day into about %,d and %,d a second.""",
                searchesPerDay, bookingsPerDay, searchPeak, bookingPeak);
        long restaurants = 50_000, slotBytes = 50, bookingBytes = 200;
        long slotRows = restaurants * SampleRestaurants.tables() * SITTINGS.size() * SampleRestaurants.DAYS;
        TextTable.of("what", "arithmetic", "result")
                .row("slot rows", String.format("%,d restaurants x %d tables x %d sittings x %d days", restaurants,
                        SampleRestaurants.tables(), SITTINGS.size(), SampleRestaurants.DAYS), String.format("%,d rows", slotRows))
                .row("slot data", String.format("%,d rows x %d bytes", slotRows, slotBytes), gigabytes(slotRows * slotBytes))
                .row("bookings a year", String.format("%,d a day x 365 x %d bytes", bookingsPerDay, bookingBytes),
                        gigabytes(bookingsPerDay * 365 * bookingBytes))
                .row("operations at peak", String.format("%,d open-slot reads/s + %,d bookings/s", searchPeak, bookingPeak),
                        String.format("%,d/s", searchPeak + bookingPeak))
                .print();
        Story.say("""
                A few tens of gigabytes and about %,d operations a second: one relational primary with read
                replicas carries this, and you may never need to shard. Pick the partition key anyway: if you
                ever do, it decides which transactions stay on one machine. Let the access patterns pick the
                store too: a booking is a conditional update plus an insert in one transaction, which a
                relational database does natively. The data fits; what can go wrong is correctness under
                concurrency.""", searchPeak + bookingPeak);
        RECAP.line("peak rates: %,d searches and %,d bookings a day -> about %,d and %,d a second", searchesPerDay,
                bookingsPerDay, searchPeak, bookingPeak);
    }

    static String gigabytes(long bytes) {
        return String.format("%,.0f GB", bytes / 1e9);
    }

    static void fiftyAtOnce(MemoryDatabase db, SlotBooking bookings, LocalDate evening) throws SQLException {
        Story.section("Fifty diners on one slot, released at once");
        LocalTime eight = LocalTime.of(20, 0);
        List<BookingResult> fifty = Contenders.race(50, d -> () -> bookings.book(
                new BookingRequest(UUID.randomUUID(), LE_SEPT, evening, eight, TABLE_SEVEN, 200 + d, 2)));
        long booked = booked(fifty);
        TextTable.of("contenders on one slot", "booked (201)", "told it is taken (409)", "reservations for the slot")
                .row(50, booked, fifty.size() - booked, db.count("""
                        SELECT COUNT(*) FROM reservations
                        WHERE restaurant_id = ? AND slot_date = ? AND slot_time = ? AND table_id = ?""",
                        LE_SEPT, evening, eight, TABLE_SEVEN))
                .print();
        RECAP.line("50 diners on one slot: %d booked, %d told 409", booked, fifty.size() - booked);
    }

    static void underLoad(MemoryDatabase db, SlotBooking bookings, LocalDate evening) throws SQLException {
        Story.section("4,000 attempts over 300 slots, then every invariant checked");
        List<BookingRequest> slots = new ArrayList<>();
        for (int day = 1; slots.size() < 300; day++) {
            for (LocalTime sitting : SITTINGS) {
                for (int table = 1; table <= SampleRestaurants.tables() && slots.size() < 300; table += 2) {
                    slots.add(new BookingRequest(null, 2, evening.plusDays(day), sitting, table, 0, 2));
                }
            }
        }
        int threads = 8, each = 500;
        // Seeded choices: the same attempts on every run, released together.
        List<Long> perThread = Contenders.race(threads, t -> () -> {
            Random random = new Random(t);
            List<BookingResult> results = new ArrayList<>();
            for (int i = 0; i < each; i++) {
                BookingRequest slot = slots.get(random.nextInt(slots.size()));
                results.add(bookings.book(new BookingRequest(UUID.randomUUID(), slot.restaurantId(), slot.date(),
                        slot.time(), slot.tableId(), 1_000 + t, slot.partySize())));
            }
            return booked(results);
        });
        long booked = perThread.stream().mapToLong(Long::longValue).sum();
        long taken = (long) threads * each - booked;
        String loadDiners = "user_id BETWEEN 1000 AND " + (1_000 + threads - 1);
        long reservations = db.count("SELECT COUNT(*) FROM reservations WHERE " + loadDiners);
        long matching = db.count("SELECT COUNT(*) FROM reservations r JOIN slots s ON s.reservation_id = r.reservation_id"
                + " AND s.restaurant_id = r.restaurant_id AND s.slot_date = r.slot_date AND s.slot_time = r.slot_time"
                + " AND s.table_id = r.table_id WHERE r." + loadDiners);
        long events = db.count("SELECT COUNT(*) FROM outbox WHERE " + loadDiners);
        TextTable.of("attempts", "slots", "booked", "told 409", "reservation rows", "held by their slot", "outbox events")
                .row(threads * each, slots.size(), booked, taken, reservations, matching, events)
                .print();
        if (booked != slots.size() || reservations != booked || matching != booked || events != booked) {
            throw new IllegalStateException("An invariant broke under load: see the table above");
        }
        Story.say("""
                Checked after the run: one winner per slot (%d slots, %d bookings), every other attempt told
                409, every reservation row is the one its slot holds (no double booking), and every booking
                has its outbox event (none lost).""", slots.size(), booked);
        RECAP.line("%,d booking attempts by %d threads on %d slots: %d booked, %,d told 409, no slot held twice",
                threads * each, threads, slots.size(), booked, taken);
    }

    static void refused(MemoryDatabase db, SlotBooking bookings, LocalDate evening) throws SQLException {
        Story.section("Requests that can never succeed: an error, and nothing written");
        String written = "SELECT (SELECT COUNT(*) FROM reservations) + (SELECT COUNT(*) FROM outbox)"
                + " + (SELECT COUNT(*) FROM slots WHERE reservation_id IS NOT NULL)";
        TextTable table = TextTable.of("request", "answer", "rows written");
        Object[][] cases = {
                {"a party of 6 at table 7 (4 seats)", evening.plusDays(2), HALF_SEVEN, 6},
                {"table 7 at 19:45 (no such sitting)", evening.plusDays(2), LocalTime.of(19, 45), 2},
                {"table 7 at 19:30, a week ago", evening.minusDays(7), HALF_SEVEN, 2}};
        for (Object[] c : cases) {
            long before = db.count(written);
            String answer;
            try {
                answer = bookings.book(new BookingRequest(UUID.randomUUID(), LE_SEPT, (LocalDate) c[1], (LocalTime) c[2],
                        TABLE_SEVEN, 300, (int) c[3])).status() + " (not refused!)";
            } catch (BookingRefused refused) {
                answer = refused.reason().status() + " " + refused.reason();
            }
            table.row(c[0], answer, db.count(written) - before);
        }
        table.print();
        Story.say("""
                The date is checked against the restaurant's own clock: its zone is on the restaurant row, and
                slot times are local. A sitting is over when the local time in that zone has passed it.""");
    }

    static void timed(LocalDate evening) {
        Story.section("A lightweight transaction against a plain write, timed");
        try (CqlSession session = Cassandra.findOrStart().connect()) {
            Keyspaces.recreateAndUse(session, KS);
            new LwtSlotBooking(session, CLOCK).createTables();
            String set = "UPDATE slots SET reservation_id = ?, user_id = ?"
                    + " WHERE restaurant_id = ? AND slot_date = ? AND slot_time = ? AND table_id = ?";
            PreparedStatement plain = session.prepare(set);
            PreparedStatement conditional = session.prepare(set + " IF reservation_id = null");
            int samples = 100;
            // Alternating the two kinds, so a busy moment on the machine slows both alike; every write on a free slot.
            double[] medians = SideBySide.medianMillis(samples, List.of(
                    i -> session.execute(plain.bind(UUID.randomUUID(), 1L, LE_SEPT, evening.plusDays(1),
                            SITTINGS.get(i % SITTINGS.size()), i / SITTINGS.size() + 1)),
                    i -> session.execute(conditional.bind(UUID.randomUUID(), 1L, LE_SEPT, evening.plusDays(2),
                            SITTINGS.get(i % SITTINGS.size()), i / SITTINGS.size() + 1))));
            TextTable.of("write", "samples", "median latency (ms)")
                    .row("plain UPDATE", samples, medians[0])
                    .row("UPDATE ... IF reservation_id = null", samples, medians[1])
                    .print();
            Story.say("""
                    Untraced, one write at a time, the two kinds alternating: the conditional write's median is
                    %.1fx the plain write's here. Take the ratio as a rough guide (on a busy machine it moves from
                    run to run); the Paxos step counts lesson 07 reads from the trace are what stays. With one
                    replica living on the coordinator, the Paxos steps never leave the node; with three replicas,
                    three of the four steps wait for a majority over the network and the commit for the
                    statement's consistency level, where a plain write waits once. Worth it for 50 bookings a
                    second; not a default for every write.""", medians[1] / medians[0]);
            RECAP.line("a conditional write's median latency was %.1fx a plain write's (a rough guide on a busy"
                    + " machine)", medians[1] / medians[0]);
        }
    }

    static long booked(List<BookingResult> results) {
        return results.stream().filter(BookingResult.Booked.class::isInstance).count();
    }
}
