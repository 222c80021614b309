package workshop.kit.catalogue;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import workshop.kit.terminal.Words;

/**
 * The largest partition of a table in the sample data, measured when a pattern declares no growth:
 * its rows counted from the table's keys read in token order (a plain paged SELECT of the key
 * columns, which Cassandra pages on every table shape), the bytes of its rows' values as the driver
 * receives them (the store's per-cell overhead and compression aside), and, when a clustering
 * column is a time, the rows it gained a day between its oldest and newest. A table past
 * {@link #MOST_SCANNED} rows is sampled: the partitions of its first rows in token order, which the
 * partitioner's hash spreads at random over the keys.
 *
 * @param table      the table
 * @param key        its partition key's values, as text
 * @param rows       rows in it
 * @param valueBytes bytes of its rows' values: summed over its first {@link #SIZED} rows, scaled to all when it holds more
 * @param timeColumn the time clustering column the rate is read from, or null when it has none
 * @param rowsPerDay rows a day between its oldest and newest time, when it has a time column and they differ
 * @param shape      what else bounds the table's partitions: clustering columns, a bucket in the key, a TTL
 *                   (the TTL its rows carry, read from the partition's first {@link #SIZED} rows, else the table's)
 */
public record LargestPartition(String table, String key, long rows, long valueBytes, String timeColumn,
                               OptionalDouble rowsPerDay, Shape shape) {

    /**
     * What the schema says about how a table's partitions can grow.
     *
     * @param clustered      whether it has clustering columns (without them a partition is one row)
     * @param bucket         a column of its partition key that holds a time or a bucket of one, or null
     * @param ttl            how long its rows live: the longest TTL they were written with, else the
     *                       table's default; zero when a row is kept until deleted
     * @param ttlWritten     whether the ttl is the one the rows were written with ({@code USING TTL}),
     *                       rather than the table's default
     * @param partitionsRead partitions counted; fewer than the table's when it was sampled
     * @param sampled        whether the count stopped at {@link #MOST_SCANNED} rows
     */
    public record Shape(boolean clustered, String bucket, Duration ttl, boolean ttlWritten, long partitionsRead,
                        boolean sampled) {

        /** A clustered table with nothing to bound it, counted whole: the shape most tests build. */
        public static Shape clusteredUnbounded(long partitionsRead) {
            return new Shape(true, null, Duration.ZERO, false, partitionsRead, false);
        }

        /** "rows written with a TTL of 3 days", "rows kept 60 days by the table's default TTL". */
        String keptBy() {
            return ttlWritten ? "rows written with a TTL of " + Growth.length(ttl)
                    : "rows kept " + Growth.length(ttl) + " by the table's default TTL";
        }
    }

    /** The rows read to size a partition: enough for a mean, few enough to stay cheap at any size. */
    static final int SIZED = 1_000;
    /** Rows counted before the count becomes a sample: a few seconds of reading keys on a laptop. */
    static final long MOST_SCANNED = 1_000_000;
    private static final Set<String> TIMES = Set.of("timestamp", "timeuuid", "date");
    /**
     * Types whose column is one cell, so that TTL() reads it: not a counter (it has no TTL), not a
     * collection or a user type unless frozen (their cells each carry their own).
     */
    private static final Set<String> ONE_CELL = Set.of("ascii", "bigint", "blob", "boolean", "date", "decimal", "double",
            "duration", "float", "inet", "int", "smallint", "text", "time", "timestamp", "timeuuid", "tinyint", "uuid",
            "varchar", "varint");
    /** Names a bucket column goes by when its type says nothing of time (an int of days, say). */
    private static final List<String> BUCKET_NAMES = List.of("bucket", "day", "week", "month", "year", "hour", "date");

    /** Past either rule of thumb already, in the sample data alone. */
    boolean tooBig() {
        return rows > Growth.MOST_ROWS || valueBytes > Growth.MOST_BYTES;
    }

    /** The mean bytes of a row's values, at least one. */
    int rowBytes() {
        return (int) Math.max(1, valueBytes / Math.max(1, rows));
    }

    /** The growth the data shows, for the projection and the bucket advice: its rate, and the mean size of its rows. */
    Optional<Growth> growth() {
        if (rowsPerDay.isEmpty()) {
            return Optional.empty();
        }
        Growth measured = Growth.perDay(rowsPerDay.getAsDouble(), rowBytes());
        return Optional.of(shape.ttl().isZero() ? measured : measured.keptFor(shape.ttl(), shape.keptBy()));
    }

    /** "readings_by_sensor (a-fast-1, 2024-02-29): 144 rows, 7 KB of values, 145 rows a day (by time)". */
    String summary() {
        return String.format("%s (%s): %s, %s%s of values%s%s", table, key, Words.count(rows, "row"), rows > SIZED ? "about " : "",
                Growth.size(valueBytes),
                rowsPerDay.isPresent() ? String.format(", %s rows a day (by %s), %s", perDay(rowsPerDay.getAsDouble()), timeColumn,
                        growth().orElseThrow().retained())
                        : timeColumn == null ? "" : ", one time (" + timeColumn + ") only: no rate",
                shape.sampled() ? String.format(", largest of %,d partitions sampled in token order", shape.partitionsRead()) : "");
    }

    static String perDay(double rate) {
        return rate >= 10 ? String.format(Locale.ROOT, "%,.0f", rate) : String.format(Locale.ROOT, "%.1f", rate);
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
        String keyList = String.join(", ", key.stream().map(LargestPartition::quoted).toList());
        // A timeuuid or a date as the instant it holds, so that times compare and rates come in days.
        String instant = timed.map(c -> c.getString("type").equals("timestamp") ? quoted(time) : "toTimestamp(" + quoted(time) + ")")
                .map(expression -> ", " + expression).orElse("");
        Counted largest = new Counted();
        Counted current = null;
        long scanned = 0;
        long partitions = 0;
        boolean sampled = false;
        // Rows come in token order, each partition's together: a change of key ends a partition.
        for (Row row : session.execute(session.prepare("SELECT " + keyList + instant + " FROM " + quoted(table)).bind())) {
            if (current == null || !current.holds(row, key.size())) {
                if (scanned >= MOST_SCANNED) {
                    sampled = true;
                    break;
                }
                largest = Counted.larger(largest, current);
                current = new Counted(row, key.size());
                partitions++;
            }
            current.add(time == null ? null : row.getInstant(key.size()));
            scanned++;
        }
        largest = Counted.larger(largest, current);
        if (largest.rows == 0) {
            return Optional.empty();
        }
        long sized = 0;
        long bytes = 0;
        for (Row row : session.execute(firstRows(session, table, "*", key, largest))) {
            sized++;
            for (int i = 0; i < row.getColumnDefinitions().size(); i++) {
                ByteBuffer value = row.getBytesUnsafe(i);
                bytes += value == null ? 0 : value.remaining();
            }
        }
        long valueBytes = sized == 0 ? 0 : bytes * largest.rows / sized;
        OptionalDouble rate = time == null || largest.oldest == null ? OptionalDouble.empty()
                : rate(largest.rows, largest.oldest.toEpochMilli(), largest.newest.toEpochMilli());
        Duration tableTtl = ttl(session, keyspace, table);
        Optional<Duration> written = writtenTtl(session, table, columns, key, largest);
        Duration kept = written.filter(w -> w.isZero() || w.compareTo(tableTtl) > 0).orElse(tableTtl);
        Shape shape = new Shape(columns.stream().anyMatch(c -> c.getString("kind").equals("clustering")), bucket(columns),
                kept, written.isPresent() && !kept.isZero() && !kept.equals(tableTtl), partitions, sampled);
        return Optional.of(new LargestPartition(table, String.join(", ", largest.keyText), largest.rows, valueBytes, time, rate, shape));
    }

    /** The first {@link #SIZED} rows of the partition, these columns of them. */
    private static BoundStatement firstRows(CqlSession session, String table, String selected, List<String> key, Counted partition) {
        BoundStatementBuilder rows = session.prepare("SELECT " + selected + " FROM " + quoted(table) + " WHERE "
                + String.join(" AND ", key.stream().map(k -> quoted(k) + " = ?").toList()) + " LIMIT ?").boundStatementBuilder();
        for (int i = 0; i < key.size(); i++) {
            rows.setBytesUnsafe(i, partition.keyBytes.get(i));
        }
        return rows.setInt(key.size(), SIZED).build();
    }

    /**
     * The TTL the partition's first rows were written with ({@code USING TTL}, or the table's default
     * applied at write): the longest one left, rounded up to the hour, and to the day past a day, as
     * a row written a while ago has less left than it was given. Zero when a row holds a value
     * written without one; empty when no regular column can tell (none of one cell, or all null).
     */
    private static Optional<Duration> writtenTtl(CqlSession session, String table, List<Row> columns, List<String> key,
                                                 Counted partition) {
        List<String> cells = columns.stream().filter(c -> c.getString("kind").equals("regular"))
                .filter(c -> ONE_CELL.contains(c.getString("type")) || c.getString("type").startsWith("frozen<"))
                .map(c -> quoted(c.getString("column_name"))).toList();
        if (cells.isEmpty()) {
            return Optional.empty();
        }
        // Each column beside its TTL: a value with no TTL is a row kept until deleted, a null says nothing.
        String selected = String.join(", ", cells.stream().map(c -> c + ", TTL(" + c + ")").toList());
        Optional<Duration> longest = Optional.empty();
        for (Row row : session.execute(firstRows(session, table, selected, key, partition))) {
            for (int i = 0; i < cells.size(); i++) {
                if (row.getBytesUnsafe(2 * i) == null) {
                    continue;
                }
                if (row.isNull(2 * i + 1)) {
                    return Optional.of(Duration.ZERO);
                }
                Duration left = Duration.ofSeconds(row.getInt(2 * i + 1));
                longest = Optional.of(longest.filter(l -> l.compareTo(left) >= 0).orElse(left));
            }
        }
        return longest.map(LargestPartition::roundedUp);
    }

    /** Up to the hour, and past a day up to the day: "3 days" for 2 days 23 hours left. */
    static Duration roundedUp(Duration left) {
        Duration hours = Duration.ofHours((left.toSeconds() + 3_599) / 3_600);
        return hours.toHours() <= 24 ? hours : Duration.ofDays((hours.toHours() + 23) / 24);
    }

    /** One partition as its rows go by: its key, its rows, its oldest and newest time. */
    private static final class Counted {
        private final List<ByteBuffer> keyBytes = new ArrayList<>();
        private final List<String> keyText = new ArrayList<>();
        private long rows;
        private Instant oldest;
        private Instant newest;

        Counted() {}

        Counted(Row row, int keyColumns) {
            for (int i = 0; i < keyColumns; i++) {
                keyBytes.add(row.getBytesUnsafe(i));
                keyText.add(String.valueOf(row.getObject(i)));
            }
        }

        boolean holds(Row row, int keyColumns) {
            for (int i = 0; i < keyColumns; i++) {
                if (!Objects.equals(keyBytes.get(i), row.getBytesUnsafe(i))) {
                    return false;
                }
            }
            return true;
        }

        void add(Instant at) {
            rows++;
            if (at != null) {
                oldest = oldest == null || at.isBefore(oldest) ? at : oldest;
                newest = newest == null || at.isAfter(newest) ? at : newest;
            }
        }

        /** The one with more rows; the first when they hold as many. */
        static Counted larger(Counted so, Counted next) {
            return next == null || next.rows <= so.rows ? so : next;
        }
    }

    /** Rows a day over the span between the oldest and the newest: none when they are the same instant. */
    static OptionalDouble rate(long rows, long oldestMillis, long newestMillis) {
        long span = newestMillis - oldestMillis;
        return rows < 2 || span <= 0 ? OptionalDouble.empty()
                : OptionalDouble.of((rows - 1) * (double) Duration.ofDays(1).toMillis() / span);
    }

    /** A partition key column that holds a time, or by its name a bucket of one. */
    private static String bucket(List<Row> columns) {
        return columns.stream().filter(c -> c.getString("kind").equals("partition_key"))
                .filter(c -> TIMES.contains(c.getString("type"))
                        || BUCKET_NAMES.stream().anyMatch(c.getString("column_name").toLowerCase(Locale.ROOT)::contains))
                .map(c -> c.getString("column_name")).findFirst().orElse(null);
    }

    private static Duration ttl(CqlSession session, String keyspace, String table) {
        Row row = session.execute(session.prepare(
                "SELECT default_time_to_live FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?")
                .bind(keyspace, table)).one();
        return row == null ? Duration.ZERO : Duration.ofSeconds(row.getInt(0));
    }

    private static List<String> ordered(List<Row> columns, String kind) {
        return columns.stream().filter(c -> c.getString("kind").equals(kind))
                .sorted(Comparator.comparingInt(c -> c.getInt("position"))).map(c -> c.getString("column_name")).toList();
    }

    private static String quoted(String name) {
        return CqlIdentifier.fromInternal(name).asCql(true);
    }
}
