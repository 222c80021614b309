package workshop.lesson07d;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * The brief's sizes and the data the design is checked on, the same on every run: 4 events of 6
 * sections of 40 seats, some sold, some held, some held once and never paid. Given: you do not
 * need to change it.
 */
public final class Tickets {

    /** The application's "now": every hold and sale in the data is dated from it. */
    public static final Instant NOW = Instant.parse("2025-06-02T18:00:00Z");
    public static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    /** A hold not paid within this long frees its seat by itself. */
    public static final Duration HOLD = Duration.ofMinutes(10);

    // The sizes of the real service, to reason about partitions with (the sample data is smaller).
    /** The largest venue: an arena's sections. */
    public static final int MOST_SECTIONS = 40;
    public static final int MOST_SEATS_PER_SECTION = 1_000;
    public static final int EVENTS_PER_YEAR = 20_000;
    /** A keen fan's tickets in a year; tickets are kept for 10 years. */
    public static final int MOST_TICKETS_PER_BUYER_PER_YEAR = 50;
    public static final int YEARS_KEPT = 10;

    // The sample data.
    public static final List<String> EVENTS = List.of("arena-0601", "arena-0602", "club-0605", "hall-0610");
    public static final List<String> SECTIONS = List.of("A", "B", "C", "D", "E", "F");
    public static final int SEATS_PER_SECTION = 40;
    /** Buys a ticket for every few seats sold: more than 20 tickets. */
    public static final String KEEN_BUYER = "buyer-001";
    /** Owns two tickets. */
    public static final String CASUAL_BUYER = "buyer-900";
    /** Holds a seat until after NOW. */
    public static final String HELD_BY = "buyer-800";
    /** Held seats and never paid: every such hold expired before NOW. */
    public static final String LAPSED_BY = "buyer-801";
    /** The event whose first two sections hold the cases every design must get right (see {@link #generate}). */
    public static final String SHOWCASE = EVENTS.get(0);

    private static final int OTHER_BUYERS = 150;
    /** The sales in the data happened over the month before NOW. */
    private static final Duration SALES = Duration.ofDays(30);

    private static final Data DATA = generate();

    private Tickets() {}

    /** The sample data: every seat of every event, the tickets sold, and the holds placed. */
    public record Data(List<Seat> seats, List<Ticket> sold, List<Hold> holds) {}

    /** Every seat, event by event, section by section, in seat order. */
    public static List<Seat> seats() {
        return DATA.seats();
    }

    /** Every ticket sold, oldest first. */
    public static List<Ticket> sold() {
        return DATA.sold();
    }

    /**
     * Every hold placed on a seat not sold: some still running at NOW, some expired unpaid (their
     * seats are free). Load a hold only while it runs: its expiresAt is after the clock's instant.
     */
    public static List<Hold> holds() {
        return DATA.holds();
    }

    /**
     * Seats 1-3 of the showcase's section A: held, a hold that lapsed, sold; seats 1-4 of its section
     * B: free, held, a hold that lapsed, sold. Every other seat is drawn from a seeded generator.
     */
    private static Data generate() {
        Random random = new Random(2025);
        List<Seat> seats = new ArrayList<>();
        List<Seat> soldSeats = new ArrayList<>();
        List<String> buyers = new ArrayList<>();
        List<Hold> holds = new ArrayList<>();
        for (String event : EVENTS) {
            for (String section : SECTIONS) {
                for (int number = 1; number <= SEATS_PER_SECTION; number++) {
                    Seat seat = new Seat(event, section, number);
                    seats.add(seat);
                    String fixed = event.equals(SHOWCASE) ? fixture(section, number) : "";
                    double draw = random.nextDouble();
                    String fate = !fixed.isEmpty() ? fixed : draw < 0.35 ? "sold" : draw < 0.40 ? "held" : draw < 0.45 ? "lapsed" : "free";
                    switch (fate) {
                        case "sold" -> {
                            soldSeats.add(seat);
                            buyers.add(!fixed.isEmpty() ? CASUAL_BUYER : random.nextInt(10) == 0 ? KEEN_BUYER
                                    : String.format("buyer-%03d", 2 + random.nextInt(OTHER_BUYERS)));
                        }
                        case "held" -> holds.add(new Hold(seat, HELD_BY, NOW.plus(HOLD).minusSeconds(30 + random.nextInt(90))));
                        case "lapsed" -> holds.add(new Hold(seat, LAPSED_BY, NOW.minusSeconds(60 + random.nextInt(3_600))));
                        default -> { }
                    }
                }
            }
        }
        // Each sale its own second, in an order of its own: no two tickets of a buyer share a time.
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < soldSeats.size(); i++) {
            order.add(i);
        }
        Collections.shuffle(order, random);
        long step = SALES.toSeconds() / soldSeats.size();
        Instant first = NOW.minus(SALES);
        List<Ticket> sold = new ArrayList<>();
        for (int i = 0; i < soldSeats.size(); i++) {
            Instant at = first.plusSeconds(order.get(i) * step + random.nextInt((int) step));
            sold.add(new Ticket(soldSeats.get(i), buyers.get(i), at));
        }
        sold.sort(Comparator.comparing(Ticket::boughtAt));
        return new Data(List.copyOf(seats), List.copyOf(sold), List.copyOf(holds));
    }

    private static String fixture(String section, int number) {
        List<String> fates = switch (section) {
            case "A" -> List.of("held", "lapsed", "sold");
            case "B" -> List.of("free", "held", "lapsed", "sold");
            default -> List.of();
        };
        return number <= fates.size() ? fates.get(number - 1) : "";
    }
}
