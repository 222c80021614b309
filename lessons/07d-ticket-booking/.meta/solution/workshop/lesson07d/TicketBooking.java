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
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.Plan;
import workshop.kit.catalogue.TableShape;

/**
 * Reference design. seats_by_section: one event's section per partition (at most 1,000 seats), so
 * the seat map is one partition and a hold or a sale is a conditional write on it; a hold is a
 * holder cell written with a TTL, so an unpaid hold expires by itself and the seat reads free. The
 * seat row is the source of truth: it holds the buyer and the time of every sale.
 * remaining_by_event: one event per partition, a section's unsold seats per row (at most 40 rows),
 * counted again from the section's seat rows after each sale and written with the time the count
 * began, so a later count always wins and a count run twice, or after a crash, writes the same
 * number: no counter a retry lowers twice. tickets_by_buyer: one buyer per partition, newest first
 * (500 tickets in 10 years), each ticket keyed by what the seat row holds, so writing it again
 * changes nothing. {@link #reconcile} rewrites both copies from the seat rows of an event: the
 * repair after a crash between a sale and its copies. The organiser's report reads the event's
 * sections by key, at most 40 partitions, one after another: no table is scanned.
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
    private PreparedStatement loadCount;
    private PreparedStatement recount;
    private PreparedStatement buyersOf;
    private PreparedStatement sectionsOf;
    private PreparedStatement soldIn;
    private PreparedStatement insertTicket;
    private PreparedStatement claimHold;
    private PreparedStatement claimSale;
    private PreparedStatement seatNow;
    private PreparedStatement remaining;
    private PreparedStatement seatsOf;
    private PreparedStatement newest;

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
                  event_id text, section text, remaining int,
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
        loadCount = session.prepare("INSERT INTO remaining_by_event (event_id, section, remaining) VALUES (?, ?, ?)");
        // tag::count-from-the-seats[]
        buyersOf = session.prepare("SELECT buyer FROM seats_by_section WHERE event_id = ? AND section = ?");
        recount = session.prepare(
                "UPDATE remaining_by_event USING TIMESTAMP ? SET remaining = ? WHERE event_id = ? AND section = ?");
        // end::count-from-the-seats[]
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
        sectionsOf = session.prepare("SELECT section FROM remaining_by_event WHERE event_id = ?");
        soldIn = session.prepare("SELECT seat, buyer, bought_at FROM seats_by_section WHERE event_id = ? AND section = ?");
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
            return loadCount.bind(section.eventId(), section.section(),
                    (int) (Tickets.SEATS_PER_SECTION - soldPerSection.getOrDefault(section, 0L)));
        });
    }

    @Override
    public List<AccessPattern> patterns() {
        return List.of(
                TicketQuestions.T1.pattern().plan(Plan.range("remaining_by_event")).servedOn(TicketOracle.eventPage(), this::eventPage),
                TicketQuestions.T2.pattern().plan(Plan.range("seats_by_section")).servedOn(TicketOracle.seatMap(), this::seatMap),
                TicketQuestions.T3.pattern().plan(Plan.conditional("seats_by_section")).servedOn(TicketOracle.hold(), this::hold),
                TicketQuestions.T5.pattern().plan(Plan.range("tickets_by_buyer")).servedOn(TicketOracle.tickets(), this::tickets),
                TicketQuestions.T6.pattern().plan(Plan.range("remaining_by_event").then(Plan.range("seats_by_section")
                                .walking(Tickets.MOST_SECTIONS, "the event's sections, named by its row of counts,"
                                        + " one partition each: at most " + Tickets.MOST_SECTIONS)))
                        .servedOn(TicketOracle.sales(), this::sales));
    }

    /** T1: the event's one partition of counts, in section order. */
    public List<SectionAvailability> eventPage(String eventId) {
        return session.execute(remaining.bind(eventId)).all().stream()
                .map(row -> new SectionAvailability(row.getString("section"), row.getInt("remaining"))).toList();
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

    /**
     * T4: the seat changes hands in one conditional write; only its winner files the ticket and
     * counts the section again. Both are copies of the seat row, written so that writing them twice
     * is writing them once: a crash before them leaves what {@link #reconcile} repairs.
     */
    public Optional<Ticket> buy(Seat seat, String buyerId) {
        // A timestamp column keeps milliseconds: the ticket returned is the ticket stored.
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        BoundStatement claim = claimSale.bind(buyerId, now, seat.eventId(), seat.section(), seat.number(), buyerId);
        if (!decided(claim, seat, row -> buyerId.equals(row.getString("buyer")) && now.equals(row.getInstant("bought_at")))) {
            return Optional.empty();
        }
        Ticket ticket = new Ticket(seat, buyerId, now);
        session.execute(ticketRow(ticket));
        countAgain(new EventSection(seat.eventId(), seat.section()));
        return Optional.of(ticket);
    }

    /**
     * The repair: every sold seat of the event gets its ticket, and every section its count, from
     * the seat rows alone. Safe to run at any time and as often as wanted: it writes what is already
     * there, or what a crash left out.
     */
    public void reconcile(String eventId) {
        for (Ticket ticket : sales(eventId)) {
            session.execute(ticketRow(ticket));
        }
        for (Row row : session.execute(sectionsOf.bind(eventId))) {
            countAgain(new EventSection(eventId, row.getString("section")));
        }
    }

    /**
     * The section's unsold seats, counted from its seat rows (one partition, at most 1,000 rows) and
     * written with the time the count began: of two counts racing, the one that began later saw
     * every sale the other saw, and its write wins whichever lands last.
     */
    private void countAgain(EventSection section) {
        long began = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
        int unsold = 0;
        for (Row row : session.execute(buyersOf.bind(section.eventId(), section.section()))) {
            unsold += row.isNull("buyer") ? 1 : 0;
        }
        session.execute(recount.bind(began, unsold, section.eventId(), section.section()));
    }

    /** T5: the buyer's partition, newest first, stopped at the limit. */
    public List<Ticket> tickets(String buyerId) {
        return session.execute(newest.bind(buyerId, TicketOracle.NEWEST_TICKETS)).all().stream().map(TicketBooking::ticket).toList();
    }

    /** T6: the event's sections from its counts, then each section's sold seats, by key. */
    public List<Ticket> sales(String eventId) {
        List<Ticket> sales = new ArrayList<>();
        for (Row section : session.execute(sectionsOf.bind(eventId)).all()) {
            for (Row row : session.execute(soldIn.bind(eventId, section.getString("section")))) {
                if (!row.isNull("buyer")) {
                    sales.add(new Ticket(new Seat(eventId, section.getString("section"), row.getInt("seat")),
                            row.getString("buyer"), row.getInstant("bought_at")));
                }
            }
        }
        return sales;
    }

    /**
     * Puts an event's seats on sale, all free: the seat rows a partition's batches at a time, then
     * each section's count of them. The largest venue is 40,000 rows: one write each would be
     * 40,000 round trips.
     */
    public void addSeats(List<Seat> seats) {
        BulkWriter.writeByPartition(session, "seats", seats.size(), i -> bind(insertSeat, seats.get((int) i)));
        Map<EventSection, Long> perSection = seats.stream()
                .collect(Collectors.groupingBy(s -> new EventSection(s.eventId(), s.section()), Collectors.counting()));
        List<EventSection> sections = List.copyOf(perSection.keySet());
        BulkWriter.write(session, "counts", sections.size(), i -> {
            EventSection section = sections.get((int) i);
            return loadCount.bind(section.eventId(), section.section(), perSection.get(section).intValue());
        });
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

    /**
     * The tables as planned, before setUp builds them: the plan review draws their keys, and the
     * check fails a schema built otherwise (a clustering order reversed, a key column missing).
     */
    @Override
    public List<TableShape> plannedTables() {
        return List.of(
                TableShape.table("seats_by_section").partitionKey("event_id text", "section text").clustering("seat int", Mark.ASCENDING)
                        .columns("holder text", "buyer text", "bought_at timestamp"),
                TableShape.table("remaining_by_event").partitionKey("event_id text").clustering("section text", Mark.ASCENDING)
                        .columns("remaining int"),
                TableShape.table("tickets_by_buyer").partitionKey("buyer_id text").clustering("bought_at timestamp", Mark.DESCENDING)
                        .clustering("event_id text", Mark.ASCENDING).clustering("section text", Mark.ASCENDING)
                        .clustering("seat int", Mark.ASCENDING));
    }
}
