package workshop.lesson08d;

import java.time.Duration;

/** How many buckets of a width a stretch of time can touch, wherever the buckets' edges fall. */
final class PagingBounds {

    private PagingBounds() {}

    /** A stretch of time touches the buckets it covers and one more where an edge cuts it. */
    static long bucketsTouched(Duration stretch, Duration width) {
        if (width.isZero()) {
            throw new IllegalArgumentException("a bucket has a width");
        }
        long whole = stretch.toMillis() / width.toMillis();
        return whole + (stretch.toMillis() % width.toMillis() == 0 ? 0 : 1) + 1;
    }

    /**
     * The bucket width a declared walk implies: a walk of n partitions that covers the days shown
     * has buckets of at least the days shown over n - 1; a walk of one, none at all.
     */
    static Duration widthOfAWalk(int mostPartitions) {
        return mostPartitions <= 1 ? TerminalEvents.KEPT : TerminalEvents.SHOWN.dividedBy(mostPartitions - 1);
    }
}
