package workshop.kit.catalogue;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How fast one partition a pattern reads grows, declared from the brief's numbers, so the checker
 * can hold it to the rule of thumb before the data exists: a partition fills for its time bucket,
 * or, with no bucket in its key, for as long as the rows are kept (two years when no retention is
 * stated, and the report says so). The same projection judges a rate measured in the sample data.
 * Built as {@code Growth.perDay(16_700, 100).bucketedBy(Duration.ofDays(10))}; a partition that
 * holds a bounded group (a room's amenities) declares its bound: {@code Growth.atMost(40, 120)}.
 *
 * @param rowsPerDay rows one partition gains a day, at its busiest (the big group, the busiest sensor); 0 for a bound
 * @param rowBytes   bytes a row takes, its columns and their overhead
 * @param bucket     the time bucket in the partition key, if it has one
 * @param retention  how long rows are kept (a TTL, a retention job), if stated; two years are assumed otherwise
 * @param most       the most rows a partition ever holds, when the brief bounds it; 0 when it grows with time
 * @param keptBy     where a retention the checker measured comes from, in words ("rows written with a TTL of
 *                   3 days"); empty when the brief states it
 */
public record Growth(double rowsPerDay, int rowBytes, Optional<Duration> bucket, Optional<Duration> retention, long most,
                     String keptBy) {

    /** A common Cassandra rule of thumb for one partition: past it, reads, compaction and repair suffer. */
    public static final long MOST_BYTES = 100_000_000;
    /** The same rule of thumb counted in rows. */
    public static final long MOST_ROWS = 100_000;
    static final Duration TWO_YEARS = Duration.ofDays(730);

    /** Buckets the advice chooses from, widest first: the widest that keeps a partition under the rule. */
    private static final List<Duration> BUCKETS = List.of(Duration.ofDays(30), Duration.ofDays(10), Duration.ofDays(7),
            Duration.ofDays(1), Duration.ofHours(1));

    public Growth {
        if (!(rowsPerDay > 0 || most > 0) || rowBytes < 1) {
            throw new IllegalArgumentException("a growing partition gains rows of some size: rows a day and bytes a row above zero");
        }
        Objects.requireNonNull(keptBy, "keptBy");
        if (bucket.isPresent() && !positive(bucket.get()) || retention.isPresent() && !positive(retention.get())) {
            throw new IllegalArgumentException("a bucket and a retention are spans of time above zero");
        }
    }

    private static boolean positive(Duration span) {
        return !span.isNegative() && !span.isZero();
    }

    public static Growth perDay(double rows, int rowBytes) {
        return new Growth(rows, rowBytes, Optional.empty(), Optional.empty(), 0, "");
    }

    /**
     * A partition that holds a bounded group, never more than this many rows however long it lives
     * (a room's amenities, a hotel's nearby sights): the bound the brief gives, held to the rule.
     */
    public static Growth atMost(long rows, int rowBytes) {
        if (rows < 1) {
            throw new IllegalArgumentException("a bounded partition holds at least one row");
        }
        return new Growth(0, rowBytes, Optional.empty(), Optional.empty(), rows, "");
    }

    /** A month counted as 30 days, as the briefs count it. */
    public static Growth perMonth(double rows, int rowBytes) {
        return perDay(rows / 30, rowBytes);
    }

    /** The partition key holds a time bucket this wide: a partition stops growing when its bucket ends. */
    public Growth bucketedBy(Duration width) {
        return new Growth(rowsPerDay, rowBytes, Optional.of(width), retention, most, keptBy);
    }

    /** Rows older than this are deleted (a TTL): no partition outlives it. */
    public Growth keptFor(Duration retention) {
        return keptFor(retention, "");
    }

    /** A retention the checker measured, with the words that say where it comes from: "rows written with a TTL of 3 days". */
    Growth keptFor(Duration retention, String keptBy) {
        return new Growth(rowsPerDay, rowBytes, bucket, Optional.of(retention), most, keptBy);
    }

    /** How long rows are kept: the stated retention, or two years. */
    public Duration kept() {
        return retention.orElse(TWO_YEARS);
    }

    /** How long one partition keeps filling: its bucket, or the retention when that is shorter or there is none. */
    public Duration filling() {
        return bucket.filter(b -> b.compareTo(kept()) < 0).orElse(kept());
    }

    public long rows() {
        return most > 0 ? most : Math.round(rowsPerDay * filling().toSeconds() / Duration.ofDays(1).toSeconds());
    }

    public long bytes() {
        return rows() * rowBytes;
    }

    /**
     * Whole days of this growth one partition holds within the rule of thumb, by rows and by bytes,
     * whichever fills first: the widest bucket, or the longest TTL, that keeps it under.
     */
    public long daysWithinTheRule() {
        return (long) Math.floor(Math.min(MOST_ROWS / rowsPerDay, MOST_BYTES / (rowsPerDay * rowBytes)));
    }

    /** Past the rule of thumb by either measure: 100,000 rows or 100 MB. */
    public boolean tooBig() {
        return rows() > MOST_ROWS || bytes() > MOST_BYTES;
    }

    /** The widest bucket that keeps one partition under both rules of thumb, if even an hour does; none for a bound. */
    public Optional<Duration> boundingBucket() {
        return most > 0 ? Optional.empty() : BUCKETS.stream().map(width -> bucketedBy(width).keptFor(TWO_YEARS))
                .filter(bucketed -> !bucketed.tooBig()).map(bucketed -> bucketed.bucket().orElseThrow()).findFirst();
    }

    /** What bounds a partition, in words: "a 10-day bucket", "no time bucket, rows kept 2 years, as no retention is stated". */
    String bound() {
        if (most > 0) {
            return "a declared bound";
        }
        if (bucket.isPresent() && bucket.get().compareTo(kept()) < 0) {
            return "a " + bucketName(bucket.get()) + " bucket";
        }
        return bucket.isPresent() ? retained() + ", less than its bucket" : "no time bucket, " + retained();
    }

    /**
     * How long rows are kept and why: "rows kept 7 days", "rows written with a TTL of 3 days",
     * "rows kept 60 days by the table's default TTL", "rows kept 2 years, as no retention is stated".
     */
    String retained() {
        if (retention.isEmpty()) {
            return "rows kept " + length(kept()) + ", as no retention is stated";
        }
        return keptBy.isEmpty() ? "rows kept " + length(kept()) : keptBy;
    }

    /** "10-day", "month", "week", "day", "1-hour": a bucket's width as a name. */
    static String bucketName(Duration width) {
        long days = width.toDays();
        return days == 0 ? width.toHours() + "-hour" : days == 30 ? "month" : days == 7 ? "week" : days == 1 ? "day" : days + "-day";
    }

    /** "2 years", "90 days", "12 hours". */
    static String length(Duration span) {
        long days = span.toDays();
        if (days == 0) {
            return span.toHours() + " hours";
        }
        return days % 365 == 0 ? (days / 365 == 1 ? "1 year" : days / 365 + " years") : days + " days";
    }

    /** "1.2 GB", "16.7 MB", "100 MB", "900 KB", "204 bytes": sizes as the rule of thumb is said. */
    static String size(long bytes) {
        if (bytes >= 1_000_000_000) {
            return tenths(bytes / 1e9) + " GB";
        }
        if (bytes < 1_000) {
            return bytes + " bytes";
        }
        return bytes >= 1_000_000 ? tenths(bytes / 1e6) + " MB" : String.format("%,d KB", bytes / 1_000);
    }

    /** "16.7", and "100" rather than "100.0". */
    private static String tenths(double value) {
        return String.format("%.1f", value).replaceAll("\\.0$", "");
    }
}
