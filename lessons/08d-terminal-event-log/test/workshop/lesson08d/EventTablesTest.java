package workshop.lesson08d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.WriteType;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Plan;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.PartitionSpans;
import workshop.testkit.StatementLog;

/**
 * What the tables hold, whatever their names: the tables are the ones the catalogue's plans for
 * E1 and E2 read. Every row expires by itself, no partition passes 100 MB at the brief's sizes
 * (measured by a terminal of the test's own, logged over 60 days), the walks declared are no
 * longer than those buckets need, and a logged event shows on both screens at once (E3).
 */
@ExtendWith(CassandraExtension.class)
class EventTablesTest {

    /** The id of the event the TTL test logs at the clock's now. */
    static final String LOGGED_NOW = "ev-ttl-check";

    private static EventLog log;
    private static StatementLog statements;
    private static Map<String, Plan> plans;
    private static Map<String, List<String>> tablesOf;
    private static BucketProbe probe;

    /** Loads once per class; while setUp or patterns fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        if (log != null) {
            return;
        }
        // The design's statements, writes too, run where the check sees that each was prepared once and bound.
        statements = StatementLog.around(traced);
        EventLog fresh = new EventLog();
        fresh.setUp(statements.session());
        plans = fresh.patterns().stream().collect(Collectors.toMap(AccessPattern::id, AccessPattern::plan));
        tablesOf = plans.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().tables()));
        probe = BucketProbe.logged(fresh);
        log = fresh;
    }

    @Test
    @DisplayName("E3: an event logged now is the newest on its terminal's page and on its merchant's dashboard")
    void aLoggedEventShowsOnBothScreens() {
        TerminalEvent event = new TerminalEvent(TerminalEvents.BUSY, TerminalEvents.MERCHANT_OF.get(TerminalEvents.BUSY),
                TerminalEvents.NOW.minusMillis(1), "ev-logged-now", TerminalEvent.Kind.APPROVED, 1_250);
        List<StatementLog.Ran> reads = statements.record(() -> {
            log.record(event);
            return true;
        }).statements().stream().filter(StatementLog.Ran::read).toList();
        if (!reads.isEmpty()) {
            fail(String.format("""
                    E3 read before it wrote: %s
                      An event is logged %s at peak, with a p99 of %d ms: each read before its writes is a
                      read the store serves for nothing. Writing a row whose key exists overwrites it with the
                      same values, so there is nothing to check first: write every table that shows events,
                      and read nothing.""",
                    reads.stream().map(StatementLog.Ran::describe).collect(Collectors.joining("; ")),
                    EventQuestions.E3.brief().rate(), EventQuestions.E3.brief().p99().toMillis()));
        }
        assertEquals(Optional.of(event), log.page(TerminalEvents.BUSY, Optional.empty()).events().stream().findFirst(),
                "the support screen shows the event just logged first");
        assertEquals(Optional.of(event), log.dashboard(event.merchantId()).stream().findFirst(),
                "the merchant's dashboard shows the event just logged first: record writes every table that shows events");
    }

    @Test
    @DisplayName("E3: an event whose first write is applied and never answered shows on both screens or on neither")
    void aTimedOutRecordLeavesBothCopiesOrNeither() {
        String merchant = TerminalEvents.MERCHANT_OF.get(TerminalEvents.BUSY);
        TerminalEvent event = new TerminalEvent(TerminalEvents.BUSY, merchant, TerminalEvents.NOW.minusMillis(2), "ev-timed-out",
                TerminalEvent.Kind.APPROVED, 990);
        Node coordinator = statements.session().getMetadata().getNodes().values().iterator().next();
        // Applied, but the answer is lost: record's first write, whatever it holds, and nothing after it.
        statements.failAfterApplying(s -> !s.read(), new WriteTimeoutException(coordinator, ConsistencyLevel.ONE, 0, 1,
                WriteType.BATCH));
        String outcome = statements.record(() -> {
            try {
                log.record(event);
                return "returned";
            } catch (WriteTimeoutException timeout) {
                return "threw the timeout";
            }
        }).value();
        boolean onPage = log.page(TerminalEvents.BUSY, Optional.empty()).events().contains(event);
        boolean onDashboard = log.dashboard(merchant).contains(event);
        if (onPage != onDashboard) {
            fail(String.format("""
                    record's first write was applied and timed out (its answer lost), record %s, and the event
                      now shows on the %s only. E3's rule: an event shows on both screens or on neither. Copies
                      written one after the other part at the first write that fails: write them in one logged
                      batch, which the store finishes once it has begun (the batch log), whatever the client hears.""",
                    outcome, onPage ? "support screen" : "dashboard"));
        }
    }

    @Test
    @DisplayName("every row of every table E1 and E2 read expires by itself within 90 days")
    void everyEventExpiresByItself(CqlSession session) {
        log.record(new TerminalEvent("t-new-1", "m-new", TerminalEvents.NOW.minusMillis(1), LOGGED_NOW,
                TerminalEvent.Kind.HEARTBEAT, 0));
        long most = TerminalEvents.KEPT.toSeconds();
        for (String table : tables()) {
            int byDefault = session.execute(session.prepare("SELECT default_time_to_live FROM system_schema.tables"
                    + " WHERE keyspace_name = ? AND table_name = ?").bind(keyspace(session), table)).one().getInt(0);
            if (byDefault > 0 && byDefault <= most) {
                assertKeptLongEnough(table, "its default_time_to_live", byDefault);
                continue;
            }
            List<Row> columns = session.execute(session.prepare("SELECT column_name, kind, type FROM system_schema.columns"
                    + " WHERE keyspace_name = ? AND table_name = ?").bind(keyspace(session), table)).all();
            List<String> regular = columns.stream()
                    .filter(c -> c.getString("kind").equals("regular")).map(c -> c.getString("column_name")).toList();
            List<String> texts = columns.stream()
                    .filter(c -> c.getString("type").equals("text")).map(c -> c.getString("column_name")).toList();
            if (regular.isEmpty()) {
                fail(table + " holds events but has no column outside its key and no default_time_to_live: give it"
                        + " WITH default_time_to_live = " + most + ", so its rows expire by themselves.");
            }
            String ttls = regular.stream().map(c -> "TTL(\"" + c + "\")").collect(Collectors.joining(", "));
            String ids = texts.stream().map(c -> ", \"" + c + "\"").collect(Collectors.joining());
            for (Row row : session.execute("SELECT " + ttls + ids + " FROM \"" + table + "\"")) {
                long ttl = 0;
                for (int i = 0; i < regular.size(); i++) {
                    ttl = Math.max(ttl, row.isNull(i) ? 0 : row.getInt(i));
                }
                for (int i = regular.size(); i < regular.size() + texts.size(); i++) {
                    if (LOGGED_NOW.equals(row.getString(i))) {
                        assertKeptLongEnough(table, "the row of the event logged now", ttl);
                    }
                }
                if (ttl <= 0 || ttl > most) {
                    fail(String.format("A row of %s %s: every event is deleted %d days after it happened, by itself."
                            + " Write each row USING TTL the seconds it has left, or give the table default_time_to_live = %d.",
                            table, ttl <= 0 ? "has no TTL and lives forever" : "lives " + ttl / 86_400 + " days more",
                            TerminalEvents.KEPT.toDays(), most));
                }
            }
        }
    }

    /** An event logged now lives the 90 days it is kept, give or take a day: not a TTL counted in another unit. */
    private static void assertKeptLongEnough(String table, String what, long ttl) {
        long least = TerminalEvents.KEPT.minusDays(1).toSeconds();
        if (ttl > 0 && ttl < least) {
            fail(String.format("""
                    In %s, %s has a TTL of %,d seconds (%s): an event is kept %d days after it happened, so an
                      event logged now lives %,d seconds. A TTL is counted in seconds: Duration.toSeconds(), not
                      toMinutes() or toMillis().""", table, what, ttl, BucketProbe.describe(Duration.ofSeconds(ttl)),
                    TerminalEvents.KEPT.toDays(), TerminalEvents.KEPT.toSeconds()));
        }
    }

    @Test
    @DisplayName("no partition of E1's or E2's tables passes 100 MB at the brief's sizes")
    void noPartitionPassesAHundredMegabytes(CqlSession session) {
        for (String question : List.of("E1", "E2")) {
            for (String table : tablesOf.get(question)) {
                PartitionSpans.Span widest = widest(session, question, table);
                long bytes = BucketProbe.bytesAtTheBriefsSizes(widest);
                if (bytes > BucketProbe.MOST_BYTES) {
                    fail(String.format("""
                            No partition passes 100 MB: %s's partition (%s) holds events logged %s apart, and at the
                              brief's sizes (%,d events a day of %d bytes a terminal, %d terminals a merchant) %s of them
                              is %,d MB. Put a time bucket in the partition key, as wide as the sizes allow and no wider:
                              a terminal gathers %,d MB a day, a merchant %,d MB.""",
                            table, widest.key(), BucketProbe.describe(widest.width()), TerminalEvents.BUSIEST_TERMINAL_PER_DAY,
                            TerminalEvents.EVENT_BYTES, TerminalEvents.MOST_TERMINALS_PER_MERCHANT,
                            BucketProbe.describe(widest.width()), bytes / 1_000_000, BucketProbe.TERMINAL_BYTES_A_DAY / 1_000_000,
                            BucketProbe.MERCHANT_BYTES_A_DAY / 1_000_000));
                }
            }
        }
    }

    @Test
    @DisplayName("the walk E1 and E2 declare is no longer than their own buckets need for the 7 days shown")
    void theDeclaredWalksFitTheBuckets(CqlSession session) {
        for (String question : List.of("E1", "E2")) {
            Plan plan = plans.get(question);
            for (String table : tablesOf.get(question)) {
                PartitionSpans.Span widest = widest(session, question, table);
                Duration width = widest.width();
                if (width.isZero() || BucketProbe.bytesAtTheBriefsSizes(widest) > BucketProbe.MOST_BYTES) {
                    continue; // no two probe events share a partition, or too many do: the 100 MB test speaks for it
                }
                long needed = PagingBounds.bucketsTouched(TerminalEvents.SHOWN, width);
                if (plan.mostPartitions() > needed) {
                    fail(String.format("""
                            %s declares a walk of up to %d partitions, but %s's buckets are at least %s wide: the %d days
                              the screens show touch at most %d of them. The screens show the last %d days only: declare
                              .walking(%d, why), and stop the walk at the bucket holding the oldest moment shown.""",
                            question, plan.mostPartitions(), table, BucketProbe.describe(width), TerminalEvents.SHOWN.toDays(),
                            needed, TerminalEvents.SHOWN.toDays(), needed));
                }
            }
        }
    }

    private static PartitionSpans.Span widest(CqlSession session, String question, String table) {
        List<PartitionSpans.Span> spans = probe.spans(session, table);
        if (spans.isEmpty()) {
            fail(String.format("%s reads %s, but none of its partitions holds an event logged by record() for terminal %s"
                    + " of merchant %s, whose id is in the partition key: record writes every table that shows events.",
                    question, table, BucketProbe.TERMINAL, BucketProbe.MERCHANT));
        }
        return spans.get(0);
    }

    private static Collection<String> tables() {
        return tablesOf.values().stream().flatMap(List::stream).distinct().toList();
    }

    private static String keyspace(CqlSession session) {
        return session.getKeyspace().map(CqlIdentifier::asInternal).orElseThrow();
    }
}
