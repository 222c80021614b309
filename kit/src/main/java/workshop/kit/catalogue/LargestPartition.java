package workshop.kit.catalogue;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import workshop.kit.terminal.Words;

/**
 * The largest partition of a table in the sample data, measured when a pattern declares no growth:
 * its rows counted by the store (COUNT(*) per partition key, over the whole table), the bytes of its
 * rows' values as the driver receives them (the store's per-cell overhead and compression aside),
 * and, when a clustering column is a time, the rows it gained a day between its oldest and newest.
 *
 * @param table      the table
 * @param key        its partition key's values, as text
 * @param rows       rows in it
 * @param valueBytes bytes of its rows' values: summed over its first {@link #SIZED} rows, scaled to all when it holds more
 * @param timeColumn the time clustering column the rate is read from, or null when it has none
 * @param rowsPerDay rows a day between its oldest and newest time, when it has a time column and they differ
 */
public record LargestPartition(String table, String key, long rows, long valueBytes, String timeColumn,
                               OptionalDouble rowsPerDay) {

    /** The rows read to size a partition: enough for a mean, few enough to stay cheap at any size. */
    static final int SIZED = 1_000;
    private static final Set<String> TIMES = Set.of("timestamp", "timeuuid");

    /** Past either rule of thumb already, in the sample data alone. */
    boolean tooBig() {
        return rows > Growth.MOST_ROWS || valueBytes > Growth.MOST_BYTES;
    }

    /** The growth the data shows, for the bucket advice: its rate, and the mean size of its rows. */
    Optional<Growth> growth() {
        return rowsPerDay.isPresent() ? Optional.of(Growth.perDay(rowsPerDay.getAsDouble(),
                (int) Math.max(1, valueBytes / Math.max(1, rows)))) : Optional.empty();
    }

    /** "readings_by_sensor (a-fast-1, 2024-02-29): 144 rows, 7 KB of values, 145 rows a day (by time)". */
    String summary() {
        return String.format("%s (%s): %s, %s%s of values%s", table, key, Words.count(rows, "row"), rows > SIZED ? "about " : "",
                Growth.size(valueBytes),
                rowsPerDay.isPresent() ? String.format(", %s rows a day (by %s)", perDay(rowsPerDay.getAsDouble()), timeColumn)
                        : timeColumn == null ? "" : ", one time (" + timeColumn + ") only: no rate");
    }

    static String perDay(double rate) {
        return rate >= 10 ? String.format("%,.0f", rate) : String.format("%.1f", rate);
    }

    /** Measures the table on the session (bound to its keyspace); empty when the table has no rows. */
    public static Optional<LargestPartition> of(CqlSession session, String table) {
        String keyspace = session.getKeyspace().map(CqlIdentifier::asInternal).orElseThrow(
                () -> new IllegalStateException("the catalogue's session is bound to no keyspace"));
        List<Row> columns = session.execute(session.prepare(
                "SELECT column_name, kind, position, type FROM system_schema.columns WHERE keyspace_name = ? AND table_name = ?")
                .bind(keyspace, table)).all();
        List<String> key = ordered(columns, "partition_key");
        if (key.isEmpty()) {
            return Optional.empty();
        }
        Optional<Row> timed = columns.stream().filter(c -> c.getString("kind").equals("clustering"))
                .filter(c -> TIMES.contains(c.getString("type"))).min(Comparator.comparingInt(c -> c.getInt("position")));
        String time = timed.map(c -> c.getString("column_name")).orElse(null);
        // A timeuuid as the timestamp it holds, so that min and max compare times and return instants.
        String instant = timed.map(c -> c.getString("type").equals("timeuuid") ? "toTimestamp(" + quoted(time) + ")" : quoted(time))
                .orElse(null);
        String keyList = String.join(", ", key.stream().map(LargestPartition::quoted).toList());
        String span = time == null ? "" : ", min(" + instant + "), max(" + instant + ")";
        Row largest = null;
        for (Row row : session.execute(session.prepare("SELECT " + keyList + ", count(*)" + span + " FROM " + quoted(table)
                + " GROUP BY " + keyList).bind())) {
            if (largest == null || row.getLong(key.size()) > largest.getLong(key.size())) {
                largest = row;
            }
        }
        if (largest == null) {
            return Optional.empty();
        }
        long rows = largest.getLong(key.size());
        BoundStatementBuilder partition = session.prepare("SELECT * FROM " + quoted(table) + " WHERE "
                + String.join(" AND ", key.stream().map(k -> quoted(k) + " = ?").toList()) + " LIMIT ?").boundStatementBuilder();
        List<String> keyValues = new ArrayList<>();
        for (int i = 0; i < key.size(); i++) {
            partition.setBytesUnsafe(i, largest.getBytesUnsafe(i));
            keyValues.add(String.valueOf(largest.getObject(i)));
        }
        long sized = 0;
        long bytes = 0;
        for (Row row : session.execute(partition.setInt(key.size(), SIZED).build())) {
            sized++;
            for (int i = 0; i < row.getColumnDefinitions().size(); i++) {
                ByteBuffer value = row.getBytesUnsafe(i);
                bytes += value == null ? 0 : value.remaining();
            }
        }
        long valueBytes = sized == 0 ? 0 : bytes * rows / sized;
        OptionalDouble rate = time == null ? OptionalDouble.empty()
                : rate(rows, largest.getInstant(key.size() + 1).toEpochMilli(), largest.getInstant(key.size() + 2).toEpochMilli());
        return Optional.of(new LargestPartition(table, String.join(", ", keyValues), rows, valueBytes, time, rate));
    }

    /** Rows a day over the span between the oldest and the newest: none when they are the same instant. */
    static OptionalDouble rate(long rows, long oldestMillis, long newestMillis) {
        long span = newestMillis - oldestMillis;
        return rows < 2 || span <= 0 ? OptionalDouble.empty()
                : OptionalDouble.of((rows - 1) * (double) Duration.ofDays(1).toMillis() / span);
    }

    private static List<String> ordered(List<Row> columns, String kind) {
        return columns.stream().filter(c -> c.getString("kind").equals(kind))
                .sorted(Comparator.comparingInt(c -> c.getInt("position"))).map(c -> c.getString("column_name")).toList();
    }

    private static String quoted(String name) {
        return CqlIdentifier.fromInternal(name).asCql(true);
    }
}
