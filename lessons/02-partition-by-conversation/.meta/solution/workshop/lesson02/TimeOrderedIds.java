package workshop.lesson02;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reference solution: the last id handed out is the whole state. The next id is the current
 * millisecond's first id for this worker, or the last id plus one if that is not greater, so
 * ids never repeat and never go back, even if the clock does. A compare-and-set keeps it lock-free.
 */
public class TimeOrderedIds {

    public static final long EPOCH_MILLIS = 1420070400000L;
    private static final int TIME_SHIFT = 22;
    private static final int WORKER_SHIFT = 12;
    private static final long SEQUENCE_MASK = (1L << WORKER_SHIFT) - 1;

    private final long workerBits;
    private final Clock clock;
    private final AtomicLong last = new AtomicLong();

    public TimeOrderedIds(int worker) {
        this(worker, Clock.systemUTC());
    }

    public TimeOrderedIds(int worker, Clock clock) {
        if (worker < 0 || worker > 1023) {
            throw new IllegalArgumentException("worker must be between 0 and 1023, was " + worker);
        }
        this.workerBits = (long) worker << WORKER_SHIFT;
        this.clock = clock;
    }

    // tag::next[]
    public long next() {
        return last.updateAndGet(previous -> {
            long fromClock = ((clock.millis() - EPOCH_MILLIS) << TIME_SHIFT) | workerBits;
            if (fromClock > previous) {
                return fromClock;
            }
            if ((previous & SEQUENCE_MASK) < SEQUENCE_MASK) {
                return previous + 1;
            }
            // This millisecond's 4,096 sequence numbers are spent: move to the next millisecond.
            return (((previous >> TIME_SHIFT) + 1) << TIME_SHIFT) | workerBits;
        });
    }
    // end::next[]

    public static long millisOf(long id) {
        return (id >> TIME_SHIFT) + EPOCH_MILLIS;
    }
}
