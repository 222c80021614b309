package workshop.lesson08d;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;
import workshop.kit.catalogue.Plan;

/**
 * Reference design. A busy terminal logs 8,000 events of 500 bytes a day: 4 MB a day, 120 MB a
 * month, 360 MB over the 90 days kept, so events_by_terminal is bucketed by UTC day. A merchant's
 * 20 terminals log 80 MB a day: events_by_merchant, a copy on purpose for the dashboard, is
 * bucketed by day too. Both cluster by (at, event_id) newest first, the screens' order, and every
 * row lives 90 days from its event (USING TTL what it has left). A read walks back day by day, at
 * most the 8 days the 7 days shown touch; a cursor is the day, time and id of the last event shown.
 */
public class EventLog implements Catalogue {

    /** The days a 7-day window touches: today and the 7 before it. */
    static final int MOST_BUCKETS = (int) TerminalEvents.SHOWN.toDays() + 1;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private final Clock clock;
    private CqlSession session;
    private PreparedStatement insertByTerminal;
    private PreparedStatement insertByMerchant;
    private Walk terminalLog;
    private Walk merchantLog;

    /** The sample data's clock. */
    public EventLog() {
        this(TerminalEvents.CLOCK);
    }

    public EventLog(Clock clock) {
        this.clock = clock;
    }

    @Override
    public String name() {
        return "terminal event log";
    }

    @Override
    public void setUp(CqlSession newSession) {
        session = newSession;
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS events_by_terminal (
                  terminal_id text, day date, at timestamp, event_id text,
                  merchant_id text, kind text, amount_cents bigint,
                  PRIMARY KEY ((terminal_id, day), at, event_id))
                WITH CLUSTERING ORDER BY (at DESC, event_id DESC)"""));
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS events_by_merchant (
                  merchant_id text, day date, at timestamp, event_id text,
                  terminal_id text, kind text, amount_cents bigint,
                  PRIMARY KEY ((merchant_id, day), at, event_id))
                WITH CLUSTERING ORDER BY (at DESC, event_id DESC)"""));
        insertByTerminal = session.prepare("""
                INSERT INTO events_by_terminal (terminal_id, day, at, event_id, merchant_id, kind, amount_cents)
                VALUES (?, ?, ?, ?, ?, ?, ?) USING TTL ?""");
        insertByMerchant = session.prepare("""
                INSERT INTO events_by_merchant (merchant_id, day, at, event_id, terminal_id, kind, amount_cents)
                VALUES (?, ?, ?, ?, ?, ?, ?) USING TTL ?""");
        terminalLog = new Walk("events_by_terminal", "terminal_id");
        merchantLog = new Walk("events_by_merchant", "merchant_id");
        List<TerminalEvent> events = TerminalEvents.events();
        BulkWriter.write(session, "events", events.size() * 2L, i -> {
            TerminalEvent event = events.get((int) (i / 2));
            return i % 2 == 0 ? byTerminal(event) : byMerchant(event);
        });
    }

    @Override
    public List<AccessPattern> patterns() {
        return List.of(
                EventQuestions.E1.pattern().plan(Plan.range("events_by_terminal").walking(MOST_BUCKETS,
                        "a page walks back day by day until it is full, never past the 7 days shown"))
                        .servedOn(EventOracle.firstPages(), terminal -> page(terminal, Optional.empty()).events()),
                EventQuestions.E2.pattern().plan(Plan.range("events_by_merchant").walking(MOST_BUCKETS,
                        "the dashboard walks back day by day until it has 20 events, never past the 7 days shown"))
                        .servedOn(EventOracle.dashboards(), this::dashboard));
    }

    /** E3: both copies or neither, so the dashboard never shows an event the support screen lacks. */
    public void record(TerminalEvent event) {
        session.execute(BatchStatement.newInstance(DefaultBatchType.LOGGED, byTerminal(event), byMerchant(event)));
    }

    /** E1: from the cursor's position, or from the newest event of today. */
    public EventPage page(String terminalId, Optional<String> cursor) {
        Optional<Position> after = cursor.map(Position::decode);
        List<TerminalEvent> events = terminalLog.newest(terminalId, after);
        Optional<String> next = events.size() < EventOracle.PAGE ? Optional.empty()
                : Optional.of(Position.of(events.get(events.size() - 1)).encode());
        return new EventPage(events, next);
    }

    /** E2: the merchant's newest page, walked back from today. */
    public List<TerminalEvent> dashboard(String merchantId) {
        return merchantLog.newest(merchantId, Optional.empty());
    }

    private BoundStatement byTerminal(TerminalEvent e) {
        return insertByTerminal.bind(e.terminalId(), day(e.at()), e.at(), e.eventId(), e.merchantId(), e.kind().name(),
                e.amountCents(), ttl(e));
    }

    private BoundStatement byMerchant(TerminalEvent e) {
        return insertByMerchant.bind(e.merchantId(), day(e.at()), e.at(), e.eventId(), e.terminalId(), e.kind().name(),
                e.amountCents(), ttl(e));
    }

    /** What the event has left of its 90 days, at least a second (a TTL of 0 would keep it forever). */
    private int ttl(TerminalEvent event) {
        Instant deleted = event.at().plus(TerminalEvents.KEPT);
        return (int) Math.max(1, Duration.between(clock.instant(), deleted).toSeconds());
    }

    private static LocalDate day(Instant at) {
        return LocalDate.ofInstant(at, ZoneOffset.UTC);
    }

    /** Where a page stopped: the last event shown, by its bucket and its place in the clustering order. */
    private record Position(LocalDate day, Instant at, String eventId) {

        static Position of(TerminalEvent event) {
            return new Position(EventLog.day(event.at()), event.at(), event.eventId());
        }

        String encode() {
            String plain = day + "|" + at.toEpochMilli() + "|" + eventId;
            return ENCODER.encodeToString(plain.getBytes(StandardCharsets.UTF_8));
        }

        static Position decode(String cursor) {
            String[] parts = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8).split("\\|", 3);
            return new Position(LocalDate.parse(parts[0]), Instant.ofEpochMilli(Long.parseLong(parts[1])), parts[2]);
        }
    }

    /**
     * One table's walk back through its day buckets: each read asks only for the events still
     * missing, after the position when there is one, and the oldest day only for events still shown.
     */
    private final class Walk {

        private final PreparedStatement fromTop;
        private final PreparedStatement afterPosition;

        Walk(String table, String owner) {
            String columns = "terminal_id, merchant_id, at, event_id, kind, amount_cents";
            // tag::the-page-after[]
            fromTop = session.prepare("SELECT " + columns + " FROM " + table + " WHERE " + owner
                    + " = ? AND day = ? AND (at) > (?) LIMIT ?");
            afterPosition = session.prepare("SELECT " + columns + " FROM " + table + " WHERE " + owner
                    + " = ? AND day = ? AND (at, event_id) < (?, ?) AND (at) > (?) LIMIT ?");
            // end::the-page-after[]
        }

        List<TerminalEvent> newest(String key, Optional<Position> after) {
            Instant shownAfter = clock.instant().minus(TerminalEvents.SHOWN);
            LocalDate oldest = day(shownAfter);
            LocalDate bucket = after.map(Position::day).orElse(day(clock.instant()));
            List<TerminalEvent> events = new ArrayList<>();
            Optional<Position> from = after;
            while (events.size() < EventOracle.PAGE && !bucket.isBefore(oldest)) {
                int missing = EventOracle.PAGE - events.size();
                BoundStatement statement = from.isPresent()
                        ? afterPosition.bind(key, bucket, from.get().at(), from.get().eventId(), shownAfter, missing)
                        : fromTop.bind(key, bucket, shownAfter, missing);
                for (Row row : session.execute(statement)) {
                    events.add(event(row));
                }
                from = Optional.empty();
                bucket = bucket.minusDays(1);
            }
            return events;
        }
    }

    private static TerminalEvent event(Row row) {
        return new TerminalEvent(row.getString("terminal_id"), row.getString("merchant_id"), row.getInstant("at"),
                row.getString("event_id"), TerminalEvent.Kind.valueOf(row.getString("kind")), row.getLong("amount_cents"));
    }
}
