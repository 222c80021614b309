package workshop.lesson03;

import java.time.Instant;

/**
 * Exercise 03, part 1: Discord's time bucket. A message id is time-ordered: id >> 22 is the
 * milliseconds since {@link #EPOCH_MILLIS}. A bucket is {@link #BUCKET_MILLIS} of those
 * milliseconds: bucket 0 is the first ten days after the epoch, bucket 1 the next ten, and so on.
 * Because the bucket comes from the id, finding a message's partition needs no lookup.
 */
public final class Buckets {

    /** Discord's epoch, 2015-01-01T00:00:00Z. */
    public static final long EPOCH_MILLIS = 1420070400000L;
    /** Ten days. */
    public static final long BUCKET_MILLIS = 10L * 24 * 60 * 60 * 1000;

    private Buckets() {}

    /** The bucket a message belongs to, from its id alone. */
    public static int bucketOf(long messageId) {
        // TODO: the id's milliseconds since the epoch, in steps of BUCKET_MILLIS
        throw new UnsupportedOperationException("TODO: the bucket of a message id");
    }

    /** The bucket a moment falls in: where a message sent then is written, and where Q1 starts. */
    public static int bucketAt(Instant instant) {
        // TODO: the same steps, counted from the epoch to this instant
        throw new UnsupportedOperationException("TODO: the bucket of an instant");
    }
}
