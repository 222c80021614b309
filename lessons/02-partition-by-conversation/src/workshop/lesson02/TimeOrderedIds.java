package workshop.lesson02;

import java.time.Clock;

/**
 * Exercise 02, part 1: Snowflake-style ids. A 64-bit id holds the milliseconds since
 * {@link #EPOCH_MILLIS} in its high bits (id >> 22), then 10 bits of worker number and 12 bits of
 * sequence. Ids must be unique even when many threads ask in the same millisecond, and must sort
 * in time order, even when the clock steps back (NTP corrects it, a paused VM resumes).
 */
public class TimeOrderedIds {

    /** Discord's epoch, 2015-01-01T00:00:00Z. */
    public static final long EPOCH_MILLIS = 1420070400000L;

    /** Ids from the system clock. */
    public TimeOrderedIds(int worker) {
        this(worker, Clock.systemUTC());
    }

    /**
     * Ids from the given clock (the tests pass one they can step back).
     *
     * @throws IllegalArgumentException when worker is outside 0..1023
     */
    public TimeOrderedIds(int worker, Clock clock) {
        // TODO: validate and remember the worker number and the clock
        throw new UnsupportedOperationException("TODO: validate the worker number");
    }

    /** A new id, greater than every id this instance returned before; safe to call from many threads. */
    public long next() {
        // TODO: clock.millis() in the high bits, then worker, then a sequence for ids in the same millisecond
        throw new UnsupportedOperationException("TODO: build a time-ordered id");
    }

    /** The wall-clock millisecond an id was made in (epoch milliseconds). */
    public static long millisOf(long id) {
        // TODO: undo the shift and add the epoch back
        throw new UnsupportedOperationException("TODO: decode the millisecond");
    }
}
