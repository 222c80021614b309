package workshop.lesson08d;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The brief's sizes and the data the design is checked on, the same on every run: 7 terminals of
 * 4 merchants, their events over the 12 days before a fixed clock, which crosses a month's end.
 * Times are UTC. Given: you do not need to change it.
 */
public final class TerminalEvents {

    /** The application's "now": every event in the data happened before it. */
    public static final Instant NOW = Instant.parse("2025-03-02T09:00:00Z");
    public static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    /** The screens show events younger than this. */
    public static final Duration SHOWN = Duration.ofDays(7);
    /** Kept for card disputes this long after they happened, then deleted by themselves. */
    public static final Duration KEPT = Duration.ofDays(90);

    // The sizes of the real service, to reason about partitions with (the sample data is smaller).
    /** A busy checkout: its payments, and a heartbeat every 15 seconds. */
    public static final int BUSIEST_TERMINAL_PER_DAY = 8_000;
    /** One event as stored, with its key and the store's overhead. */
    public static final int EVENT_BYTES = 500;
    public static final int MOST_TERMINALS_PER_MERCHANT = 20;

    // The sample data.
    /** Logs 25 events a day, every day, and two in the same millisecond (see {@link EventOracle#tie}). */
    public static final String BUSY = "t-grocer-1";
    /** Has logged 5 events today, 30 on each earlier day. */
    public static final String EARLY = "t-bakery-1";
    /** Closed yesterday: nothing logged the day before today, some every other day. */
    public static final String CLOSED_YESTERDAY = "t-cafe-1";
    /** Its newest event is more than 8 days old: nothing to show. */
    public static final String SILENT = "t-kiosk-1";
    /** No such terminal. */
    public static final String UNKNOWN = "t-nowhere";
    /** Each terminal's merchant. */
    public static final Map<String, String> MERCHANT_OF = Map.of(
            BUSY, "m-grocer", "t-grocer-2", "m-grocer", EARLY, "m-bakery", SILENT, "m-kiosk",
            CLOSED_YESTERDAY, "m-cafe", "t-cafe-2", "m-cafe", "t-cafe-3", "m-cafe");

    private static final int DAYS = 12;
    private static final List<TerminalEvent> EVENTS = generate();

    private TerminalEvents() {}

    /** Every event in the data, oldest first: all younger than {@link #KEPT}, many older than {@link #SHOWN}. */
    public static List<TerminalEvent> events() {
        return EVENTS;
    }

    private static List<TerminalEvent> generate() {
        Random random = new Random(2503);
        Set<String> ids = new HashSet<>();
        List<TerminalEvent> events = new ArrayList<>();
        Instant today = NOW.truncatedTo(ChronoUnit.DAYS);
        for (String terminal : MERCHANT_OF.keySet().stream().sorted().toList()) {
            for (int daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
                Instant dayStart = today.minus(Duration.ofDays(daysAgo));
                long span = Math.min(Duration.ofDays(1).toMillis(), Duration.between(dayStart, NOW).toMillis());
                for (int i = 0; i < perDay(terminal, daysAgo); i++) {
                    Instant at = dayStart.plusMillis((long) (random.nextDouble() * span));
                    events.add(event(terminal, at, random, ids));
                }
            }
        }
        // The busy terminal's 20th and 21st newest events, a page apart, logged in the same millisecond.
        List<TerminalEvent> busy = events.stream().filter(e -> e.terminalId().equals(BUSY))
                .sorted(TerminalEvent.NEWEST_FIRST).toList();
        TerminalEvent first = busy.get(EventOracle.PAGE - 1);
        TerminalEvent second = busy.get(EventOracle.PAGE);
        events.set(events.indexOf(second), new TerminalEvent(second.terminalId(), second.merchantId(), first.at(),
                second.eventId(), second.kind(), second.amountCents()));
        events.sort(TerminalEvent.NEWEST_FIRST.reversed());
        return List.copyOf(events);
    }

    private static int perDay(String terminal, int daysAgo) {
        return switch (terminal) {
            case BUSY -> 25;
            case EARLY -> daysAgo == 0 ? 5 : 30;
            case SILENT -> daysAgo >= 9 ? 8 : 0;
            case CLOSED_YESTERDAY -> daysAgo == 1 ? 0 : 8;
            default -> 8;
        };
    }

    private static TerminalEvent event(String terminal, Instant at, Random random, Set<String> ids) {
        String id;
        do {
            id = String.format("ev-%010x", random.nextLong() & 0xff_ffff_ffffL);
        } while (!ids.add(id));
        double draw = random.nextDouble();
        TerminalEvent.Kind kind = draw < 0.55 ? TerminalEvent.Kind.APPROVED : draw < 0.65 ? TerminalEvent.Kind.DECLINED
                : draw < 0.97 ? TerminalEvent.Kind.HEARTBEAT : TerminalEvent.Kind.REBOOT;
        long amount = kind == TerminalEvent.Kind.APPROVED || kind == TerminalEvent.Kind.DECLINED ? 100 + random.nextInt(20_000) : 0;
        return new TerminalEvent(terminal, MERCHANT_OF.get(terminal), at.truncatedTo(ChronoUnit.MILLIS), id, kind, amount);
    }
}
