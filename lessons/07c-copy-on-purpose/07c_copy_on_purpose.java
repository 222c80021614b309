///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/dining/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/h2/*.java
//SOURCES ../07-reservations/given/workshop/lesson07/*.java
//SOURCES ../07-reservations/.meta/solution/workshop/lesson07/*.java
//MAIN copy_on_purpose
//DESCRIPTION Appendix to lesson 07: a copy on purpose: the restaurant's name in every diner's list, and its rename

import static workshop.fixtures.dining.SampleRestaurants.HALF_SEVEN;
import static workshop.fixtures.dining.SampleRestaurants.LE_SEPT;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.util.UUID;
import workshop.fixtures.dining.OutboxRelay;
import workshop.fixtures.dining.RenameJob;
import workshop.fixtures.dining.SampleRestaurants;
import workshop.fixtures.h2.MemoryDatabase;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;
import workshop.lesson07.BookingRequest;
import workshop.lesson07.ReservationEvent;
import workshop.lesson07.SlotBooking;
import workshop.lesson07.UserReservationsView;

/**
 * Lesson 07's booking and diner's list (the reference solutions, compiled in), then a rename of
 * the restaurant whose name every list row copies.
 */
class copy_on_purpose {

    static final Clock CLOCK = Clock.systemUTC();
    /** Diners with a booking at Le Sept, one table each; other restaurants' bookings are not copies of its name. */
    static final int DINERS = 6;
    static final Recap RECAP = Recap.measured();

    public static void main(String... args) {
        Failures.guard(copy_on_purpose::run);
    }

    static void run() throws SQLException {
        Story.title("07c", "appendix: a copy on purpose");
        LocalDate evening = LocalDate.now(CLOCK.withZone(SampleRestaurants.PARIS)).plusDays(3);
        try (MemoryDatabase db = MemoryDatabase.open("lesson07c")) {
            try (Connection connection = db.connect()) {
                SampleRestaurants.open(connection, evening);
            }
            SlotBooking bookings = new SlotBooking(db.dataSource(), CLOCK);
            UserReservationsView lists = new UserReservationsView(db.dataSource());
            OutboxRelay<ReservationEvent> relay = new OutboxRelay<>(db, ReservationEvent::fromOutbox, lists::apply);
            for (int diner = 1; diner <= DINERS; diner++) {
                bookings.book(new BookingRequest(UUID.randomUUID(), LE_SEPT, evening, HALF_SEVEN, diner, 700 + diner, 2));
                bookings.book(new BookingRequest(UUID.randomUUID(), LE_SEPT + 1, evening, HALF_SEVEN, diner, 800 + diner, 2));
            }
            int delivered = relay.deliverNew();
            long listed = db.count("SELECT COUNT(*) FROM user_reservations");
            Story.say("""
                    As in lesson 07: %d diners booked a table at Le Sept and %d more at another restaurant; the
                    relay delivered %d outbox events, and the view updater wrote %d rows, each in its diner's
                    list.""", DINERS, DINERS, delivered, listed);
            RECAP.line("%d bookings at 2 restaurants, %d outbox events delivered: %d rows in the diners' lists",
                    2 * DINERS, delivered, listed);
            renamed(db);
        }
        RECAP.print("./jbang check 07   (lessons/07-reservations/src), then ./jbang lesson08");
    }

    /** The copied restaurant name: a rename leaves it stale in every diner's list until the rename job runs. */
    static void renamed(MemoryDatabase db) throws SQLException {
        Story.section("A copy on purpose: the restaurant's name in user_reservations");
        Story.say("""
                user_reservations carries the restaurant's name so the diner's list needs no join: one
                partition, every row ready to show. The schema records why and how stale it may be: the
                source of truth is restaurants.name; a rename job updates the copies; until it runs after a
                rename, a list may show the old name, which is acceptable for a name. Measured:""");
        RenameJob job = new RenameJob(db);
        TextTable steps = TextTable.of("step", "copies of the name", "stale copies", "rows the job wrote");
        steps.row("before", job.copies(LE_SEPT), job.stale(LE_SEPT), "-");
        job.rename(LE_SEPT, "Le Sept Lyon");
        steps.row("Le Sept renamed Le Sept Lyon", job.copies(LE_SEPT), job.stale(LE_SEPT), "-");
        int written = job.run(LE_SEPT);
        long left = job.stale(LE_SEPT);
        steps.row("the rename job ran", job.copies(LE_SEPT), left, written);
        steps.print();
        Story.say("""
                One UPDATE of one row made %d copies stale; the job found them through the restaurant's own
                reservations and rewrote each in its diner's partition: %d writes for one rename. Copy a
                field when the read that needs it is busy and fans out, and its staleness can be named and
                tolerated; keep the fact's one home, and the job that rebuilds the copies.""", written, written);
        RECAP.line("a rename left %d copied names stale until the rename job wrote %d rows; %d stale after it",
                written, written, left);
        RECAP.line("the name's one home changed in 1 row; its copies were in %d diners' partitions",
                db.count("SELECT COUNT(DISTINCT user_id) FROM user_reservations WHERE reservation_id IN"
                        + " (SELECT reservation_id FROM reservations WHERE restaurant_id = ?)", LE_SEPT));
    }
}
