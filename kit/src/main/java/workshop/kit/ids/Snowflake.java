package workshop.kit.ids;

import java.time.Clock;
import java.time.Instant;

/**
 * Time-ordered 64-bit ids in Discord's layout: milliseconds since 2015-01-01 in the high bits,
 * then 10 bits of worker and 12 bits of sequence. Sorting ids sorts messages by time, and two
 * messages in the same millisecond still get different ids.
 */
public final class Snowflake {

    /** 2015-01-01T00:00:00Z, Discord's epoch. */
    public static final long EPOCH_MILLIS = 1420070400000L;
    public static final int TIME_SHIFT = 22;
    private static final int WORKER_SHIFT = 12;
    private static final long MAX_SEQUENCE = (1L << WORKER_SHIFT) - 1;

    private final long worker;
    private final Clock clock;
    private long lastMillis = -1;
    private long sequence;

    public Snowflake(int worker) {
        this(worker, Clock.systemUTC());
    }

    public Snowflake(int worker, Clock clock) {
        if (worker < 0 || worker > 1023) {
            throw new IllegalArgumentException("worker must be 0..1023, was " + worker);
        }
        this.worker = worker;
        this.clock = clock;
    }

    public synchronized long next() {
        long now = Math.max(clock.millis(), lastMillis); // never step back if the clock does
        if (now == lastMillis) {
            sequence = (sequence + 1) & MAX_SEQUENCE;
            if (sequence == 0) {
                now = lastMillis + 1; // 4,096 ids used up in this millisecond: borrow the next one
            }
        } else {
            sequence = 0;
        }
        lastMillis = now;
        return ((now - EPOCH_MILLIS) << TIME_SHIFT) | (worker << WORKER_SHIFT) | sequence;
    }

    public static long millis(long id) {
        return (id >> TIME_SHIFT) + EPOCH_MILLIS;
    }

    public static Instant instant(long id) {
        return Instant.ofEpochMilli(millis(id));
    }

    /** The smallest id of a given instant: useful as a range bound ("messages since t"). */
    public static long firstIdAt(Instant instant) {
        return (instant.toEpochMilli() - EPOCH_MILLIS) << TIME_SHIFT;
    }
}
