package workshop.kit.ids;

import java.time.Instant;
import java.util.stream.LongStream;

/** Snowflake ids for messages sent at even intervals over a stretch of time, as a lesson's made-up history. */
public final class SpreadIds {

    private SpreadIds() {}

    /**
     * {@code count} ids, oldest first, evenly spaced after {@code start} and before {@code end}; at
     * least a millisecond apart, so more ids than milliseconds run past the end.
     */
    public static long[] between(Instant start, Instant end, int count) {
        long step = Math.max(1, (end.toEpochMilli() - start.toEpochMilli()) / (count + 1));
        return LongStream.range(0, count).map(i -> Snowflake.firstIdAt(start.plusMillis(step * (i + 1)))).toArray();
    }
}
