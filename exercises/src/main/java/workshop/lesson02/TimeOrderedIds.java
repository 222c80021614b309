package workshop.lesson02;

/**
 * Exercise 02, part 1: Snowflake-style ids. A 64-bit id holds the milliseconds since
 * {@link #EPOCH_MILLIS} in its high bits (id >> 22), then 10 bits of worker number and 12 bits of
 * sequence. Ids must be unique even when many threads ask in the same millisecond, and must sort
 * in time order.
 */
public class TimeOrderedIds {

    /** Discord's epoch, 2015-01-01T00:00:00Z. */
    public static final long EPOCH_MILLIS = 1420070400000L;

    /** @throws IllegalArgumentException when worker is outside 0..1023 */
    public TimeOrderedIds(int worker) {
        // TODO: validate and remember the worker number
        throw new UnsupportedOperationException("TODO: validate the worker number");
    }

    /** A new id, greater than every id this instance returned before; safe to call from many threads. */
    public long next() {
        // TODO: time in the high bits, then worker, then a sequence for ids in the same millisecond
        throw new UnsupportedOperationException("TODO: build a time-ordered id");
    }

    /** The wall-clock millisecond an id was made in (epoch milliseconds). */
    public static long millisOf(long id) {
        // TODO: undo the shift and add the epoch back
        throw new UnsupportedOperationException("TODO: decode the millisecond");
    }
}
