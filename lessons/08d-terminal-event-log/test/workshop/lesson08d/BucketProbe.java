package workshop.lesson08d;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import workshop.testkit.PartitionSpans;

/**
 * A terminal of its own, logged through E3 over the 60 days before the sample's now, denser toward
 * now (every 6 hours, then every hour for the last 3 days, every 15 minutes for the last one):
 * how far apart in time the rows of one partition lie shows how wide the design's buckets are,
 * whatever their names, from a quarter of an hour up to a month.
 */
final class BucketProbe {

    static final String TERMINAL = "t-probe-1";
    static final String MERCHANT = "m-probe";
    /** A terminal's day at the brief's sizes, and a merchant's: what one partition gathers a day. */
    static final long TERMINAL_BYTES_A_DAY = (long) TerminalEvents.BUSIEST_TERMINAL_PER_DAY * TerminalEvents.EVENT_BYTES;
    static final long MERCHANT_BYTES_A_DAY = TERMINAL_BYTES_A_DAY * TerminalEvents.MOST_TERMINALS_PER_MERCHANT;
    static final long MOST_BYTES = 100_000_000L;

    private final Map<String, Instant> timeOfId = new LinkedHashMap<>();

    private BucketProbe() {}

    /** Logs the probe's events through the design's own E3. */
    static BucketProbe logged(EventLog log) {
        BucketProbe probe = new BucketProbe();
        Instant now = TerminalEvents.NOW;
        Instant at = now.minus(Duration.ofDays(60));
        while (at.isBefore(now)) {
            String id = String.format("ev-probe-%05d", probe.timeOfId.size());
            log.record(new TerminalEvent(TERMINAL, MERCHANT, at, id, TerminalEvent.Kind.HEARTBEAT, 0));
            probe.timeOfId.put(id, at);
            Duration age = Duration.between(at, now);
            at = at.plus(age.compareTo(Duration.ofDays(3)) > 0 ? Duration.ofHours(6)
                    : age.compareTo(Duration.ofDays(1)) > 0 ? Duration.ofHours(1) : Duration.ofMinutes(15));
        }
        return probe;
    }

    /** The table's partitions holding the probe's events, the widest in time first. */
    List<PartitionSpans.Span> spans(CqlSession session, String table) {
        return PartitionSpans.of(session, table, timeOfId);
    }

    /** What a partition keyed by this owner gathers in a day at the brief's sizes: a terminal's, or a merchant's 20. */
    static long bytesADay(PartitionSpans.Span span) {
        return span.key().contains(TERMINAL) ? TERMINAL_BYTES_A_DAY : MERCHANT_BYTES_A_DAY;
    }

    /** What the partition holds at the brief's sizes over the time its rows are known to cover. */
    static long bytesAtTheBriefsSizes(PartitionSpans.Span span) {
        return bytesADay(span) * span.width().toMillis() / Duration.ofDays(1).toMillis();
    }

    /** "6 days 18 h", "23 h 45 min", "45 min". */
    static String describe(Duration span) {
        String days = span.toDays() == 0 ? "" : span.toDays() + (span.toDays() == 1 ? " day " : " days ");
        String hours = span.toHoursPart() == 0 ? "" : span.toHoursPart() + " h ";
        String minutes = span.toMinutesPart() == 0 ? "" : span.toMinutesPart() + " min";
        String all = (days + hours + minutes).strip();
        return all.isEmpty() ? "less than a minute" : all;
    }
}
