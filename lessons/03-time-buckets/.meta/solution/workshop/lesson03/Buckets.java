package workshop.lesson03;

import java.time.Instant;

/** Reference solution: milliseconds since the epoch, divided into ten-day steps. */
public final class Buckets {

    public static final long EPOCH_MILLIS = 1420070400000L;
    public static final long BUCKET_MILLIS = 10L * 24 * 60 * 60 * 1000;
    private static final int TIME_SHIFT = 22;

    private Buckets() {}

    public static int bucketOf(long messageId) {
        return Math.toIntExact((messageId >> TIME_SHIFT) / BUCKET_MILLIS);
    }

    public static int bucketAt(Instant instant) {
        return Math.toIntExact(Math.floorDiv(instant.toEpochMilli() - EPOCH_MILLIS, BUCKET_MILLIS));
    }
}
