package workshop.lesson07d;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;

/**
 * Design Ticket Booking (tests: TicketCatalogueTest, NoSeatSoldTwiceTest, UnpaidHoldTest,
 * WritePathsTest, LargestVenueTest), after lesson 07: a
 * ticket seller, from its brief alone. The questions, their peak rates and p99 targets are in
 * {@link TicketQuestions} (./jbang lesson07d prints them):
 *   T1  an event's remaining seats per section (the event page)          2,000/s   20 ms
 *   T2  a section's seats, each free, held or sold (the seat map)        1,000/s   50 ms
 *   T3  hold a free seat for a buyer, for Tickets.HOLD (10 minutes)        300/s  100 ms
 *   T4  buy a seat the buyer holds                                         100/s  200 ms
 *   T5  a buyer's 20 newest tickets, newest first                          500/s   50 ms
 *   T6  every ticket sold for an event (the organiser's report)            50/day   5 min
 * Sizes: up to 40 sections of up to 1,000 seats an event, 20,000 events a year, a keen fan's 50
 * tickets a year, kept 10 years. The sample data is Tickets (seats, sales, holds at a fixed clock).
 *
 * The rules the tests hold you to:
 *   - no seat is ever sold twice, even when buyers race for it (a race grades it)
 *   - a hold not paid in time frees its seat by itself, with no job or cleanup; the tests use a
 *     hold time of seconds (the second constructor), so do not assume ten minutes
 *   - every busy question (500/s or more) reads one partition, and no partition grows without end
 *   - a hold and a sale read nothing before the conditional write that decides them, and every
 *     statement, writes too, is prepared once and bound
 *   - what the event page counts survives a write that timed out after it was applied: a count
 *     sent again must not count the sale twice (the tests answer one count write with a timeout)
 *   - at the brief's largest venue (40 sections of 1,000 seats, which no sample reaches) the
 *     organiser's report reads the event by key, at most its 40 sections and the partition that
 *     names them, a sale reads no more than one section, and no partition reaches 100 MB
 *   - every answer is the oracle's: TicketOracle gives each question's samples with their
 *     answers; declare each catalogued question (T4 is graded by the race test) with them:
 *     {@code TicketQuestions.T1.pattern().plan(...).servedOn(TicketOracle.eventPage(), this::eventPage)}
 * Table names, keys and columns are yours: the tests grade answers and measured cost only.
 *
 * Plan first: declare the patterns, then review them with no table built:
 *   ./jbang catalogue --plan lessons/07d-ticket-booking/src/workshop/lesson07d lessons/07d-ticket-booking/given/workshop/lesson07d
 * Declare your tables in plannedTables() too (TableShape.table(...)) and the review draws their keys;
 * the check then fails a schema built otherwise. Every check draws your design in .workshop/diagrams/.
 */
public class TicketBooking implements Catalogue {

    private final Clock clock;
    private final Duration holdFor;

    /** The brief's hold time and the sample data's clock: what the catalogue check runs. */
    public TicketBooking() {
        this(Tickets.CLOCK, Tickets.HOLD);
    }

    /** @param holdFor how long a hold lasts unpaid; "now" is the clock's, read on every call */
    public TicketBooking(Clock clock, Duration holdFor) {
        this.clock = clock;
        this.holdFor = holdFor;
    }

    @Override
    public String name() {
        return "ticket booking";
    }

    /** Creates your tables and loads Tickets.seats(), sold() and holds() (a hold only while it runs at clock's now). */
    @Override
    public void setUp(CqlSession session) {
        // TODO: design the tables from the questions, then load the sample data
        throw new UnsupportedOperationException("TODO: design the tables from TicketQuestions and load Tickets' data");
    }

    @Override
    public List<AccessPattern> patterns() {
        // TODO: T1, T2, T3, T5, T6: TicketQuestions.Tn.pattern().plan(...), served on TicketOracle's samples
        throw new UnsupportedOperationException("TODO: declare the catalogue: a plan and the oracle's samples per question");
    }

    /** T1: every section of the event, in section order, with its seats not sold. */
    public List<SectionAvailability> eventPage(String eventId) {
        throw new UnsupportedOperationException("TODO: the event page (T1)");
    }

    /** T2: every seat of the section, in seat order; a seat whose hold lapsed is FREE. */
    public List<SeatState> seatMap(EventSection section) {
        throw new UnsupportedOperationException("TODO: the seat map (T2)");
    }

    /** T3: true when the seat is now held for this buyer; false when it is held or sold already. */
    public boolean hold(HoldRequest request) {
        throw new UnsupportedOperationException("TODO: hold a seat (T3)");
    }

    /**
     * T4: the ticket, bought at the clock's now, when this buyer holds the seat; empty otherwise
     * (no hold, another's hold, a lapsed hold, or sold already). A sale shows on the event page and
     * in the buyer's tickets.
     */
    public Optional<Ticket> buy(Seat seat, String buyerId) {
        throw new UnsupportedOperationException("TODO: buy a held seat (T4)");
    }

    /** T5: the buyer's newest tickets, newest first, at most TicketOracle.NEWEST_TICKETS. */
    public List<Ticket> tickets(String buyerId) {
        throw new UnsupportedOperationException("TODO: a buyer's tickets (T5)");
    }

    /** T6: every ticket sold for the event, in any order. */
    public List<Ticket> sales(String eventId) {
        throw new UnsupportedOperationException("TODO: the organiser's sales (T6)");
    }

    /**
     * Puts an event's seats on sale, all free, as setUp puts the samples' (LargestVenueTest adds the
     * brief's largest venue: 40 sections of 1,000 seats). Load them as the lessons load rows:
     * prepared once, many writes in flight, a partition's rows batched together.
     */
    public void addSeats(List<Seat> seats) {
        throw new UnsupportedOperationException("TODO: put an event's seats on sale, all free");
    }
}
