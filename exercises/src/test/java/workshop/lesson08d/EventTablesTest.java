package workshop.lesson08d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
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
import workshop.testkit.CassandraExtension;
import workshop.testkit.PartitionSpans;

/**
 * What the tables hold, whatever their names: the tables are the ones the catalogue's plans for
 * E1 and E2 read. Every row expires by itself, no partition passes 100 MB at the brief's sizes
 * (measured by a terminal of the test's own, logged over 60 days), the walks declared are no
 * longer than those buckets need, and a logged event shows on both screens at once (E3).
 */
@ExtendWith(CassandraExtension.class)
class EventTablesTest {

    private static EventLog log;
    private static Map<String, Plan> plans;
    private static Map<String, List<String>> tablesOf;
    private static BucketProbe probe;

    /** Loads once per class; while setUp or patterns fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(CqlSession session) {
        if (log != null) {
            return;
        }
        EventLog fresh = new EventLog();
        fresh.setUp(session);
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
        log.record(event);
        assertEquals(Optional.of(event), log.page(TerminalEvents.BUSY, Optional.empty()).events().stream().findFirst(),
                "the support screen shows the event just logged first");
        assertEquals(Optional.of(event), log.dashboard(event.merchantId()).stream().findFirst(),
                "the merchant's dashboard shows the event just logged first: record writes every table that shows events");
    }

    @Test
    @DisplayName("every row of every table E1 and E2 read expires by itself within 90 days")
    void everyEventExpiresByItself(CqlSession session) {
        log.record(new TerminalEvent("t-new-1", "m-new", TerminalEvents.NOW.minusMillis(1), "ev-ttl-check",
                TerminalEvent.Kind.HEARTBEAT, 0));
        long most = TerminalEvents.KEPT.toSeconds();
        for (String table : tables()) {
            int byDefault = session.execute(session.prepare("SELECT default_time_to_live FROM system_schema.tables"
                    + " WHERE keyspace_name = ? AND table_name = ?").bind(keyspace(session), table)).one().getInt(0);
            if (byDefault > 0 && byDefault <= most) {
                continue;
            }
            List<String> regular = session.execute(session.prepare("SELECT column_name, kind FROM system_schema.columns"
                    + " WHERE keyspace_name = ? AND table_name = ?").bind(keyspace(session), table)).all().stream()
                    .filter(c -> c.getString("kind").equals("regular")).map(c -> c.getString("column_name")).toList();
            if (regular.isEmpty()) {
                fail(table + " holds events but has no column outside its key and no default_time_to_live: give it"
                        + " WITH default_time_to_live = " + most + ", so its rows expire by themselves.");
            }
            String ttls = regular.stream().map(c -> "TTL(\"" + c + "\")").collect(Collectors.joining(", "));
            for (Row row : session.execute("SELECT " + ttls + " FROM \"" + table + "\"")) {
                long ttl = 0;
                for (int i = 0; i < regular.size(); i++) {
                    ttl = Math.max(ttl, row.isNull(i) ? 0 : row.getInt(i));
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
