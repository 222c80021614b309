///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES given/workshop/lesson07d/*.java
//SOURCES .meta/solution/workshop/lesson07d/TicketBooking.java
//MAIN design_ticket_booking
//DESCRIPTION Design task after lesson 07: ticket booking from its brief, no seat sold twice

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;
import workshop.lesson07d.HoldRequest;
import workshop.lesson07d.Seat;
import workshop.lesson07d.SectionAvailability;
import workshop.lesson07d.TicketBooking;
import workshop.lesson07d.TicketOracle;
import workshop.lesson07d.TicketQuestions;
import workshop.lesson07d.Tickets;

/** The brief of Design Ticket Booking, read from its given code: the questions, the rules, the sizes, the data. */
class design_ticket_booking {

    static final Recap RECAP = Recap.measured();

    public static void main(String... args) {
        Failures.guard(design_ticket_booking::run);
    }

    static void run() {
        Story.title("07d", "design task: ticket booking");
        Story.say("""
                Lesson 07 booked a table without double booking: one conditional write decided who won. Here
                you design a whole service from its brief alone, as lesson 09's catalogue does: a ticket
                seller, whose buyers race for the same seats at the moment a show goes on sale. Nothing below
                names a table or a key; choosing them is the task.""");
        Story.section("The questions, at peak");
        // tag::brief[]
        TextTable questions = TextTable.of("", "question", "rate", "p99");
        for (TicketQuestions question : TicketQuestions.values()) {
            questions.row(question.name(), question.brief().question(), question.brief().rate(),
                    p99(question.brief().p99()));
        }
        questions.print();
        // end::brief[]
        Story.section("The rules");
        TicketQuestions.RULES.forEach(rule -> Story.say("- " + rule));
        Story.section("The sizes");
        long seatsPerEvent = (long) Tickets.MOST_SECTIONS * Tickets.MOST_SEATS_PER_SECTION;
        long ticketsPerFan = (long) Tickets.MOST_TICKETS_PER_BUYER_PER_YEAR * Tickets.YEARS_KEPT;
        Story.say("""
                The largest venue has %d sections of up to %,d seats: %,d seats an event. %,d events go on sale
                a year, %,d seats a year in all at that size, kept %d years. A keen fan buys %d tickets a year:
                %,d tickets kept. Which of these numbers bounds each partition you choose?""",
                Tickets.MOST_SECTIONS, Tickets.MOST_SEATS_PER_SECTION, seatsPerEvent, Tickets.EVENTS_PER_YEAR,
                seatsPerEvent * Tickets.EVENTS_PER_YEAR, Tickets.YEARS_KEPT, Tickets.MOST_TICKETS_PER_BUYER_PER_YEAR,
                ticketsPerFan);
        Story.section("The sample data (Tickets), at a fixed clock");
        Instant now = Tickets.NOW;
        long running = Tickets.holds().stream().filter(h -> h.expiresAt().isAfter(now)).count();
        long lapsed = Tickets.holds().size() - running;
        Story.say("""
                %d events of %d sections of %d seats: %,d seats, %,d of them sold, %d held at %s and %d held
                once and never paid (their holds expired, so those seats are free). TicketOracle computes the
                right answer to every sample from this data; the checker compares what your code returns
                with it.""", Tickets.EVENTS.size(), Tickets.SECTIONS.size(), Tickets.SEATS_PER_SECTION,
                Tickets.seats().size(), Tickets.sold().size(), running, now, lapsed);
        aSaleThatStopsHalfWay();
        Story.section("The task");
        Story.say("""
                Write your design in lessons/07d-ticket-booking/src/workshop/lesson07d/TicketBooking.java: the
                tables, the code of each question, and the catalogue with a plan per question. The check runs
                the catalogue on the data, races buyers for one seat, and lets a hold of seconds lapse.""");
        RECAP.line("%d questions, the busiest %s: each busy one must read one partition",
                        TicketQuestions.values().length, TicketQuestions.T1.brief().rate())
                .line("the largest event: %,d seats; a keen fan's tickets: %,d in %d years", seatsPerEvent, ticketsPerFan,
                        Tickets.YEARS_KEPT)
                .line("the sample data: %,d seats, %,d sold, %d holds running and %d lapsed unpaid, whose seats"
                        + " are free again after %d minutes", Tickets.seats().size(), Tickets.sold().size(), running, lapsed,
                        Tickets.HOLD.toMinutes());
        RECAP.print("./jbang check 07d   (lessons/07d-ticket-booking/src); stuck? ./jbang hint 07d");
    }

    /**
     * A sale writes the seat, then its copies: the buyer's ticket and the event page's count. What
     * a count sent twice does to a counter, and what the reference design does with the same faults,
     * run on the store (the reference, solutions/.../lesson07d/TicketBooking.java, compiled in).
     */
    static void aSaleThatStopsHalfWay() {
        Story.section("A sale that stops half way, measured");
        try (CqlSession session = Cassandra.findOrStart().connect()) {
            Keyspaces.recreateAndUse(session, "lesson07d");
            TicketBooking booking = new TicketBooking();
            booking.setUp(session);
            Seat seat = TicketOracle.freeSeats().get(0);
            // A counter, as a sale would lower it; the decrement is sent twice, as a retry after a timeout sends it.
            session.execute(Keyspaces.schema("""
                    CREATE TABLE IF NOT EXISTS counted (event_id text, section text, remaining counter,
                      PRIMARY KEY (event_id, section))"""));
            PreparedStatement add = session.prepare(
                    "UPDATE counted SET remaining = remaining + ? WHERE event_id = ? AND section = ?");
            PreparedStatement counted = session.prepare(
                    "SELECT remaining FROM counted WHERE event_id = ? AND section = ?");
            int start = remaining(booking, seat);
            session.execute(add.bind((long) start, seat.eventId(), seat.section()));
            session.execute(add.bind(-1L, seat.eventId(), seat.section()));
            session.execute(add.bind(-1L, seat.eventId(), seat.section()));
            long counter = session.execute(counted.bind(seat.eventId(), seat.section())).one().getLong(0);
            // The reference: one sale, then its count and ticket written again, twice over.
            booking.hold(new HoldRequest(seat, "buyer-retrying"));
            booking.buy(seat, "buyer-retrying");
            int sold = remaining(booking, seat);
            booking.reconcile(seat.eventId());
            booking.reconcile(seat.eventId());
            int again = remaining(booking, seat);
            // A crash after the seat's conditional write: the seat is sold, its copies never written.
            Seat crashed = TicketOracle.freeSeats().get(1);
            booking.hold(new HoldRequest(crashed, "buyer-crashed"));
            session.execute(session.prepare("""
                    UPDATE seats_by_section SET buyer = ?, bought_at = ?, holder = null
                    WHERE event_id = ? AND section = ? AND seat = ? IF holder = ? AND buyer = null""")
                    .bind("buyer-crashed", Tickets.NOW, crashed.eventId(), crashed.section(), crashed.number(), "buyer-crashed"));
            int crashedLeft = remaining(booking, crashed);
            int ticketsBefore = booking.tickets("buyer-crashed").size();
            booking.reconcile(crashed.eventId());
            TextTable table = TextTable.of("what happened", "seats left in the section", "tickets");
            table.row("before any sale", start, "");
            table.row("a counter: one sale, its decrement sent twice", counter, "");
            table.row("the reference: one sale", sold, booking.tickets("buyer-retrying").size());
            table.row("  its count and ticket written twice more", again, booking.tickets("buyer-retrying").size());
            table.row("a sale that crashed after the seat's write", crashedLeft, ticketsBefore);
            table.row("  after reconcile(event)", remaining(booking, crashed), booking.tickets("buyer-crashed").size());
            table.print();
            Story.say("""
                    A counter cannot tell a decrement from its retry: one sale took %d seats off. The reference
                    keeps the seat row as the source of truth and every other table a copy of it: the count is
                    counted again from the section's seats and written whole, with the time the count began,
                    so writing it twice writes the same number; the ticket is keyed by what the seat row holds.
                    A crash after the seat's write leaves a sold seat with no ticket and a stale count until
                    reconcile(event) runs: a job that rewrites both from the event's sections, 40 at most.""",
                    start - counter);
            RECAP.line("a counter's decrement sent twice took %d seats off; the reference's count, written three"
                    + " times, %d; reconcile wrote the crashed sale's ticket: %d then %d", start - counter, start - again,
                    ticketsBefore, booking.tickets("buyer-crashed").size());
        }
    }

    static int remaining(TicketBooking booking, Seat seat) {
        return booking.eventPage(seat.eventId()).stream().filter(s -> s.section().equals(seat.section()))
                .mapToInt(SectionAvailability::remaining).findFirst().orElseThrow();
    }

    /** "20 ms", or "5 min" for a target of minutes. */
    static String p99(Duration target) {
        return target.compareTo(Duration.ofSeconds(1)) < 0 ? target.toMillis() + " ms" : target.toMinutes() + " min";
    }
}
