package workshop.lesson08d;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;

/**
 * Design a Terminal Event Log (tests: EventLogCatalogueTest, PagingTest, EventTablesTest), after
 * lesson 08: what a payment service's card terminals log, from its brief alone. The questions,
 * their peak rates and p99 targets are in {@link EventQuestions} (./jbang lesson08d prints them):
 *   E1  a terminal's last 7 days of events, newest first, 20 a page
 *       by a cursor (the support screen)                                   1,000/s   50 ms
 *   E2  a merchant's 20 newest events of the last 7 days, all terminals
 *       (the dashboard)                                                      600/s   50 ms
 *   E3  a terminal logs an event, shown by E1 and E2 from then on           5,000/s   20 ms
 * Sizes: a busy terminal logs 8,000 events a day of 500 bytes, a merchant has up to 20 terminals,
 * events are kept 90 days. The sample data is TerminalEvents (7 terminals, 12 days, a fixed clock).
 *
 * The rules the tests hold you to:
 *   - the newest first; events of the same millisecond, the greater eventId first
 *   - a page starts where the last one stopped, whatever the events' times: nothing twice, nothing
 *     skipped; the cursor is a string the app hands back unread, so it may hold what you need
 *   - no read looks back further than the 7 days shown, even for a terminal with nothing to show
 *   - an event is deleted 90 days after it happened, by itself; the tests read the TTL of a column
 *     outside the key, or the table's default_time_to_live, in every table E1 and E2 read; an
 *     event logged now lives the 90 days
 *   - logging an event (E3) reads nothing, and every statement is prepared once and bound
 *   - every busy question (500/s or more) reads one partition, or walks back one partition at a
 *     time as far as the 7 days; no partition passes 100 MB at the brief's sizes (the tests log a
 *     terminal of their own over 60 days and weigh what each partition gathers); a walk declared
 *     .walking(n, why) says your bucket width: the 7 days shown over n - 1, and each page may read
 *     the buckets of that width between where it starts and its oldest event
 *   - every answer is the oracle's: declare E1 and E2 served on EventOracle's samples
 *     ({@code pattern().plan(...).servedOn(EventOracle.firstPages(), ...)}); E3 is graded by a test
 * Table names, keys and columns are yours: the tests grade answers and measured cost only.
 *
 * Plan first: declare the patterns, then review them with no table built:
 *   ./jbang catalogue --plan lessons/08d-terminal-event-log/src/workshop/lesson08d lessons/08d-terminal-event-log/given/workshop/lesson08d
 * Declare your tables in plannedTables() too (TableShape.table(...)) and the review draws their keys;
 * the check then fails a schema built otherwise. Every check draws your design in .workshop/diagrams/.
 */
public class EventLog implements Catalogue {

    private final Clock clock;

    /** The sample data's clock: what the catalogue check runs. */
    public EventLog() {
        this(TerminalEvents.CLOCK);
    }

    /** @param clock "now", read on every call: what the screens show and what an event has left to live */
    public EventLog(Clock clock) {
        this.clock = clock;
    }

    @Override
    public String name() {
        return "terminal event log";
    }

    /** Creates your tables and loads TerminalEvents.events(). */
    @Override
    public void setUp(CqlSession session) {
        // TODO: design the tables from the questions and the sizes, then load the sample data
        throw new UnsupportedOperationException("TODO: design the tables from EventQuestions and load TerminalEvents' data");
    }

    @Override
    public List<AccessPattern> patterns() {
        // TODO: E1 and E2: EventQuestions.En.pattern().plan(...), served on EventOracle's samples
        throw new UnsupportedOperationException("TODO: declare the catalogue: a plan and the oracle's samples per question");
    }

    /** E3: logs the event, so that E1 and E2 show it from now on. */
    public void record(TerminalEvent event) {
        throw new UnsupportedOperationException("TODO: log an event (E3)");
    }

    /**
     * E1: a page of the terminal's events shown, newest first: the newest when cursor is empty,
     * else the page after the one that handed out the cursor.
     */
    public EventPage page(String terminalId, Optional<String> cursor) {
        throw new UnsupportedOperationException("TODO: a page of a terminal's log (E1)");
    }

    /** E2: the merchant's EventOracle.PAGE newest events shown, newest first. */
    public List<TerminalEvent> dashboard(String merchantId) {
        throw new UnsupportedOperationException("TODO: a merchant's dashboard (E2)");
    }
}
