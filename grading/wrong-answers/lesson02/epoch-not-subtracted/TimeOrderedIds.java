package workshop.lesson02;

/** Millisecond, worker and sequence, kept in fields: the sequence counts ids within a millisecond. */
public class TimeOrderedIds {

    public static final long EPOCH_MILLIS = 1420070400000L;

    private final long worker;
    private long lastMillis = -1;
    private long sequence;

    public TimeOrderedIds(int worker) {
        if (worker < 0 || worker > 1023) {
            throw new IllegalArgumentException("worker must be between 0 and 1023, was " + worker);
        }
        this.worker = worker;
    }

    public synchronized long next() {
        long millis = System.currentTimeMillis();
        if (millis == lastMillis) {
            sequence++;
            if (sequence > 4095) {
                while (millis <= lastMillis) {
                    millis = System.currentTimeMillis();
                }
                sequence = 0;
            }
        } else {
            sequence = 0;
        }
        lastMillis = millis;
        return millis << 22 | worker << 12 | sequence;
    }

    public static long millisOf(long id) {
        return id >> 22;
    }
}
