package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * How many partition writes each table of the session's keyspace applied while some work ran,
 * counted by the store itself: every node's system_views.local_write_latency counts the mutations
 * its tables applied (an insert, an update, a counter increment, each partition of a batch), so
 * it sees whatever statements, batches or async calls the code chose. A trace would say the same
 * for a few writes; a fan-out of thousands would take longer to trace than to run. With
 * replication factor 1, as in the workshop's keyspaces, one write is one partition written once.
 */
public final class TableWrites {

    /** A pause long enough for a write already sent to be applied on a busy machine. */
    private static final Duration SETTLE_PAUSE = Duration.ofMillis(200);
    private static final Duration SETTLE_AT_MOST = Duration.ofSeconds(10);

    private TableWrites() {}

    /** What the work returned, and the partition writes it applied per table (tables it did not write left out). */
    public record Counted<T>(T value, Map<String, Long> byTable) {

        public long total() {
            return byTable.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /**
     * Runs the work and counts the writes the keyspace's tables applied meanwhile, on every node.
     * Writes the work sent asynchronously and did not wait for still count: the counts are read
     * again until two readings agree, so a fan-out left in flight cannot look cheaper than it is.
     */
    public static <T> Counted<T> during(CqlSession session, Supplier<T> work) {
        Map<String, Long> before = counts(session);
        T value = work.get();
        Map<String, Long> after = settled(session);
        Map<String, Long> written = new TreeMap<>();
        after.forEach((table, count) -> {
            long delta = count - before.getOrDefault(table, 0L);
            if (delta > 0) {
                written.put(table, delta);
            }
        });
        return new Counted<>(value, written);
    }

    private static Map<String, Long> settled(CqlSession session) {
        Map<String, Long> last = counts(session);
        long giveUpAt = System.nanoTime() + SETTLE_AT_MOST.toNanos();
        while (System.nanoTime() < giveUpAt) {
            sleep(SETTLE_PAUSE);
            Map<String, Long> now = counts(session);
            if (now.equals(last)) {
                return now;
            }
            last = now;
        }
        return last;
    }

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while counting writes", e);
        }
    }

    private static Map<String, Long> counts(CqlSession session) {
        String keyspace = session.getKeyspace().map(CqlIdentifier::asInternal)
                .orElseThrow(() -> new IllegalStateException("counting a keyspace's writes needs a session bound to it"));
        Map<String, Long> counts = new TreeMap<>();
        for (Node node : session.getMetadata().getNodes().values()) {
            SimpleStatement onNode = SimpleStatement.newInstance(
                    "SELECT table_name, count FROM system_views.local_write_latency WHERE keyspace_name = ?", keyspace)
                    .setNode(node);
            for (Row row : session.execute(onNode)) {
                counts.merge(row.getString("table_name"), ((Number) row.getObject("count")).longValue(), Long::sum);
            }
        }
        return counts;
    }
}
