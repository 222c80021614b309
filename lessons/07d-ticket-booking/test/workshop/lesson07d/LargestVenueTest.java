package workshop.lesson07d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cassandra.NodeMetrics;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostFailure;
import workshop.testkit.MovableClock;

/**
 * The brief's largest venue, {@value Tickets#MOST_SECTIONS} sections of
 * {@value Tickets#MOST_SEATS_PER_SECTION} seats, which no sample reaches (6 sections of 40 seats):
 * built once through addSeats, then read and sold as the brief's questions read and sell it. What
 * bites only there: a report that walks the samples' sections, a sale whose reads grow with the
 * event, a partition past 100 MB.
 */
@ExtendWith(CassandraExtension.class)
class LargestVenueTest {

    static final String STADIUM = "stadium-0620";
    /** The brief's partition ceiling. */
    static final long MOST_PARTITION_BYTES = 100L * 1024 * 1024;
    /** One sale in every few sections, the last section's last seat among them. */
    private static final List<Seat> SOLD = IntStream.iterate(Tickets.MOST_SECTIONS, s -> s > 0, s -> s - 7)
            .mapToObj(s -> new Seat(STADIUM, section(s), Tickets.MOST_SEATS_PER_SECTION - s)).toList();

    private static TicketBooking booking;
    private static TracingSession traced;
    private static List<Ticket> sold;

    /** Names that sort as their numbers do: S01 ... S40. */
    static String section(int number) {
        return String.format("S%02d", number);
    }

    static List<Seat> venue() {
        List<Seat> seats = new ArrayList<>();
        for (int s = 1; s <= Tickets.MOST_SECTIONS; s++) {
            for (int n = 1; n <= Tickets.MOST_SEATS_PER_SECTION; n++) {
                seats.add(new Seat(STADIUM, section(s), n));
            }
        }
        return seats;
    }

    /** The samples, then the venue, then a few sales; once per class. */
    @BeforeEach
    void buildOnce(TracingSession session) {
        if (booking != null) {
            return;
        }
        TicketBooking fresh = new TicketBooking(MovableClock.at(Tickets.NOW), Tickets.HOLD);
        fresh.setUp(session);
        fresh.addSeats(venue());
        List<Ticket> tickets = new ArrayList<>();
        for (Seat seat : SOLD) {
            assertTrue(fresh.hold(new HoldRequest(seat, "fan-" + seat.section())), "a free seat of the venue is held for " + seat);
            tickets.add(fresh.buy(seat, "fan-" + seat.section())
                    .orElseThrow(() -> new AssertionError("the holder of " + seat + " could not buy it")));
        }
        traced = session;
        sold = new CopyOnWriteArrayList<>(tickets);
        booking = fresh;
    }

    @Test
    @DisplayName("the event page and the last section's seat map show the whole venue, in order")
    void theWholeVenueShows() {
        List<SectionAvailability> page = booking.eventPage(STADIUM);
        List<SectionAvailability> expected = IntStream.rangeClosed(1, Tickets.MOST_SECTIONS).mapToObj(s -> new SectionAvailability(
                section(s), Tickets.MOST_SEATS_PER_SECTION - (int) SOLD.stream().filter(seat -> seat.section().equals(section(s))).count()))
                .toList();
        assertEquals(expected, page, "the event page (T1) of a venue of " + Tickets.MOST_SECTIONS + " sections");
        List<SeatState> map = booking.seatMap(new EventSection(STADIUM, section(Tickets.MOST_SECTIONS)));
        assertEquals(Tickets.MOST_SEATS_PER_SECTION, map.size(), "the seat map (T2) of a section of 1,000 seats shows every seat");
        assertEquals(IntStream.rangeClosed(1, Tickets.MOST_SEATS_PER_SECTION).boxed().toList(),
                map.stream().map(SeatState::number).toList(), "the seat map shows the seats in seat order");
    }

    @Test
    @DisplayName("T6: the organiser's report of the largest venue reads it by key, at most its sections and one more")
    void theReportReadsTheEventByKey() {
        Measured<List<Ticket>> report = traced.measure(() -> booking.sales(STADIUM));
        if (!new HashSet<>(report.value()).equals(new HashSet<>(sold)) || report.value().size() != sold.size()) {
            fail(String.format("""
                    sales("%s") returned %d tickets; the venue sold %d, in sections %s.
                      The brief's venues have up to %d sections, the samples 6 (A to F): the report must find
                      the event's own sections where the design keeps them (a row per section, or the sales
                      themselves), not walk the samples' section names.""",
                    STADIUM, report.value().size(), sold.size(), SOLD.stream().map(Seat::section).toList(), Tickets.MOST_SECTIONS));
        }
        QueryCost cost = report.cost();
        int allowed = Tickets.MOST_SECTIONS + 1;
        if (cost.rangeScans() > 0 || cost.partitionsRead() > allowed) {
            throw new CostFailure(String.format("""
                    sales("%s") read %d partitions and scanned %d token ranges.
                      The brief's rule: the report (50 a day) reads the event by key, at most its %d sections
                      and the partition that names them (%d), with no scan of a table: a table scanned grows
                      with every event of %,d a year, kept %d years.""",
                    STADIUM, cost.partitionsRead(), cost.rangeScans(), Tickets.MOST_SECTIONS, allowed, Tickets.EVENTS_PER_YEAR,
                    Tickets.YEARS_KEPT));
        }
    }

    @Test
    @DisplayName("T4: a sale at the largest venue reads no more than one section, by key")
    void aSaleReadsOneSectionAtMost() {
        Seat seat = new Seat(STADIUM, section(1), 1);
        assertTrue(booking.hold(new HoldRequest(seat, "measured-fan")), "a free seat of the venue is held for the first buyer");
        Measured<Optional<Ticket>> sale = traced.measure(() -> booking.buy(seat, "measured-fan"));
        assertTrue(sale.value().isPresent(), "the holder buys the seat they hold");
        sold.add(sale.value().get());
        QueryCost cost = sale.cost();
        // The seat's row, read by the condition, and at most its section's seats again for a copy.
        long allowed = 1L + Tickets.MOST_SEATS_PER_SECTION;
        if (cost.rangeScans() > 0 || cost.rowsRead() > allowed) {
            throw new CostFailure(String.format("""
                    buy(%s) read %,d rows in %d partitions and scanned %d token ranges.
                      A sale changes one seat: what it reads to keep its copies (the event page's count, the
                      report's) must not grow with the event, at most the seat's own section of %,d seats
                      (%,d rows with the seat the condition reads). At %s, a sale that reads
                      the whole event reads %,d rows of the largest venue each time.""",
                    seat, cost.rowsRead(), cost.partitionsRead(), cost.rangeScans(), Tickets.MOST_SEATS_PER_SECTION, allowed,
                    TicketQuestions.T4.brief().rate(), Tickets.MOST_SECTIONS * Tickets.MOST_SEATS_PER_SECTION));
        }
    }

    @Test
    @DisplayName("no partition of any table reaches 100 MB once the largest venue is loaded and sold")
    void noPartitionReaches100Mb() {
        String keyspace = traced.getKeyspace().map(CqlIdentifier::asInternal).orElseThrow();
        NodeMetrics metrics = NodeMetrics.of(CassandraExtension.cluster(), traced.plain());
        for (TableMetadata table : traced.refreshSchema().getKeyspace(keyspace).orElseThrow().getTables().values()) {
            String name = table.getName().asInternal();
            metrics.flushAndCompact(keyspace, name);
            for (Map.Entry<String, NodeMetrics.TableOnNode> node : metrics.table(keyspace, name).entrySet()) {
                long largest = node.getValue().largestPartitionBytes();
                if (largest > MOST_PARTITION_BYTES) {
                    throw new CostFailure(String.format("""
                            Table %s holds a partition of %,d bytes on %s, past the brief's 100 MB, with one venue of
                              %d sections of %,d seats loaded: key it so that a partition holds a bounded part of an
                              event (a section, an event's counts), not what grows with the venue or the years.""",
                            name, largest, node.getKey(), Tickets.MOST_SECTIONS, Tickets.MOST_SEATS_PER_SECTION));
                }
            }
        }
    }
}
