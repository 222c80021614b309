package workshop.lesson08d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.LargestPartition;
import workshop.testkit.CassandraExtension;

/**
 * What the tables hold, whatever their names: the tables are the ones the catalogue's plans for
 * E1 and E2 read. Every row expires by itself, no partition outgrows a day of its owner's events,
 * and a logged event shows on both screens at once (E3).
 */
@ExtendWith(CassandraExtension.class)
class EventTablesTest {

    private static EventLog log;
    private static Map<String, List<String>> tablesOf;

    /** Loads once per class; while setUp or patterns fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(CqlSession session) {
        if (log != null) {
            return;
        }
        EventLog fresh = new EventLog();
        fresh.setUp(session);
        tablesOf = fresh.patterns().stream().collect(Collectors.toMap(AccessPattern::id, p -> p.plan().tables()));
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
    @DisplayName("no partition of E1's or E2's tables holds more than a day of its terminal's or merchant's events")
    void everyPartitionHoldsADayAtMost(CqlSession session) {
        assertADayAtMost(session, "E1", "terminal", TerminalEvent::terminalId);
        assertADayAtMost(session, "E2", "merchant", TerminalEvent::merchantId);
    }

    /**
     * At the brief's sizes a day is 4 MB of a terminal's events and 80 MB of a merchant's, a month
     * 30 times that: the sample data has too few rows to weigh, so its partitions are counted.
     */
    private static void assertADayAtMost(CqlSession session, String question, String owner, Function<TerminalEvent, String> ownerOf) {
        long mostInADay = TerminalEvents.events().stream()
                .collect(Collectors.groupingBy(e -> ownerOf.apply(e) + "/" + LocalDate.ofInstant(e.at(), ZoneOffset.UTC),
                        Collectors.counting()))
                .values().stream().mapToLong(Long::longValue).max().orElseThrow();
        for (String table : tablesOf.get(question)) {
            Optional<LargestPartition> largest = LargestPartition.of(session, table);
            // The event E3's test logs may share its owner's busiest day: one more row is allowed for it.
            if (largest.isPresent() && largest.get().rows() > mostInADay + 1) {
                fail(String.format("""
                        %s's partition (%s) holds %,d events, though no %s logs more than %,d in one day of the data.
                          At the brief's sizes (%,d events a day of %d bytes a terminal, %d terminals a merchant) a
                          partition of more than a day passes 100 MB, in a month or over the 90 days kept: put a time
                          bucket in the partition key, as wide as the sizes allow.""",
                        table, largest.get().key(), largest.get().rows(), owner, mostInADay, TerminalEvents.BUSIEST_TERMINAL_PER_DAY,
                        TerminalEvents.EVENT_BYTES, TerminalEvents.MOST_TERMINALS_PER_MERCHANT));
            }
        }
    }

    private static Collection<String> tables() {
        return tablesOf.values().stream().flatMap(List::stream).distinct().toList();
    }

    private static String keyspace(CqlSession session) {
        return session.getKeyspace().map(CqlIdentifier::asInternal).orElseThrow();
    }
}
