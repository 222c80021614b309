package workshop.lesson07d;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import workshop.kit.catalogue.Answer;
import workshop.kit.catalogue.OracleSample;

/**
 * The right answer to every sample of the brief, computed from the sample data in {@link Tickets}
 * alone, never from your tables. Each question's samples come with their answers: serve a pattern
 * on them with {@code .servedOn(TicketOracle.eventPage(), this::eventPage)}, and the checker fails a
 * run that returns anything else. Given: you do not need to change it.
 */
public final class TicketOracle {

    private static final Seat SHOWCASE_B1 = new Seat(Tickets.SHOWCASE, "B", 1);

    // Built once: the test holds each pattern to these very answers.
    private static final List<OracleSample<String>> EVENT_PAGE = List.of(
            eventPage("the showcase event", Tickets.SHOWCASE), eventPage("a club night", Tickets.EVENTS.get(2)));
    private static final List<OracleSample<EventSection>> SEAT_MAP = List.of(
            seatMap("a section with a hold and a lapsed one", new EventSection(Tickets.SHOWCASE, "A")),
            seatMap("another event's section", new EventSection(Tickets.EVENTS.get(1), "C")));
    private static final List<OracleSample<HoldRequest>> HOLD = List.of(
            hold("a free seat", SHOWCASE_B1, true),
            hold("a seat another buyer holds", new Seat(Tickets.SHOWCASE, "B", 2), false),
            hold("a seat whose hold lapsed unpaid", new Seat(Tickets.SHOWCASE, "B", 3), true),
            hold("a sold seat", new Seat(Tickets.SHOWCASE, "B", 4), false));
    private static final List<OracleSample<String>> TICKETS = List.of(
            tickets("a keen buyer", Tickets.KEEN_BUYER), tickets("a casual buyer", Tickets.CASUAL_BUYER));
    private static final List<OracleSample<String>> SALES = List.of(
            new OracleSample<>("an arena night", Tickets.EVENTS.get(1), Answer.anyOrder(soldFor(Tickets.EVENTS.get(1)))));

    /** A buyer's tickets question asks for this many, newest first. */
    public static final int NEWEST_TICKETS = 20;

    private TicketOracle() {}

    /** T1: each event's sections in order (A, B, ...), with their seats not sold. */
    public static List<OracleSample<String>> eventPage() {
        return EVENT_PAGE;
    }

    /** T2: a section's seats in seat order, each FREE, HELD or SOLD. */
    public static List<OracleSample<EventSection>> seatMap() {
        return SEAT_MAP;
    }

    /** T3: whether the hold is granted (true) or refused because the seat is held or sold (false). */
    public static List<OracleSample<HoldRequest>> hold() {
        return HOLD;
    }

    /** T5: a buyer's {@value #NEWEST_TICKETS} newest tickets, newest first. */
    public static List<OracleSample<String>> tickets() {
        return TICKETS;
    }

    /** T6: every ticket sold for the event, in any order. */
    public static List<OracleSample<String>> sales() {
        return SALES;
    }

    /** Seats the data never held nor sold and no sample uses: for trying holds and sales of your own. */
    public static List<Seat> freeSeats() {
        Set<Seat> touched = new HashSet<>(Tickets.holds().stream().map(Hold::seat).toList());
        Tickets.sold().forEach(ticket -> touched.add(ticket.seat()));
        touched.add(SHOWCASE_B1);
        return Tickets.seats().stream().filter(seat -> !touched.contains(seat)).toList();
    }

    private static OracleSample<String> eventPage(String label, String eventId) {
        Map<String, Long> sold = Tickets.sold().stream().filter(t -> t.seat().eventId().equals(eventId))
                .collect(Collectors.groupingBy(t -> t.seat().section(), Collectors.counting()));
        List<SectionAvailability> page = Tickets.SECTIONS.stream()
                .map(section -> new SectionAvailability(section, Tickets.SEATS_PER_SECTION - sold.getOrDefault(section, 0L).intValue()))
                .toList();
        return new OracleSample<>(label, eventId, Answer.inOrder(page));
    }

    private static OracleSample<EventSection> seatMap(String label, EventSection section) {
        Map<Seat, SeatState.Status> status = statusOfEverySeat();
        List<SeatState> map = Tickets.seats().stream()
                .filter(seat -> seat.eventId().equals(section.eventId()) && seat.section().equals(section.section()))
                .sorted(Comparator.comparingInt(Seat::number)).map(seat -> new SeatState(seat.number(), status.get(seat))).toList();
        return new OracleSample<>(label, section, Answer.inOrder(map));
    }

    private static OracleSample<HoldRequest> hold(String label, Seat seat, boolean granted) {
        SeatState.Status now = statusOfEverySeat().get(seat);
        if (granted != (now == SeatState.Status.FREE)) {
            throw new IllegalStateException("the data no longer has " + seat + " " + (granted ? "free" : "taken"));
        }
        return new OracleSample<>(label, new HoldRequest(seat, "buyer-700"), Answer.of(granted));
    }

    private static OracleSample<String> tickets(String label, String buyerId) {
        List<Ticket> newest = Tickets.sold().stream().filter(t -> t.buyerId().equals(buyerId))
                .sorted(Comparator.comparing(Ticket::boughtAt).reversed()).limit(NEWEST_TICKETS).toList();
        return new OracleSample<>(label, buyerId, Answer.inOrder(newest));
    }

    private static List<Ticket> soldFor(String eventId) {
        return Tickets.sold().stream().filter(t -> t.seat().eventId().equals(eventId)).toList();
    }

    /** Sold, held until after NOW, or free (never held, or held and not paid in time). */
    private static Map<Seat, SeatState.Status> statusOfEverySeat() {
        Map<Seat, SeatState.Status> status = Tickets.seats().stream()
                .collect(Collectors.toMap(Function.identity(), seat -> SeatState.Status.FREE));
        Tickets.holds().stream().filter(h -> h.expiresAt().isAfter(Tickets.NOW))
                .forEach(h -> status.put(h.seat(), SeatState.Status.HELD));
        Tickets.sold().forEach(t -> status.put(t.seat(), SeatState.Status.SOLD));
        return status;
    }
}
