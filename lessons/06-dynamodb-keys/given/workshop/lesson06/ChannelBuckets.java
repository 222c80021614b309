package workshop.lesson06;

import java.time.Instant;
import workshop.fixtures.ids.Snowflake;

/**
 * Discord's message buckets, as lesson 03 built them: ten days of snowflake ids per bucket. The
 * bucket comes from the id itself, so finding a message's partition needs no lookup, and a
 * channel whose id is a snowflake has no bucket older than its own. Given.
 */
public final class ChannelBuckets {

    public static final long BUCKET_MILLIS = 10L * 24 * 60 * 60 * 1000;

    private ChannelBuckets() {}

    /** The bucket of a snowflake id. */
    public static long of(long snowflakeId) {
        return (snowflakeId >> Snowflake.TIME_SHIFT) / BUCKET_MILLIS;
    }

    /** The bucket an id made at this instant falls in. */
    public static long at(Instant instant) {
        return (instant.toEpochMilli() - Snowflake.EPOCH_MILLIS) / BUCKET_MILLIS;
    }

    /** When a bucket begins. */
    public static Instant start(long bucket) {
        return Instant.ofEpochMilli(Snowflake.EPOCH_MILLIS + bucket * BUCKET_MILLIS);
    }
}
