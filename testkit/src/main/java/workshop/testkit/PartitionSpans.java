package workshop.testkit;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.type.DataTypes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How much time the partitions of a table cover, whatever its names and keys: a test writes rows
 * whose ids it knows the time of, through the code under test, then reads the table whole and
 * finds, in each partition, the oldest and newest of those rows by an id in any text column.
 * The width of a design's time bucket is at least its widest partition's span.
 */
public final class PartitionSpans {

    /** One partition's rows of the test's own: how many, and the oldest and newest time among them. */
    public record Span(String key, int rows, Instant oldest, Instant newest) {

        public Duration width() {
            return Duration.between(oldest, newest);
        }
    }

    private PartitionSpans() {}

    /** Every partition of the table holding a row with one of these ids, widest first. */
    public static List<Span> of(CqlSession session, String table, Map<String, Instant> timeOfId) {
        String keyspace = session.getKeyspace().map(CqlIdentifier::asInternal).orElseThrow(
                () -> new IllegalStateException("the session is bound to no keyspace"));
        List<String> key = session.execute(session.prepare("SELECT column_name, kind, position FROM system_schema.columns"
                        + " WHERE keyspace_name = ? AND table_name = ?").bind(keyspace, table)).all().stream()
                .filter(c -> c.getString("kind").equals("partition_key"))
                .sorted(Comparator.comparingInt(c -> c.getInt("position"))).map(c -> c.getString("column_name")).toList();
        Map<String, List<Instant>> byPartition = new LinkedHashMap<>();
        for (Row row : session.execute(session.prepare("SELECT * FROM " + quoted(table)).bind())) {
            Instant at = timeOf(row, timeOfId);
            if (at != null) {
                byPartition.computeIfAbsent(keyOf(row, key), k -> new ArrayList<>()).add(at);
            }
        }
        return byPartition.entrySet().stream()
                .map(e -> new Span(e.getKey(), e.getValue().size(), e.getValue().stream().min(Comparator.naturalOrder()).orElseThrow(),
                        e.getValue().stream().max(Comparator.naturalOrder()).orElseThrow()))
                .sorted(Comparator.comparing(Span::width).reversed()).toList();
    }

    private static Instant timeOf(Row row, Map<String, Instant> timeOfId) {
        for (ColumnDefinition column : row.getColumnDefinitions()) {
            if (column.getType().equals(DataTypes.TEXT) && !row.isNull(column.getName())) {
                Instant at = timeOfId.get(row.getString(column.getName()));
                if (at != null) {
                    return at;
                }
            }
        }
        return null;
    }

    private static String keyOf(Row row, List<String> key) {
        List<String> values = new ArrayList<>();
        for (String column : key) {
            values.add(String.valueOf(row.getObject(CqlIdentifier.fromInternal(column))));
        }
        return String.join(", ", values);
    }

    private static String quoted(String name) {
        return CqlIdentifier.fromInternal(name).asCql(true);
    }
}
