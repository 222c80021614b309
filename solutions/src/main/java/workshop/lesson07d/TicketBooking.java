package workshop.lesson07d;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.ConditionalWrites;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;
import workshop.kit.catalogue.Plan;

/**
 * Reference design. seats_by_section: one event's section per partition (at most 1,000 seats), so
 * the seat map is one partition and a hold or a sale is a conditional write on it; a hold is a
 * holder cell written with a TTL, so an unpaid hold expires by itself and the seat reads free.
 * remaining_by_event: one event per partition, a counter per section (at most 40 rows), lowered by
 * each sale. tickets_by_buyer: one buyer per partition, newest first (500 tickets in 10 years).
 * The organiser's report is rare: a job scans the tickets.
 */
public class TicketBooking implements Catalogue {

    /** A conditional write that timed out under contention may still have been applied: look, then decide. */
    private static final int ATTEMPTS = 3;

    private final Clock clock;
    private final Duration holdFor;
    private CqlSession session;
    private PreparedStatement insertSeat;
    private PreparedStatement loadHold;
    private PreparedStatement loadSale;
    private PreparedStatement count;
    private PreparedStatement insertTicket;
    private PreparedStatement claimHold;
    private PreparedStatement claimSale;
    private PreparedStatement seatNow;
    private PreparedStatement remaining;
    private PreparedStatement seatsOf;
    private PreparedStatement newest;
    private PreparedStatement everyTicket;

    /** The brief's hold time and the sample data's clock. */
    public TicketBooking() {
        this(Tickets.CLOCK, Tickets.HOLD);
    }

    public TicketBooking(Clock clock, Duration holdFor) {
        this.clock = clock;
        this.holdFor = holdFor;
    }

    @Override
    public String name() {
        return "ticket booking";
    }

    @Override
    public void setUp(CqlSession newSession) {
        session = newSession;
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS seats_by_section (
                  event_id text, section text, seat int, holder text, buyer text, bought_at timestamp,
                  PRIMARY KEY ((event_id, section), seat))"""));
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS remaining_by_event (
                  event_id text, section text, remaining counter,
                  PRIMARY KEY (event_id, section))"""));
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS tickets_by_buyer (
                  buyer_id text, bought_at timestamp, event_id text, section text, seat int,
                  PRIMARY KEY (buyer_id, bought_at, event_id, section, seat))
                WITH CLUSTERING ORDER BY (bought_at DESC, event_id ASC, section ASC, seat ASC)"""));
        prepare();
        load();
    }

    private void prepare() {
        insertSeat = session.prepare("INSERT INTO seats_by_section (event_id, section, seat) VALUES (?, ?, ?)");
        loadHold = session.prepare("UPDATE seats_by_section USING TTL ? SET holder = ? WHERE event_id = ? AND section = ? AND seat = ?");
        loadSale = session.prepare("UPDATE seats_by_section SET buyer = ?, bought_at = ? WHERE event_id = ? AND section = ? AND seat = ?");
        count = session.prepare("UPDATE remaining_by_event SET remaining = remaining + ? WHERE event_id = ? AND section = ?");
        insertTicket = session.prepare(
                "INSERT INTO tickets_by_buyer (buyer_id, bought_at, event_id, section, seat) VALUES (?, ?, ?, ?, ?)");
        // tag::the-seat-decides[]
        claimHold = session.prepare("""
                UPDATE seats_by_section USING TTL ? SET holder = ?
                WHERE event_id = ? AND section = ? AND seat = ?
                IF holder = null AND buyer = null""");
        claimSale = session.prepare("""
                UPDATE seats_by_section SET buyer = ?, bought_at = ?, holder = null
                WHERE event_id = ? AND section = ? AND seat = ?
                IF holder = ? AND buyer = null""");
        // end::the-seat-decides[]
        seatNow = session.prepare("SELECT holder, buyer, bought_at FROM seats_by_section WHERE event_id = ? AND section = ? AND seat = ?");
        remaining = session.prepare("SELECT section, remaining FROM remaining_by_event WHERE event_id = ?");
        seatsOf = session.prepare("SELECT seat, holder, buyer FROM seats_by_section WHERE event_id = ? AND section = ?");
        newest = session.prepare("SELECT buyer_id, bought_at, event_id, section, seat FROM tickets_by_buyer WHERE buyer_id = ? LIMIT ?");
        everyTicket = session.prepare("SELECT buyer_id, bought_at, event_id, section, seat FROM tickets_by_buyer");
    }

    /** The seats first, then what happened to them: a hold only while it runs, its TTL what is left of it. */
    private void load() {
        List<Seat> seats = Tickets.seats();
        BulkWriter.write(session, "seats", seats.size(), i -> bind(insertSeat, seats.get((int) i)));
        Instant now = clock.instant();
        List<Hold> running = Tickets.holds().stream().filter(h -> h.expiresAt().isAfter(now)).toList();
        BulkWriter.write(session, "holds", running.size(), i -> {
            Hold hold = running.get((int) i);
            int ttl = (int) Math.max(1, Duration.between(now, hold.expiresAt()).toSeconds());
            return loadHold.bind(ttl, hold.buyerId(), hold.seat().eventId(), hold.seat().section(), hold.seat().number());
        });
        List<Ticket> sold = Tickets.sold();
        BulkWriter.write(session, "sales", sold.size() * 2L, i -> {
            Ticket ticket = sold.get((int) (i / 2));
            Seat seat = ticket.seat();
            return i % 2 == 0 ? loadSale.bind(ticket.buyerId(), ticket.boughtAt(), seat.eventId(), seat.section(), seat.number())
                    : ticketRow(ticket);
        });
        Map<EventSection, Long> soldPerSection = sold.stream()
                .collect(Collectors.groupingBy(t -> new EventSection(t.seat().eventId(), t.seat().section()), Collectors.counting()));
        List<EventSection> sections = seats.stream().map(s -> new EventSection(s.eventId(), s.section())).distinct().toList();
        BulkWriter.write(session, "counts", sections.size(), i -> {
            EventSection section = sections.get((int) i);
            return count.bind(Tickets.SEATS_PER_SECTION - soldPerSection.getOrDefault(section, 0L), section.eventId(), section.section());
        });
    }

    @Override
    public List<AccessPattern> patterns() {
        return List.of(
                TicketQuestions.T1.pattern().plan(Plan.range("remaining_by_event")).servedOn(TicketOracle.eventPage(), this::eventPage),
                TicketQuestions.T2.pattern().plan(Plan.range("seats_by_section")).servedOn(TicketOracle.seatMap(), this::seatMap),
                TicketQuestions.T3.pattern().plan(Plan.conditional("seats_by_section")).servedOn(TicketOracle.hold(), this::hold),
                TicketQuestions.T5.pattern().plan(Plan.range("tickets_by_buyer")).servedOn(TicketOracle.tickets(), this::tickets),
                TicketQuestions.T6.pattern().plan(Plan.batchJob("tickets_by_buyer",
                        "a report asked a few times a day: a job scans the tickets and keeps the event's"))
                        .servedOn(TicketOracle.sales(), this::sales));
    }

    /** T1: the event's one partition of counters, in section order. */
    public List<SectionAvailability> eventPage(String eventId) {
        return session.execute(remaining.bind(eventId)).all().stream()
                .map(row -> new SectionAvailability(row.getString("section"), (int) row.getLong("remaining"))).toList();
    }

    /** T2: the section's partition; a hold whose TTL ran out has left no holder. */
    public List<SeatState> seatMap(EventSection section) {
        return session.execute(seatsOf.bind(section.eventId(), section.section())).all().stream()
                .map(row -> new SeatState(row.getInt("seat"), !row.isNull("buyer") ? SeatState.Status.SOLD
                        : !row.isNull("holder") ? SeatState.Status.HELD : SeatState.Status.FREE))
                .toList();
    }

    /** T3: one conditional write; the holder cell lives holdFor, then the seat is free again. */
    public boolean hold(HoldRequest request) {
        Seat seat = request.seat();
        BoundStatement claim = claimHold.bind((int) holdFor.toSeconds(), request.buyerId(), seat.eventId(), seat.section(), seat.number());
        return decided(claim, seat, row -> request.buyerId().equals(row.getString("holder")));
    }

    /** T4: the seat changes hands in one conditional write; only its winner files the ticket and counts it. */
    public Optional<Ticket> buy(Seat seat, String buyerId) {
        // A timestamp column keeps milliseconds: the ticket returned is the ticket stored.
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        BoundStatement claim = claimSale.bind(buyerId, now, seat.eventId(), seat.section(), seat.number(), buyerId);
        if (!decided(claim, seat, row -> buyerId.equals(row.getString("buyer")) && now.equals(row.getInstant("bought_at")))) {
            return Optional.empty();
        }
        Ticket ticket = new Ticket(seat, buyerId, now);
        session.execute(ticketRow(ticket));
        session.execute(count.bind(-1L, seat.eventId(), seat.section()));
        return Optional.of(ticket);
    }

    /** T5: the buyer's partition, newest first, stopped at the limit. */
    public List<Ticket> tickets(String buyerId) {
        return session.execute(newest.bind(buyerId, TicketOracle.NEWEST_TICKETS)).all().stream().map(TicketBooking::ticket).toList();
    }

    /** T6: a scan, off the request path. */
    public List<Ticket> sales(String eventId) {
        List<Ticket> sales = new ArrayList<>();
        for (Row row : session.execute(everyTicket.bind())) {
            if (row.getString("event_id").equals(eventId)) {
                sales.add(ticket(row));
            }
        }
        return sales;
    }

    /**
     * Whether the conditional write was applied; when its outcome is unknown (a Paxos timeout), a
     * serial read, which first settles any proposal in flight, shows whether it was ours.
     */
    private boolean decided(BoundStatement claim, Seat seat, Predicate<Row> ours) {
        for (int attempt = 1; ; attempt++) {
            try {
                return session.execute(claim).wasApplied();
            } catch (RuntimeException e) {
                if (!ConditionalWrites.outcomeUnknown(e) || attempt == ATTEMPTS) {
                    throw e;
                }
                Row now = session.execute(bind(seatNow, seat).setConsistencyLevel(ConsistencyLevel.SERIAL)).one();
                if (now != null && ours.test(now)) {
                    return true;
                }
            }
        }
    }

    private BoundStatement ticketRow(Ticket ticket) {
        Seat seat = ticket.seat();
        return insertTicket.bind(ticket.buyerId(), ticket.boughtAt(), seat.eventId(), seat.section(), seat.number());
    }

    private static BoundStatement bind(PreparedStatement statement, Seat seat) {
        return statement.bind(seat.eventId(), seat.section(), seat.number());
    }

    private static Ticket ticket(Row row) {
        return new Ticket(new Seat(row.getString("event_id"), row.getString("section"), row.getInt("seat")),
                row.getString("buyer_id"), row.getInstant("bought_at"));
    }
}
